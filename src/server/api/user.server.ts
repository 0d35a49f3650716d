// /api/user.php (login, current user, language) and /api/logout.php: SPEC.md section 7.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { accounts, pushSubscriptions } from '../../db/schema'
import { loginRequest, pushSubscriptionRequest, updateUserRequest } from '../../shared/contracts'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '../../shared/locales'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { enforceLimit } from '../rate-limit.server'
import { attemptLogin } from '../../features/accounts/login.server'
import { DELETION_GRACE_DAYS } from '../../features/accounts/signup.server'
import type { Config } from '../config.server'
import { createSession, destroySession, presentUser, SESSION_MAX_AGE_S } from '../../features/accounts/sessions.server'
import { tenantLocales } from '../../features/settings/settings.server'
import { pushEndpointAllowed } from '../../features/notifications/push-host.server'

/**
 * Host-only (no Domain attribute): a brand's cookie never reaches another brand's domain. Secure follows the
 * configured public address (PUBLIC_URL), never the request, which a client or proxy could dress up.
 */
export function sessionCookieOptions(config: Pick<Config, 'secureCookies'>, maxAge?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, ...(maxAge !== undefined ? { maxAge } : {}) }
}

export async function userRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  const { config } = app.services
  const SESSION_COOKIE = config.sessionCookie

  app.get('/api/user.php', async (req) => {
    const account = requireAccount(req)
    return { user: await presentUser(db, account, req.ctx.tenant.cdn_prefix) }
  })

  app.post('/api/user.php', async (req, reply) => {
    // ?push=1: register this browser's push subscription for the member.
    if ((req.query as Record<string, string | undefined>).push === '1') {
      const account = requireAccount(req)
      const { subscription } = parseInput(pushSubscriptionRequest, req.body, req.ctx.t)
      // Only a public push service's address is stored (the worker connects to it; see push-host.server.ts).
      if (!pushEndpointAllowed(subscription.endpoint, app.services.config.pushAllowPrivateHosts)) {
        throw new ApiError(400, 'invalid_input', req.ctx.t('errors.invalid_input'), { 'subscription.endpoint': req.ctx.t('validation.push_endpoint_invalid') })
      }
      await db
        .insert(pushSubscriptions)
        .values({ pool: account.pool, accountId: account.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { accountId: account.id, pool: account.pool, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } })
      return { user: await presentUser(db, account, req.ctx.tenant.cdn_prefix), push: true }
    }
    const { tenant, t } = req.ctx
    const body = parseInput(loginRequest, req.body, t)
    await enforceLimit(req, `login-ip:${req.ip}`, 30, 300)
    const result = await attemptLogin(db, app.services.limiter, tenant.pool, body.email, body.password, { reactivate: body.reactivate })
    if (!result.ok) {
      if (result.reason === 'blocked') {
        throw new ApiError(429, 'login_blocked', t('login.blocked', { minutes: result.minutes }), undefined, { minutes: result.minutes }, { 'retry-after': String(result.minutes * 60) })
      }
      // Only after the right password: the member learns their own account is deleted and can bring it back.
      if (result.reason === 'deleted') throw new ApiError(403, 'account_deleted', t('login.account_deleted', { days: DELETION_GRACE_DAYS }))
      if (result.reason === 'banned') throw new ApiError(403, 'account_banned', t('login.account_banned'), undefined, { ban_page: '/pages/ban' })
      throw new ApiError(401, 'login_failed', t('login.failed'))
    }
    await destroySession(db, req.cookies[SESSION_COOKIE])
    const token = await createSession(db, result.account, tenant.id)
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, SESSION_MAX_AGE_S))
    return { user: await presentUser(db, result.account, tenant.cdn_prefix) }
  })

  app.put('/api/user.php', async (req, reply) => {
    const account = requireAccount(req)
    const { tenant, t } = req.ctx
    const body = parseInput(updateUserRequest, req.body, t)
    if (!tenantLocales(tenant).includes(body.language)) {
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { language: t('validation.required') })
    }
    const [updated] = await db.update(accounts).set({ language: body.language }).where(eq(accounts.id, account.id)).returning()
    reply.setCookie(LANGUAGE_COOKIE, body.language, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax', secure: config.secureCookies })
    return { user: await presentUser(db, updated, tenant.cdn_prefix) }
  })

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    await destroySession(db, req.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config))
    return { ok: true }
  }
  app.get('/api/logout.php', logout)
}
