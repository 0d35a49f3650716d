// What a PostgreSQL error means, for the core (src/server/input-guard.server.ts turns request-caused ones into 4xx)
// and for features that lose a unique rule to a parallel request.

/** PostgreSQL's error code of an error or of its cause (Drizzle wraps driver errors). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
  }
  return undefined
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505'
