// https://vike.dev/config: the landers (SPEC.md section 2) in the lander layout; the title comes from +data.
export default { layout: 'lander' }
