// The page-hidden beacon (SPEC.md sections 7 and 9): when the page becomes hidden the browser sends
// POST /api/page-hidden.php with an empty JSON body by navigator.sendBeacon. A visitor who arrived with ?lb=1 has
// page-bounce logging on for the rest of the visit (sessionStorage); then the beacon carries the path and the time
// since the page loaded, in the query (the body stays empty).
/** The endpoint (definition: src/features/shell/endpoints.ts). */
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php'

export const BOUNCE_LOGGING_KEY = 'page-bounce-logging'

export function pageHiddenUrl(opts: { logging: boolean; path: string; msSinceLoad: number }): string {
  if (!opts.logging) return PAGE_HIDDEN_PATH
  const q = new URLSearchParams({ lb: '1', path: opts.path.slice(0, 500), ms: String(Math.max(0, Math.round(opts.msSinceLoad))) })
  return `${PAGE_HIDDEN_PATH}?${q}`
}

let installed = false

export function installPageHiddenBeacon(win: Window = window) {
  if (installed || typeof win.navigator.sendBeacon !== 'function') return
  installed = true
  let logging = false
  try {
    if (new URLSearchParams(win.location.search).get('lb') === '1') win.sessionStorage.setItem(BOUNCE_LOGGING_KEY, '1')
    logging = win.sessionStorage.getItem(BOUNCE_LOGGING_KEY) === '1'
  } catch {
    logging = new URLSearchParams(win.location.search).get('lb') === '1'
  }
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState !== 'hidden') return
    const url = pageHiddenUrl({ logging, path: win.location.pathname, msSinceLoad: win.performance.now() })
    win.navigator.sendBeacon(url, new Blob(['{}'], { type: 'application/json' }))
  })
}
