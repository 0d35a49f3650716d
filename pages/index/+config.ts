// https://vike.dev/config: the landing page runs its JavaScript for a visitor once they act (decision 052).
export default { hydration: 'intent' }
