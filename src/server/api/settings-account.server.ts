// The account part of the settings screen: password, e-mail address, deletion and its alternatives.
import type { FastifyInstance } from 'fastify'
import { changeEmailRequest, changePasswordRequest, deleteAccountRequest, invisibleRequest, tokenQuery, tokenRequest } from '../../shared/contracts'
import { deleteAccount, reactivateAccount } from '../../features/accounts/deletion.server'
import { claimStayDiscount } from '../../features/accounts/stay-discount.server'
import { accounts } from '../../db/schema'
import { eq } from 'drizzle-orm'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { enforceLimit } from '../rate-limit.server'
import { changePassword, confirmEmailChange, requestEmailChange, type Outcome } from '../../features/accounts/account-settings.server'
import { sessionCookieOptions } from './user.server'
import { presentUser } from '../../features/accounts/sessions.server'
import { exportMemberData } from '../../features/accounts/export.server'

const answer = (result: Outcome) => {
  if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
  return { ok: true, email: result.email }
}

export async function accountSettingsRoutes(app: FastifyInstance) {
  const { db } = app.services.database

  app.post('/api/password.php', async (req) => {
    const account = requireAccount(req)
    const { t } = req.ctx
    const body = parseInput(changePasswordRequest, req.body, t)
    await enforceLimit(req, `password:${account.id}`, 10, 3600)
    return answer(await changePassword(db, { account, sessionToken: req.cookies[app.services.config.sessionCookie], old: body.old_password, password: body.password, repeat: body.password_repeat, t }))
  })

  app.post('/api/mail-change.php', async (req) => {
    const account = requireAccount(req)
    const { t, tenant } = req.ctx
    const body = parseInput(changeEmailRequest, req.body, t)
    await enforceLimit(req, `mail-change:${account.id}`, 5, 24 * 3600)
    return answer(await requestEmailChange(db, { tenant, account, email: body.email, t }))
  })

  app.post('/api/mail-change-do.php', async (req) => {
    const { t, tenant } = req.ctx
    const body = parseInput(tokenRequest, req.body, t)
    return answer(await confirmEmailChange(db, { tenant, token: body.token, t }))
  })

  app.post('/api/delete-account.php', async (req, reply) => {
    const account = requireAccount(req)
    const { t, tenant } = req.ctx
    const body = parseInput(deleteAccountRequest, req.body, t)
    await enforceLimit(req, `delete:${account.id}`, 10, 3600)
    const result = await deleteAccount(db, { tenant, account, password: body.password, reason: body.reason, reasonText: body.reason_text, t })
    if (!result.ok) throw new ApiError(result.status, result.code, result.message, result.fields)
    reply.clearCookie(app.services.config.sessionCookie, sessionCookieOptions(app.services.config))
    return { ok: true }
  })

  // The link of the reactivation mail.
  app.get('/api/reactivate.php', async (req, reply) => {
    const { token } = parseInput(tokenQuery, req.query, req.ctx.t)
    const ok = await reactivateAccount(db, req.ctx.tenant, token)
    return reply.redirect(ok ? '/login?reactivated=1' : '/activate/error', 303)
  })

  // Stay with a discount on the next credit bundle instead of deleting (the tenant's delete_discount).
  app.post('/api/delete-discount.php', async (req) => {
    const account = requireAccount(req)
    const discount = await claimStayDiscount(db, { tenant: req.ctx.tenant, account })
    if (!discount) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return { discount }
  })

  // The member's own data as a file (GDPR; decision 019): JSON with the photos embedded, downloaded from /settings.
  app.get('/api/export.php', async (req, reply) => {
    const account = requireAccount(req)
    const { tenant } = req.ctx
    await enforceLimit(req, `export:${account.id}`, 5, 3600)
    const data = await exportMemberData(db, { accountId: account.id, tenant, mediaDir: app.services.config.mediaDir })
    const day = data.exported_at.slice(0, 10)
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${tenant.id}-${account.id}-${day}.json"`)
      .type('application/json; charset=utf-8')
    return JSON.stringify(data, null, 1)
  })

  // Invisible mode (one of the alternatives to deleting the account; also on the notifications screen).
  app.post('/api/invisible.php', async (req) => {
    const account = requireAccount(req)
    const body = parseInput(invisibleRequest, req.body, req.ctx.t)
    const [updated] = await db.update(accounts).set({ invisible: body.invisible }).where(eq(accounts.id, account.id)).returning()
    return { user: await presentUser(db, updated, req.ctx.tenant.cdn_prefix), invisible: updated.invisible }
  })
}
