// What the HTTP core hands a feature when the feature registers its routes (issue 16, decision 036 addendum):
// features never import src/server, so the core passes them, as the registration argument of their Fastify plugin,
// the few functions that only the core can provide. A feature's routes are declared
// `export async function chatRoutes(app: FastifyInstance, { core }: FeatureRouteOptions)` and registered by
// app.server.ts with `app.register(chatRoutes, { core })`. The rest comes with the app: `app.services` (what the
// app runs on), `req.ctx` (the request's tenant, language, session). Types (Core, Services, EndpointRequest) may be
// imported by features; values may not.
import { route } from './endpoint.server'
import { enforceLimit } from './rate-limit.server'
import { requireAccount, sendError, sessionRefused } from './context.server'
import { isTenantOrigin } from './origins.server'
import { cspNonce } from './security-headers.server'
import { reloadTenants } from './tenants.server'

export const core = {
  /** Registers an endpoint definition: validation, session rule, response check, OpenAPI (endpoint.server.ts). */
  route,
  /** Counts a hit on a rate-limit key; over the limit throws the one 429 refusal (rate-limit.server.ts). */
  enforceLimit,
  /** The member of the request, or a 403 authentication_required (for routes whose session is not `member`). */
  requireAccount,
  /** The 403 of a request whose member session is gone: authentication_required, or account_banned after a ban. */
  sessionRefused,
  /** Sends an ApiError as the API's error shape, for the plain routes that answer without route() (the live socket). */
  sendError,
  /** Whether an Origin header is one of the tenant's own (the live socket's origin check). */
  isTenantOrigin,
  /** The CSP nonce of the response, for HTML a feature renders itself (the offline page). */
  cspNonce,
  /** Reads the tenant files again into the registry (the console's maintenance switch, after writing a tenant file). */
  reloadTenants,
}

export type Core = typeof core

/** The registration argument of a feature's routes plugin. */
export interface FeatureRouteOptions {
  core: Core
}
