// The one HTTP client of the browser: JSON, retries with exponential delay, the 403 authentication_required rule
// of SPEC.md section 8, and the generic 'Er is een fout opgetreden, probeer het later opnieuw.' (errors.generic, in
// the page's language) as the message of anything unexpected: a network failure after the retries, a 5xx, an answer
// that is not the API's error shape. Every error it throws is an HttpError with a message fit to show, or
// SilentAbort (the member was logged out), which the page ignores.

export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
    public body?: Record<string, unknown>,
  ) {
    super(message)
  }
}

/** Thrown when a request was aborted silently (the member was logged out). Callers ignore it. */
export class SilentAbort extends Error {}

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  body?: unknown
  /** A multipart body instead of JSON (the upload endpoints, whose definitions take a file, not a JSON body). */
  form?: FormData
  /** Retries for network errors and 502/503/504 on idempotent requests (SPEC.md section 7: 5). */
  retries?: number
  fetchImpl?: typeof fetch
  sleep?: (ms: number) => Promise<void>
}

let onAuthenticationRequired: ((refusal: { banned: boolean }) => void) | undefined
/**
 * Registers what happens when a member-only call answers 403 with authentication_required: true (banned: the
 * answer was account_banned, the member's account was banned by staff).
 */
export function setAuthenticationRequiredHandler(fn: (refusal: { banned: boolean }) => void) {
  onAuthenticationRequired = fn
}

let endedSession = false
/**
 * Loads `href` after the member ended their own session (logout, a deleted account). Calls still in flight then
 * answer authentication_required, as they should; they no longer send the member to the login page instead of
 * `href` (the later navigation would win).
 */
export function leaveAfterSessionEnd(href: string) {
  endedSession = true
  window.location.href = href
}

let genericMessage: () => string = () => 'Er is een fout opgetreden, probeer het later opnieuw.'
/** Registers the generic error text of the page's language (the renderer passes i18next's errors.generic). */
export function setGenericErrorMessage(fn: () => string) {
  genericMessage = fn
}

/** The HTTP status of a network failure (no answer at all). */
export const NETWORK_ERROR_STATUS = 0

let silentAbortsIgnored = false
/** A SilentAbort nobody caught is not an error of the page: keep it out of the console and error reporting. */
export function ignoreUncaughtSilentAborts(win: Window = window) {
  if (silentAbortsIgnored) return
  silentAbortsIgnored = true
  win.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof SilentAbort) event.preventDefault()
  })
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

export async function http<T>(url: string, opts: HttpOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET'
  const doFetch = opts.fetchImpl ?? fetch
  const sleep = opts.sleep ?? wait
  // Retried: the safe and idempotent methods, which may reach the server twice without harm (never POST or PATCH).
  const idempotent = method === 'GET' || method === 'PUT' || method === 'DELETE'
  const retries = opts.retries ?? (idempotent ? 5 : 0)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json'
  const body = opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  if (url.startsWith('/api/user.php')) headers['X-Request-Type'] = 'client'

  for (let attempt = 0; ; attempt++) {
    let res: Response
    try {
      res = await doFetch(url, { method, headers, credentials: 'same-origin', body })
    } catch {
      if (attempt < retries) {
        await sleep(200 * 2 ** attempt)
        continue
      }
      throw new HttpError(NETWORK_ERROR_STATUS, 'network', genericMessage())
    }
    if ([502, 503, 504].includes(res.status) && attempt < retries) {
      await sleep(200 * 2 ** attempt)
      continue
    }
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (res.ok) return data as T
    if (res.status === 403 && data.authentication_required && !url.startsWith('/api/user.php')) {
      if (!endedSession) onAuthenticationRequired?.({ banned: data.error === 'account_banned' })
      throw new SilentAbort('authentication_required')
    }
    // An answer in the API's error shape (a code and a translated message) is shown as it is; anything else (a proxy's
    // 502 page, an empty body) gets the generic text.
    const apiRefusal = typeof data.error === 'string' && typeof data.message === 'string' && data.message !== ''
    const message = apiRefusal ? String(data.message) : genericMessage()
    throw new HttpError(res.status, String(data.error ?? (res.status >= 500 ? 'internal' : 'error')), message, data.fields as Record<string, string> | undefined, data)
  }
}

/**
 * A static JSON file of the site (the UI catalogue the page hydrates with), through the same client: the retries
 * with exponential delay for a network failure or a 502/503/504, and an HttpError for anything else.
 */
export function getStaticJson<T>(url: string, opts: Pick<HttpOptions, 'fetchImpl' | 'sleep'> = {}): Promise<T> {
  return http<T>(url, opts)
}
