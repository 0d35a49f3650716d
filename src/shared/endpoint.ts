// One definition per API endpoint: method, path, inputs, answer, session and errors as zod, in one object.
// The server registers it (src/server/endpoint.server.ts: validation, typed handler, response check), OpenAPI is
// generated from it and the browser calls it through the typed client, so the endpoint is described once.
// Decision: docs/decisions/016-endpoint-contracts.md.
import type { z } from 'zod'
import type { StaffAction } from './staff-policy'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

/**
 * Who may call: anyone (`none`), anyone with the member's data when logged in (`optional`), a logged-in member
 * (`member`, else 403 authentication_required), or a staff member logged in to the console (`staff`: the staff
 * session, apart from the member's, and a role the console policy allows the endpoint's `staffAction`).
 */
export type SessionRequirement = 'none' | 'optional' | 'member' | 'staff'

export interface EndpointDefinition<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  S extends SessionRequirement = SessionRequirement,
> {
  method: M
  /** Fastify path syntax (`/api/member.php`, `/api/transactions.php/:id`). */
  path: P
  /** One line for the OpenAPI description. */
  summary: string
  session: S
  query?: Q
  params?: Params
  body?: B
  /** The 2xx answer. */
  response: R
  /** The stable error codes this endpoint may answer with (besides invalid_input and internal). */
  errors: readonly string[]
  /** For `staff`: the console action (src/shared/staff-policy.ts) the caller's role must be allowed. */
  staffAction?: StaffAction
}

/** Types an endpoint definition; the object itself is the contract. */
export function defineEndpoint<
  M extends HttpMethod,
  P extends string,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  S extends SessionRequirement = SessionRequirement,
>(def: EndpointDefinition<M, P, Q, Params, B, R, S>): EndpointDefinition<M, P, Q, Params, B, R, S> {
  return def
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined
type InferIn<S> = S extends z.ZodType ? z.input<S> : undefined

/** What a handler receives, already validated. */
export type EndpointQuery<E> = E extends EndpointDefinition<HttpMethod, string, infer Q> ? Infer<Q> : never
export type EndpointParams<E> = E extends EndpointDefinition<HttpMethod, string, z.ZodType | undefined, infer P> ? Infer<P> : never
export type EndpointBody<E> = E extends EndpointDefinition<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, infer B> ? Infer<B> : never
/** The answer a handler returns and a client receives. */
export type EndpointResponse<E> = E extends EndpointDefinition<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never

/** The session an endpoint's handler can count on: a member for `member`, a staff member for `staff`, maybe a member otherwise. */
export type EndpointSession<E> = E extends { session: 'member' } ? 'member' : E extends { session: 'staff' } ? 'staff' : 'optional'

/** What a client sends. */
export type EndpointInput<E> =
  E extends EndpointDefinition<HttpMethod, string, infer Q, infer P, infer B>
    ? (Q extends z.ZodType ? { query: InferIn<Q> } : { query?: undefined }) &
        (P extends z.ZodType ? { params: InferIn<P> } : { params?: undefined }) &
        (B extends z.ZodType ? { body: InferIn<B> } : { body?: undefined })
    : never
