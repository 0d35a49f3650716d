// Valtio stores, read the same way on the server and in the browser, at a server render's price.
//
// In the browser a component reads a store through a snapshot (`useSnapshot`): a frozen copy per change, and a
// tracking proxy per render so that it re-renders when what it read changes. A server render happens once and never
// re-renders, so none of that is needed there: it read about 6% of a member page's CPU (valtio and proxy-compare, a
// V8 profile of /chats/{id} under bench/members, decision 042, seventh addendum). On the server the store is its own
// snapshot, and a store made for one request is a plain object.
// eslint-disable-next-line no-restricted-imports -- the one wrapper of useSnapshot
import { proxy, useSnapshot } from 'valtio'

/** Where React renders once, to a string: there is no window. */
const onServer = typeof window === 'undefined'

/**
 * A store made for one render tree (one request on the server, one mounted component in the browser): a Valtio proxy in
 * the browser, the object itself on the server (mutations there, made before the render reads them, still show).
 * Stores of a module (one per tab) stay `proxy(...)`: made once, they cost nothing per request.
 */
export function createStore<T extends object>(initial: T): T {
  return onServer ? initial : proxy(initial)
}

/**
 * A render's view of a store: `useSnapshot` in the browser; on the server the store itself (no copy, no tracking), since
 * a server render reads it once. The branch never changes within one runtime, so the hooks' order is stable.
 */
export const useStoreSnapshot: typeof useSnapshot = onServer ? (store) => store as ReturnType<typeof useSnapshot<typeof store>> : useSnapshot
