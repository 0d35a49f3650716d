/**
 * The event the page shell dispatches on the document once the first render has committed (the page is hydrated):
 * the inline loader of a deferred page (src/server/deferred-hydration.server.ts) listens for it to replay a tap or
 * submit it held before (decision 041, addendum 3).
 */
export const HYDRATED_EVENT = 'app:hydrated'
