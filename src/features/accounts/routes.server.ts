// Signup, activation and password reset endpoints (issue 3); login and logout live in user-routes.server.ts.
// Definitions: src/features/accounts/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { resendActivation, signup } from './signup.server'
import { activateAccount, completePasswordReset, requestPasswordReset, RESET_MAILS_PER_DAY } from './password-reset.server'
import { createSession, presentUser, SESSION_MAX_AGE_S } from './sessions.server'
import { selectedCountry } from '../settings/index.server'
import { sessionCookieOptions } from './user-routes.server'
import type { LiveServerEvent } from '../../shared/chat-contracts'
import { FIRST_TOUCH_COOKIE, signupTracking } from '../tracking/index.server'

export async function accountRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, enforceLimit } = core
  const { db } = app.services.database
  const { signupsPerAddressPerHour } = app.services.config

  route(app, api.signupEndpoint, async (req, reply) => {
    const { tenant, t, lng, country } = req.ctx
    await enforceLimit(req, `signup:${req.ip}`, signupsPerAddressPerHour, 3600)
    // The first touch of the cookie wins over the browser's copy in the body.
    const tracking = signupTracking(req.cookies[FIRST_TOUCH_COOKIE], req.body.tracking)
    const result = await signup(db, { tenant, lng, country: selectedCountry(tenant, country), input: req.body, t, tracking })
    if (!result.ok) {
      throw new ApiError(result.status, result.code, result.message, result.fields, result.suggestion ? { suggestion: result.suggestion } : undefined)
    }
    const token = await createSession(db, result.account, tenant.id)
    reply.setCookie(app.services.config.sessionCookie, token, sessionCookieOptions(app.services.config, SESSION_MAX_AGE_S))
    reply.code(201)
    return { user: await presentUser(db, result.account, tenant.cdn_prefix) }
  })

  // The link of the activation mail: confirms and shows the result page. A redirect, not JSON: a plain route
  // with its query schema (validated, in the OpenAPI document).
  app.get<{ Querystring: { token?: string } }>(
    '/api/activate.php',
    { schema: { summary: 'The activation mail\'s link: confirms the address and redirects (303) to /activate/done or /activate/error', querystring: api.tokenQuery } },
    async (req, reply) => {
      const accountId = await activateAccount(db, req.ctx.tenant, req.query.token)
      // The member's open tabs (maybe another device) stop asking to confirm the address, without a reload.
      if (accountId !== null) await app.services.realtime.publish([accountId], { type: 'account_changed' } satisfies LiveServerEvent)
      return reply.redirect(accountId !== null ? '/activate/done' : '/activate/error', 303)
    },
  )

  // A new activation mail for the logged-in, not yet confirmed member (3 a day).
  route(app, api.activateResendEndpoint, async (req) => {
    const { tenant, account } = req.ctx
    if (account.status !== 'not_confirmed') return { ok: true as const, already_confirmed: true as const }
    await enforceLimit(req, `activate-resend:${account.id}`, 3, 24 * 3600)
    await resendActivation(db, tenant, account)
    return { ok: true as const }
  })

  route(app, api.resetPasswordEndpoint, async (req) => {
    const { tenant, t, lng } = req.ctx
    await enforceLimit(req, `reset-ip:${req.ip}`, 20, 3600)
    const result = await requestPasswordReset(db, {
      tenant,
      lng,
      email: req.body.email,
      t,
      allow: (accountId) => app.services.limiter.hit(`reset:${accountId}`, RESET_MAILS_PER_DAY, 24 * 3600),
    })
    if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
    return { ok: true as const }
  })

  route(app, api.resetPasswordDoEndpoint, async (req) => {
    const { tenant, t } = req.ctx
    const body = req.body
    const result = await completePasswordReset(db, { tenant, token: body.token, password: body.password, repeat: body.password_repeat, t })
    if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
    return { ok: true as const }
  })
}
