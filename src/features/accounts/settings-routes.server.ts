// The account part of the settings screen: password, e-mail address, deletion and its alternatives.
// Definitions: src/features/accounts/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { deleteAccount, reactivateAccount } from './deletion.server'
import { claimStayDiscount } from './stay-discount.server'
import { accounts } from '../../db/schema'
import { eq } from 'drizzle-orm'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { changePassword, confirmEmailChange, requestEmailChange, type Outcome } from './account-settings.server'
import { sessionCookieOptions } from './user-routes.server'
import { presentUser } from './sessions.server'
import { exportMemberData } from './export.server'

const answer = (result: Outcome) => {
  if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
  return { ok: true as const, email: result.email }
}

export async function accountSettingsRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { requireAccount, route, enforceLimit } = core
  const { db } = app.services.database

  route(app, api.changePasswordEndpoint, async (req) => {
    const { t, account } = req.ctx
    const body = req.body
    await enforceLimit(req, `password:${account.id}`, 10, 3600)
    return answer(await changePassword(db, { account, sessionToken: req.cookies[app.services.config.sessionCookie], old: body.old_password, password: body.password, repeat: body.password_repeat, t }))
  })

  route(app, api.changeEmailEndpoint, async (req) => {
    const { t, tenant, account } = req.ctx
    await enforceLimit(req, `mail-change:${account.id}`, 5, 24 * 3600)
    return answer(await requestEmailChange(db, { tenant, account, email: req.body.email, t }))
  })

  route(app, api.confirmEmailChangeEndpoint, async (req) => {
    const { t, tenant } = req.ctx
    return answer(await confirmEmailChange(db, { tenant, token: req.body.token, t }))
  })

  route(app, api.deleteAccountEndpoint, async (req, reply) => {
    const { t, tenant, account } = req.ctx
    const body = req.body
    await enforceLimit(req, `delete:${account.id}`, 10, 3600)
    const result = await deleteAccount(db, { tenant, account, password: body.password, reason: body.reason, reasonText: body.reason_text, t })
    if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
    reply.clearCookie(app.services.config.sessionCookie, sessionCookieOptions(app.services.config))
    return { ok: true as const }
  })

  // The link of the reactivation mail. A redirect, not JSON: a plain route with its query schema.
  app.get<{ Querystring: { token?: string } }>(
    '/api/reactivate.php',
    { schema: { summary: 'The reactivation mail\'s link: brings a deleted account back and redirects (303) to /login?reactivated=1 or /activate/error', querystring: api.tokenQuery } },
    async (req, reply) => {
      const ok = await reactivateAccount(db, req.ctx.tenant, req.query.token)
      return reply.redirect(ok ? '/login?reactivated=1' : '/activate/error', 303)
    },
  )

  // Stay with a discount on the next credit bundle instead of deleting (the tenant's delete_discount).
  route(app, api.stayDiscountEndpoint, async (req) => {
    const discount = await claimStayDiscount(db, { tenant: req.ctx.tenant, account: req.ctx.account })
    if (!discount) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return { discount }
  })

  // The member's own data as a file (GDPR; decision 019): JSON with the photos embedded, downloaded from /settings.
  // A download, not an API answer: a plain route (its shape is the export's, docs/decisions/019).
  app.get('/api/export.php', { schema: { summary: 'The member\'s own data as a JSON file (attachment); session: member' } }, async (req, reply) => {
    const account = requireAccount(req)
    const { tenant } = req.ctx
    await enforceLimit(req, `export:${account.id}`, 5, 3600)
    const data = await exportMemberData(db, { accountId: account.id, tenant, media: app.services.media })
    const day = data.exported_at.slice(0, 10)
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${tenant.id}-${account.id}-${day}.json"`)
      .type('application/json; charset=utf-8')
    return JSON.stringify(data, null, 1)
  })

  // Invisible mode (one of the alternatives to deleting the account; also on the notifications screen).
  route(app, api.invisibleEndpoint, async (req) => {
    const [updated] = await db.update(accounts).set({ invisible: req.body.invisible }).where(eq(accounts.id, req.ctx.account.id)).returning()
    return { user: await presentUser(db, updated, req.ctx.tenant.cdn_prefix), invisible: updated.invisible }
  })
}
