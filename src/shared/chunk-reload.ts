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

/** Whether the guard reloaded less than 60 s ago (storage readable and a recent timestamp). */
function reloadedRecently(env: GuardEnv): boolean {
  try {
    const last = Number(env.storage?.getItem(CHUNK_RELOAD_KEY))
    return Number.isFinite(last) && last > 0 && env.now() - last < CHUNK_RELOAD_INTERVAL_MS
  } catch {
    return false
  }
}

/**
 * What the guard does with an error: `reloaded` (a chunk error, the first in 60 s), `held` (a chunk error within
 * 60 s of the last reload: nothing else may reload or navigate for it either, so the listener cancels Vite's error,
 * and Vike's fallback of a full page load does not happen; the page shows its error instead) or `passed` (not a
 * chunk error, or no storage for the timestamp: left to Vike's own handling).
 */
export function handleChunkError(err: unknown, env: GuardEnv): 'reloaded' | 'held' | 'passed' {
  if (!isChunkLoadError(err)) return 'passed'
  if (reloadForChunkError(err, env)) return 'reloaded'
  return reloadedRecently(env) ? 'held' : 'passed'
}

let installed = false

/**
 * Listens for chunk load failures in the browser: Vite's vite:preloadError and unhandled rejections of import().
 * Vike itself falls back to a full page load when a page's own files fail during a client navigation; the guard
 * takes that over (Vite's preloadError comes first), so a client navigation reloads at most once per 60 s as well.
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
    if (handleChunkError((event as Event & { payload?: unknown }).payload, env) !== 'passed') event.preventDefault()
  })
  win.addEventListener('unhandledrejection', (event) => {
    if (handleChunkError(event.reason, env) !== 'passed') event.preventDefault()
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
