// What the server log may hold: errors and requests pass through these serializers, so a failed query's
// parameters (password hashes, e-mail addresses, session token hashes), one-time tokens in URLs, cookies and
// authorization headers never reach it. See docs/decisions/017-logs-and-bad-input.md.
import type { FastifyRequest } from 'fastify'

const HIDDEN = '[redacted]'

// An e-mail address keeps its first character and its domain: enough to tell two apart while debugging.
const EMAIL = /([\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*@([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu
// Password hashes of any modular crypt format ($argon2id$v=19$m=...$salt$hash, $2b$..., $scrypt$...).
const CRYPT_HASH = /\$(?:argon2(?:id|i|d)|2[abxy]?|scrypt|pbkdf2[\w-]*|[156])\$[^\s'",)\]}]+/g
// Secrets passed as name=value in URLs, cookies or messages: one-time tokens, session ids, passwords, keys.
const NAMED_SECRET = /\b(token|sid|session|password|password_repeat|passwd|secret|auth|authorization|p256dh|key|code)=([^&\s;,'"]+)/gi
// Bearer credentials.
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g
// Long random strings: session and one-time tokens (43 base64url characters) and their sha256 (64 hex).
const RANDOM_TOKEN = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g
// node-postgres and Drizzle put a failed query's parameters into the message ("params: a,b,c") and the
// detail ("Key (lower(email))=(x@y.z) already exists."): both are dropped, whatever they held.
const PARAMS_LINE = /\bparams:[^\n]*/g
const KEY_DETAIL = /\bKey \((.*?)\)=\(.*?\)( already exists| is not present| conflicts)/g

/** A text with every secret this project knows of masked (safe to log). */
export function redactText(text: string): string {
  return text
    .replace(PARAMS_LINE, `params: ${HIDDEN}`)
    .replace(KEY_DETAIL, `Key ($1)=(${HIDDEN})$2`)
    .replace(CRYPT_HASH, HIDDEN)
    .replace(BEARER, `$1 ${HIDDEN}`)
    .replace(NAMED_SECRET, `$1=${HIDDEN}`)
    .replace(EMAIL, '$1***@$2')
    .replace(RANDOM_TOKEN, HIDDEN)
}

// Fields of pg / PGlite / Drizzle errors worth logging; anything else (params, where, internalQuery, the
// query's values) is left out.
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'errno', 'syscall'] as const

export interface SerializedError {
  type: string
  message: string
  stack: string
  query?: string
  detail?: string
  cause?: SerializedError
  [field: string]: unknown
}

/** The log form of an error: type, redacted message and stack, safe database fields, the cause (4 deep). */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) return { type: typeof err, message: redactText(String(err)), stack: '' }
  const e = err as Error & Record<string, unknown>
  const out: SerializedError = { type: e.constructor?.name ?? 'Error', message: redactText(String(e.message ?? '')), stack: typeof e.stack === 'string' ? redactText(e.stack) : '' }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = e[field]
    if (typeof value === 'string' || typeof value === 'number') out[field] = typeof value === 'string' ? redactText(value) : value
  }
  // The query text has placeholders ($1), never values; redacted anyway in case a value was inlined.
  if (typeof e.query === 'string') out.query = redactText(e.query).slice(0, 2000)
  if (typeof e.detail === 'string') out.detail = redactText(e.detail)
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1)
  return out
}

/** A request as logged: method, URL with secrets masked, host and client address; never headers or cookies. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactText(req.url ?? ''),
    host: req.headers?.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

/** Pino options of the server log: the serializers above, and headers that may carry secrets censored. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    hooks: {
      // pino takes an Error's own message as the line's msg: the message is redacted like any text argument.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        if (args[0] instanceof Error) args = [{ err: args[0] }, typeof args[1] === 'string' ? args[1] : args[0].message, ...args.slice(2)]
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)))
      },
    },
    // Should a header object ever be logged: its credentials never are.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', 'res.headers["set-cookie"]', 'headers["set-cookie"]'],
      censor: HIDDEN,
    },
  }
}
