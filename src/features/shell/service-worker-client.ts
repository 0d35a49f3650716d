// Registers the service worker (public/sw.js, version 2) on every page, so the installed app has its offline page
// from the first visit (push subscriptions register the same worker: src/features/notifications/push-client.ts).
// Once per visit the page asks the worker for a fresh copy of the offline page, in the language now chosen.
export const OFFLINE_REFRESHED_KEY = 'offline-page-refreshed'

let installed = false

export function installServiceWorker(win: Window = window) {
  if (installed) return
  installed = true
  const nav = win.navigator
  // Not in a framed preview (the marketers' gallery) and only where the browser allows a worker.
  if (!('serviceWorker' in nav) || !win.isSecureContext || win.self !== win.top) return
  const register = () => {
    nav.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(async () => {
        let refreshed = false
        try {
          refreshed = win.sessionStorage.getItem(OFFLINE_REFRESHED_KEY) === '1'
          win.sessionStorage.setItem(OFFLINE_REFRESHED_KEY, '1')
        } catch {
          // Storage refused: ask anyway, it is one small request.
        }
        if (refreshed) return
        const registration = await nav.serviceWorker.ready
        registration.active?.postMessage({ type: 'refresh-offline-page' })
      })
      .catch(() => undefined)
  }
  // After the page has loaded, so the worker's own requests never compete with the page's.
  if (win.document.readyState === 'complete') register()
  else win.addEventListener('load', register, { once: true })
}
