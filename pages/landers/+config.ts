// https://vike.dev/config: the landers (SPEC.md section 2) in the lander layout; the title comes from +data. A
// visitor's lander runs its JavaScript once they act (decision 052).
export default { layout: 'lander', hydration: 'intent' }
