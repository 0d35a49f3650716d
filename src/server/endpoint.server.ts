// Registers an endpoint definition (src/shared/endpoint.ts) with Fastify: the zod schemas validate the query,
// params and body before the handler runs, the session requirement is enforced before that, the handler is typed
// from the definition, and the answer is checked against the response schema on its way out. /api/openapi.json
// is generated from the same registrations. Decision: docs/decisions/016-endpoint-contracts.md.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import { z } from 'zod'
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod'
import type { EndpointBody, EndpointDefinition, EndpointInput, EndpointParams, EndpointQuery, EndpointResponse, EndpointSession } from '../shared/endpoint'
import { apiErrorSchema, COMMON_ERROR_CODES } from '../shared/api-errors'
import type { Account } from '../features/accounts/sessions.server'
import { ApiError, requireAccount, type RequestContext } from './context.server'
import { fieldMessage, invalidInput, isMissing } from './zod-errors.server'
import { can } from '../shared/staff-policy'

/** The request a handler gets: inputs typed from the definition, the member for `member`, the staff member for `staff`. */
export type EndpointRequest<E> = FastifyRequest<{ Querystring: EndpointQuery<E>; Params: EndpointParams<E>; Body: EndpointBody<E> }> & {
  ctx: RequestContext & (EndpointSession<E> extends 'member' ? { account: Account } : EndpointSession<E> extends 'staff' ? { staff: Account } : unknown)
}

export type EndpointHandler<E> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResponse<E>> | EndpointResponse<E>

export interface RouteOptions {
  /** The translation key of the 403 authentication_required message, when the endpoint says it better ("log in to like"). */
  authenticationMessage?: string
  /**
   * Runs after the session check and before validation; throws to refuse (an ApiError). For endpoints that must
   * look absent to callers without a secret, so that not even their validation answers.
   */
  guard?: (req: FastifyRequest) => void | Promise<void>
  /**
   * Fastify route constraints, for the rare address that is two endpoints told apart by something other than
   * method and path (POST /api/user.php and POST /api/user.php?push=1 of SPEC.md section 7).
   */
  constraints?: Record<string, unknown>
  /**
   * The handler checks the member's session itself, in the statement that does the work (the chat's send): the
   * request's account may then come from the short-lived session cache (accountForSessionCached) instead of a
   * database look-up, and req.ctx.sessionHash names the session to check. Only for handlers that do check it.
   */
  sessionCheckedByHandler?: boolean
}

type Registered = { handler: EndpointHandler<EndpointDefinition>; opts: RouteOptions }
/**
 * The registered handlers of an app, for callInProcess: kept on its services object (shared by the root and every
 * plugin) under a global symbol and keyed by method and path, because the production build bundles the server and
 * the pages' +data separately (two copies of this module and of the definitions).
 */
const REGISTRY = Symbol.for('dating.endpoint-registry')
function registryOf(services: object): Map<string, Registered> {
  const holder = services as { [REGISTRY]?: Map<string, Registered> }
  return (holder[REGISTRY] ??= new Map())
}
const registryKey = (def: EndpointDefinition, constraints?: Record<string, unknown>) => `${def.method} ${def.path}${constraints ? ` ${JSON.stringify(constraints)}` : ''}`

/** Registers one endpoint: `route(app, likeEndpoint, async (req) => ({ liked: true, match }))`. */
export function route<E extends EndpointDefinition>(app: FastifyInstance, def: E, handler: EndpointHandler<E>, opts: RouteOptions = {}) {
  // A console endpoint without its policy action would be open to every role: refuse to register it.
  if (def.session === 'staff' && !def.staffAction) throw new Error(`${def.method} ${def.path}: a staff endpoint needs its staffAction (src/shared/staff-policy.ts)`)
  if (app.services) registryOf(app.services).set(registryKey(def, opts.constraints), { handler: handler as unknown as EndpointHandler<EndpointDefinition>, opts })
  const codes = [...new Set([...COMMON_ERROR_CODES, ...sessionCodes(def.session), ...def.errors])]
  app.route({
    method: def.method,
    url: def.path,
    ...(opts.constraints ? { constraints: opts.constraints } : {}),
    ...(opts.sessionCheckedByHandler ? { config: { cachedSession: true } } : {}),
    schema: {
      summary: def.summary,
      description: `Session: ${def.session}. Error codes: ${codes.join(', ')}.`,
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: {
        // 2xx: handlers may answer 201 (reply.code(201)) with the same shape.
        '2xx': def.response,
        '4xx': apiErrorSchema.extend({ error: z.enum(codes as [string, ...string[]]) }),
        '5xx': apiErrorSchema.extend({ error: z.literal('internal') }),
      },
    },
    // Before validation: a visitor without the session gets 403 whatever the input (as requireAccount did).
    preValidation: async (req) => {
      enforceSession(req, def, opts)
      await opts.guard?.(req)
    },
    handler: (req, reply) => handler(req as unknown as EndpointRequest<E>, reply),
  })
}

