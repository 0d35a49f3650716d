// The chunk-reload guard (SPEC.md section 9: 60 s). After a deploy the browser may ask for a page chunk that no
// longer exists ("Failed to fetch dynamically imported module"); one full reload fetches the new HTML and chunks.
// A timestamp in sessionStorage allows at most one such reload per 60 s, so a chunk that stays missing never
// makes the page reload in a loop.
export const CHUNK_RELOAD_KEY = 'chunk-reload-at'
export const CHUNK_RELOAD_INTERVAL_MS = 60_000

const CHUNK_ERROR = [
  'failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'importing a module script failed', // Safari
  'unable to preload css',
]

/** Whether an error is a failed load of a code chunk (not an error inside one). */
export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : ''
  const lower = message.toLowerCase()
  return CHUNK_ERROR.some((m) => lower.includes(m))
}

export interface GuardEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  now: () => number
  reload: () => void
}

/** Reloads once for a chunk error unless a reload happened less than 60 s ago; says whether it reloaded. */
export function reloadForChunkError(err: unknown, env: GuardEnv): boolean {
  if (!isChunkLoadError(err)) return false
  let last = NaN
  try {
    last = Number(env.storage?.getItem(CHUNK_RELOAD_KEY))
  } catch {
    // Storage refused (private mode): without a timestamp there is no loop protection, so no reload either.
    return false
  }
  if (!env.storage) return false
  const now = env.now()
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false
  try {
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    return false
  }
  env.reload()
  return true
}

let installed = false

/**
 * Listens for chunk load failures in the browser: Vite's vite:preloadError and unhandled rejections of import().
 * Vike itself falls back to a full page load when a page's own files fail during a client navigation; this catches
 * the rest (chunks imported later, and failures after that fallback), within the 60 s limit.
 */
export function installChunkReloadGuard(win: Window = window) {
  if (installed) return
  installed = true
  const env: GuardEnv = {
    storage: safeSessionStorage(win),
    now: () => Date.now(),
    reload: () => win.location.reload(),
  }
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError((event as Event & { payload?: unknown }).payload, env)) event.preventDefault()
  })
  win.addEventListener('unhandledrejection', (event) => {
    if (reloadForChunkError(event.reason, env)) event.preventDefault()
  })
  win.addEventListener('error', (event) => {
    reloadForChunkError(event.error ?? event.message, env)
  })
}

function safeSessionStorage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage
  } catch {
    return undefined
  }
}
