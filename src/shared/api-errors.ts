// The one error shape of the API and the codes every endpoint may answer with. An endpoint's own codes
// (swipe_limit, signup_required, ...) are listed in its definition's `errors`; these are the rest, produced by the
// HTTP core (src/server/app.server.ts, src/server/endpoint.server.ts). Decision: docs/decisions/016-endpoint-contracts.md.
import { z } from 'zod'

/** Codes the core answers with on any endpoint (never Fastify's internal FST_* codes). */
export const COMMON_ERROR_CODES = [
  /** 400: a field is wrong; `fields` says which and what is wrong with it. */
  'invalid_input',
  /** 400: the body is not JSON (or not valid JSON). */
  'invalid_json',
  /** 413: the body is larger than the server accepts. */
  'payload_too_large',
  /** 415: a content type the endpoint does not read. */
  'unsupported_media_type',
  /** 403: a state-changing request from another origin. */
  'forbidden_origin',
  /** 404: no such address (or no such thing behind it). */
  'not_found',
  /** 404: the Host is not one of the tenants. */
  'unknown_host',
  /** 405 and other request-level 4xx without a better code. */
  'bad_request',
  /** 409: a unique rule lost to a parallel request (the same signup twice, ...). */
  'conflict',
  /** 429 */
  'too_many_requests',
  /** 503 with Retry-After: the tenant is switched off for maintenance (docs/decisions/027). */
  'maintenance',
  /** 500: a bug or an outage; the message is generic. */
  'internal',
] as const

/**
 * Codes of the session requirement: `member` and `staff` endpoints (see SessionRequirement). account_banned: the
 * member's session belongs to an account staff banned (with authentication_required: true and ban_page).
 */
export const SESSION_ERROR_CODES = ['authentication_required', 'account_banned', 'forbidden'] as const

export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number] | (typeof SESSION_ERROR_CODES)[number]

/**
 * Every error answer: a stable machine code, a message in the request's language, per-field messages for
 * invalid_input, and flags some codes carry (authentication_required: true, signup: true, resets_at, ...).
 */
export const apiErrorSchema = z.looseObject({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  authentication_required: z.boolean().optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

/**
 * A refusal with the one error shape: thrown by handlers and feature logic, answered by the HTTP core's error handler
 * (`{ error: code, message, fields?, ...extra }`). Lives here, not in src/server, so features throw it without
 * importing the core (decision 036 addendum).
 */
export class ApiError extends Error {
  constructor(
    public statusCode: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
    public extra?: Record<string, unknown>,
    /** Response headers of the refusal (Retry-After of a 429). */
    public headers?: Record<string, string>,
  ) {
    super(message)
  }
}