/** What an in-process call answers: the status and the body the HTTP answer would have had (null for an error). */
export interface InProcessAnswer<E> {
  status: number
  body: EndpointResponse<E> | null
  /** The error answer's code, for a status other than 2xx. */
  error?: string
}

/**
 * Calls a registered endpoint's handler in process, as the request `req` (a page request whose tenant, session,
 * language and GeoIP country are already resolved in req.ctx): the same session check, guard, input validation
 * and response schema as over HTTP, without a second request through Fastify. The answer is the JSON the API
 * would send (encoded by the response schema, unlisted keys left out), so a page's +data gets exactly what the
 * browser would fetch. Handlers called this way may not write to the reply beyond headers and status (cookies and
 * redirects throw). Decision: docs/decisions/026-contracts-completed.md.
 */
export async function callInProcess<E extends EndpointDefinition>(services: object, req: FastifyRequest, def: E, input: EndpointInput<E>): Promise<InProcessAnswer<E>> {
  const entry = registryOf(services).get(registryKey(def))
  if (!entry) throw new Error(`${def.method} ${def.path} is not registered with route()`)
  const { t } = req.ctx
  const given = input as { query?: unknown; params?: unknown; body?: unknown }
  const valid = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return value
    const parsed = schema.safeParse(value ?? {})
    if (!parsed.success) throw invalidInput(parsed.error.issues, value ?? {}, t)
    return parsed.data
  }
  let status = 200
  const reply = inProcessReply(def, (code) => (status = code))
  try {
    enforceSession(req, def, entry.opts)
    await entry.opts.guard?.(req)
    // The request as the handler sees it: the page's request with this call's validated input. A proxy, not
    // Object.create(req): a request made a prototype gets hidden classes of its own that V8's young-generation
    // collector keeps alive, and with them the whole request past its end (decision 042, seventeenth addendum).
    const inner = new Proxy<InProcessRequest>({ [REQUEST]: req, params: valid(def.params, given.params), body: valid(def.body, given.body), query: valid(def.query, given.query) }, asRequest) as unknown as FastifyRequest
    const data = await entry.handler(inner as unknown as EndpointRequest<EndpointDefinition>, reply)
    const encoded = z.safeEncode(def.response, data)
    if (!encoded.success) throw new ResponseSerializationError(def.method, def.path, { cause: encoded.error })
    // The JSON round trip the browser's copy makes (dates as strings, undefined left out).
    return { status, body: JSON.parse(JSON.stringify(encoded.data)) as EndpointResponse<E> }
  } catch (err) {
    const apiError = toApiError(err as Error, t)
    if (apiError.statusCode >= 500) throw err
    return { status: apiError.statusCode, body: null, error: apiError.code }
  }
}

const REQUEST = Symbol('request')

/** What the proxy of an in-process call reads: the page's request, and this call's validated input over it. */
interface InProcessRequest {
  [REQUEST]: FastifyRequest
  params: unknown
  body: unknown
  query: unknown
}

/**
 * One handler for every in-process call: the call's own keys (params, body, query, and anything the handler sets,
 * as on an object made with Object.create(req)) first, anything else the request's.
 */
const asRequest: ProxyHandler<InProcessRequest> = {
  get: (target, key) => (Object.hasOwn(target, key) ? target[key as keyof InProcessRequest] : Reflect.get(target[REQUEST], key, target[REQUEST])),
  has: (target, key) => Object.hasOwn(target, key) || key in target[REQUEST],
  getPrototypeOf: (target) => Object.getPrototypeOf(target[REQUEST]),
}

/** The reply a handler gets in process: headers and status are taken (and dropped), anything else is refused. */
function inProcessReply(def: EndpointDefinition, setStatus: (code: number) => void): FastifyReply {
  const refuse = (what: string) => () => {
    throw new Error(`${def.method} ${def.path}: reply.${what}() cannot be called in process`)
  }
  const reply: Record<string, unknown> = {
    header: () => reply,
    headers: () => reply,
    type: () => reply,
    code: (code: number) => (setStatus(code), reply),
    status: (code: number) => (setStatus(code), reply),
    setCookie: refuse('setCookie'),
    clearCookie: refuse('clearCookie'),
    redirect: refuse('redirect'),
    send: refuse('send'),
  }
  return reply as unknown as FastifyReply
}

function sessionCodes(session: EndpointDefinition['session']): string[] {
  if (session === 'member') return ['authentication_required', 'account_banned']
  if (session === 'staff') return ['authentication_required', 'forbidden']
  return []
}

