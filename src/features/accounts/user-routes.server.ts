// /api/user.php (login, current user, language, push subscription) and /api/logout.php: SPEC.md section 7.
// Definitions: src/features/accounts/endpoints.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { eq } from 'drizzle-orm'
import { accounts, pushSubscriptions } from '../../db/schema'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '../../shared/locales'
import { ApiError } from '../../shared/api-errors'
import { BAN_PAGE } from '../../shared/next-path'
import * as api from './endpoints'
import { attemptLogin } from './login.server'
import { DELETION_GRACE_DAYS } from './signup.server'
import type { Config } from '../../server/config.server'
import { createSession, destroySession, presentUser, SESSION_MAX_AGE_S } from './sessions.server'
import { tenantLocales } from '../settings/index.server'
import { pushEndpointAllowed } from '../notifications/index.server'

/**
 * Host-only (no Domain attribute): a brand's cookie never reaches another brand's domain. Secure follows the
 * configured public address (PUBLIC_URL), never the request, which a client or proxy could dress up.
 */
export function sessionCookieOptions(config: Pick<Config, 'secureCookies'>, maxAge?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, ...(maxAge !== undefined ? { maxAge } : {}) }
}

/**
 * POST /api/user.php is two endpoints (SPEC.md section 7): ?push=1 registers a push subscription, anything else
 * logs in. The route constraint `push` (the query parameter's value) picks the definition before validation, so
 * each one validates its own body.
 */
const pushQueryConstraint = {
  name: 'push',
  storage() {
    const handlers = new Map<string, unknown>()
    return { get: (value: string) => (handlers.get(value) ?? null) as never, set: (value: string, store: unknown) => void handlers.set(value, store) }
  },
  deriveConstraint(req: { url?: string }) {
    const url = req.url ?? ''
    const q = url.indexOf('?')
    return q < 0 ? undefined : (new URLSearchParams(url.slice(q + 1)).get('push') ?? undefined)
  },
  mustMatchWhenDerived: false,
}

export async function userRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, enforceLimit } = core
  const { db } = app.services.database
  const { config } = app.services
  const SESSION_COOKIE = config.sessionCookie
  if (!app.hasConstraintStrategy('push')) app.addConstraintStrategy(pushQueryConstraint)

  route(app, api.currentUserEndpoint, async (req) => ({ user: await presentUser(db, req.ctx.account, req.ctx.tenant.cdn_prefix) }))

  route(
    app,
    api.pushSubscriptionEndpoint,
    async (req) => {
      const account = req.ctx.account
      const { subscription } = req.body
      // Only a public push service's address is stored (the worker connects to it; see push-host.server.ts).
      if (!pushEndpointAllowed(subscription.endpoint, app.services.config.pushAllowPrivateHosts)) {
        throw new ApiError(400, 'invalid_input', req.ctx.t('errors.invalid_input'), { 'subscription.endpoint': req.ctx.t('validation.push_endpoint_invalid') })
      }
      await db
        .insert(pushSubscriptions)
        .values({ pool: account.pool, accountId: account.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { accountId: account.id, pool: account.pool, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } })
      return { user: await presentUser(db, account, req.ctx.tenant.cdn_prefix), push: true as const }
    },
    { constraints: { push: '1' } },
  )

  route(app, api.loginEndpoint, async (req, reply) => {
    const { tenant, t } = req.ctx
    const body = req.body
    await enforceLimit(req, `login-ip:${req.ip}`, app.services.config.loginsPerAddressPer5Minutes, 300)
    const result = await attemptLogin(db, app.services.limiter, tenant.pool, body.email, body.password, { reactivate: body.reactivate })
    if (!result.ok) {
      if (result.reason === 'blocked') {
        throw new ApiError(429, 'login_blocked', t('login.blocked', { minutes: result.minutes }), undefined, { minutes: result.minutes }, { 'retry-after': String(result.minutes * 60) })
      }
      // Only after the right password: the member learns their own account is deleted and can bring it back.
      if (result.reason === 'deleted') throw new ApiError(403, 'account_deleted', t('login.account_deleted', { days: DELETION_GRACE_DAYS }))
      if (result.reason === 'banned') throw new ApiError(403, 'account_banned', t('login.account_banned'), undefined, { ban_page: BAN_PAGE })
      throw new ApiError(401, 'login_failed', t('login.failed'))
    }
    await destroySession(db, req.cookies[SESSION_COOKIE])
    const token = await createSession(db, result.account, tenant.id)
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, SESSION_MAX_AGE_S))
    return { user: await presentUser(db, result.account, tenant.cdn_prefix) }
  })

  route(app, api.updateUserEndpoint, async (req, reply) => {
    const account = req.ctx.account
    const { tenant, t } = req.ctx
    const { language } = req.body
    if (!tenantLocales(tenant).includes(language)) {
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { language: t('validation.not_one_of', { values: tenantLocales(tenant).join(', ') }) })
    }
    const [updated] = await db.update(accounts).set({ language }).where(eq(accounts.id, account.id)).returning()
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax', secure: config.secureCookies })
    return { user: await presentUser(db, updated, tenant.cdn_prefix) }
  })

  route(app, api.logoutEndpoint, async (req: FastifyRequest, reply) => {
    await destroySession(db, req.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config))
    return { ok: true as const }
  })
}
