// The one HTTP client of the browser: JSON, retries with exponential delay, and the
// 403 authentication_required rule of SPEC.md section 8.

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

let onAuthenticationRequired: (() => void) | undefined
/** Registers what happens when a member-only call answers 403 authentication_required. */
export function setAuthenticationRequiredHandler(fn: () => void) {
  onAuthenticationRequired = fn
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

export async function http<T>(url: string, opts: HttpOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET'
  const doFetch = opts.fetchImpl ?? fetch
  const sleep = opts.sleep ?? wait
  const idempotent = method !== 'POST'
  const retries = opts.retries ?? (idempotent ? 5 : 0)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json'
  const body = opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  if (url.startsWith('/api/user.php')) headers['X-Request-Type'] = 'client'

  for (let attempt = 0; ; attempt++) {
    let res: Response
    try {
      res = await doFetch(url, { method, headers, credentials: 'same-origin', body })
    } catch (err) {
      if (attempt < retries) {
        await sleep(200 * 2 ** attempt)
        continue
      }
      throw err
    }
    if ([502, 503, 504].includes(res.status) && attempt < retries) {
      await sleep(200 * 2 ** attempt)
      continue
    }
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (res.ok) return data as T
    if (res.status === 403 && data.authentication_required && !url.startsWith('/api/user.php')) {
      onAuthenticationRequired?.()
      throw new SilentAbort('authentication_required')
    }
    throw new HttpError(res.status, String(data.error ?? 'error'), String(data.message ?? ''), data.fields as Record<string, string> | undefined, data)
  }
}
