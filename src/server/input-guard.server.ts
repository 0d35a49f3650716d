// Input every endpoint refuses before its own validation, and database errors that input caused. See
// docs/decisions/017-logs-and-bad-input.md.
import type { FastifyRequest } from 'fastify'
import type { i18n as I18n } from 'i18next'
import { ApiError } from './context.server'
import { sqlState } from '../db/sql-errors'

const MAX_DEPTH = 64

/**
 * The path (a.b.0) of the first string or key holding a NUL character, or undefined. PostgreSQL stores no NUL
 * in text or jsonb, so such a value would fail in the database as a 500; it is refused at the edge instead.
 */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.') || '_'
    const found = nulPath(child, [...path, key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** preValidation hook: a NUL character in the query, the path parameters or the body is a 400 naming the field. */
export async function refuseNul(req: FastifyRequest) {
  // Files (media, catalogues) have no request context and reach no database.
  if (!req.ctx) return
  for (const part of [req.params, req.query, req.body]) {
    const field = nulPath(part)
    if (field !== undefined) {
      const t = req.ctx.t
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { [field]: t('validation.invalid_character') })
    }
  }
}

// The error codes' meaning lives with the database (features use it too); re-exported for the core.
export { isUniqueViolation, sqlState } from '../db/sql-errors'

// Data exceptions only input can cause: bad encoding or NUL, a date or number out of range, a value of the
// wrong form. The edge refuses these first; this is the net for an input form it does not know yet.
const INPUT_STATES = new Set(['22021', '22P05', '22007', '22008', '22003', '22P02', '22001'])

/**
 * The API error for a database error caused by the request (a unique rule lost to a parallel request: 409;
 * a value the database cannot hold: 400), or undefined for a real failure.
 */
export function apiErrorOfDatabase(err: unknown, t: I18n['t']): ApiError | undefined {
  const state = sqlState(err)
  if (state === '23505') return new ApiError(409, 'conflict', t('errors.conflict'))
  if (state && INPUT_STATES.has(state)) return new ApiError(400, 'invalid_input', t('errors.invalid_input'))
  return undefined
}