function enforceSession(req: FastifyRequest, def: EndpointDefinition, opts: RouteOptions) {
  const { session } = def
  if (session === 'staff') {
    // The console's own session (decision 028): a member session never opens a staff endpoint.
    const staff = req.ctx.staff
    // Without the member's authentication_required flag: the browser's member session must not log out over it.
    if (!staff) throw new ApiError(403, 'authentication_required', req.ctx.t('admin.errors.login_required'))
    if (!def.staffAction || !can(staff.role, def.staffAction)) throw new ApiError(403, 'forbidden', req.ctx.t('admin.errors.forbidden'))
    return
  }
  if (session !== 'member') return
  requireAccount(req, opts.authenticationMessage)
}

const VALIDATION_ISSUE = Symbol.for('ZodFastifySchemaValidationError')

/**
 * Validates a request part with its zod schema. A missing body or query is checked as `{}`, so each required field
 * is named. Failures carry the zod issue and whether the field was missing; the error handler translates them.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const input = data ?? {}
  const parsed = schema.safeParse(input)
  if (parsed.success) return { value: parsed.data }
  return {
    error: parsed.error.issues.map((issue) => ({
      // The shape of fastify-type-provider-zod's validation errors (hasZodFastifySchemaValidationErrors knows it).
      [VALIDATION_ISSUE]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      message: issue.message,
      params: { issue, missing: isMissing(input, issue.path) },
    })),
  } as unknown as { error: Error }
}

/**
 * Serializes a 2xx answer through its response schema (zod encode): a value of the wrong type or a missing field
 * is a ResponseSerializationError (500, logged), so a handler can never answer outside its contract. Keys the
 * schema does not know are left out (nothing unlisted leaves the server); outside production that is an error
 * too, so a presenter returning more than the contract says fails its tests instead of being silently trimmed.
 * Error answers (4xx, 5xx) are written as they are: their schemas are documentation.
 */
export function createSerializerCompiler({ strict }: { strict: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!/^2/.test(String(httpStatus))) return (data) => JSON.stringify(data)
    return (data) => {
      const result = z.safeEncode(schema, data)
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error })
      if (strict) {
        const dropped = droppedKeys(data, result.data, '')
        if (dropped.length) {
          const issues = dropped.map((path) => ({ code: 'unrecognized_keys' as const, keys: [path], path: [], message: `not in the response schema: ${path}`, input: undefined }))
          throw new ResponseSerializationError(method, url, { cause: new z.ZodError(issues) })
        }
      }
      return JSON.stringify(result.data)
    }
  }
}

function droppedKeys(before: unknown, after: unknown, at: string): string[] {
  if (Array.isArray(before) && Array.isArray(after)) return before.flatMap((b, i) => droppedKeys(b, after[i], `${at}[${i}]`))
  if (!isPlainObject(before) || !isPlainObject(after)) return []
  const out: string[] = []
  for (const [key, value] of Object.entries(before)) {
    if (value === undefined) continue
    const path = at ? `${at}.${key}` : key
    if (!(key in after)) out.push(path)
    else out.push(...droppedKeys(value, after[key], path))
  }
  return out
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype
}

/**
 * Any error as the API's one shape: `{ error, message, fields? }` with a code from the closed list
 * (COMMON_ERROR_CODES, the session codes, or the endpoint's own). Fastify's FST_* codes never leave the server.
 */
export function toApiError(err: FastifyError | Error, t: RequestContext['t']): ApiError {
  if (err instanceof ApiError) return err
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {}
    for (const v of err.validation) {
      const { issue, missing } = v.params as unknown as { issue: z.core.$ZodIssue; missing: boolean }
      const key = issue.path.map(String).join('.') || '_'
      fields[key] ??= fieldMessage(issue, missing, t)
    }
    return new ApiError(400, 'invalid_input', t('errors.invalid_input'), fields)
  }
  const status = (err as FastifyError).statusCode
  const code = (err as FastifyError).code
  if (status && status >= 400 && status < 500) {
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return new ApiError(400, 'invalid_json', t('errors.invalid_json'))
    }
    if (status === 413) return new ApiError(413, 'payload_too_large', t('errors.payload_too_large'))
    if (status === 415) return new ApiError(415, 'unsupported_media_type', t('errors.unsupported_media_type'))
    if (status === 404) return new ApiError(404, 'not_found', t('errors.not_found'))
    if (status === 429) return new ApiError(429, 'too_many_requests', t('errors.too_many_requests'))
    // A schema validation error of a route that is not written with a zod schema.
    if (code === 'FST_ERR_VALIDATION') return new ApiError(400, 'invalid_input', t('errors.invalid_input'))
    return new ApiError(status, 'bad_request', t('errors.bad_request'))
  }
  return new ApiError(500, 'internal', t('errors.generic'))
}

/** A 500 from a response that broke its contract: the zod issues belong in the log. */
export function describeServerError(err: Error): Record<string, unknown> | undefined {
  if (!(err instanceof ResponseSerializationError)) return undefined
  return { method: err.method, url: err.url, issues: (err.cause as z.ZodError | undefined)?.issues }
}
