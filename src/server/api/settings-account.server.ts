// The account part of the settings screen: password and e-mail address.
import type { FastifyInstance } from 'fastify'
import { changeEmailRequest, changePasswordRequest, tokenRequest } from '../../shared/contracts'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { rateLimitHit } from '../rate-limit.server'
import { changePassword, confirmEmailChange, requestEmailChange, type Outcome } from '../../features/accounts/account-settings.server'
import { SESSION_COOKIE } from '../../features/accounts/sessions.server'

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
    if (!(await rateLimitHit(db, `password:${account.id}`, 10, 3600))) throw new ApiError(429, 'too_many_requests', t('errors.too_many_requests'))
    return answer(await changePassword(db, { account, sessionToken: req.cookies[SESSION_COOKIE], old: body.old_password, password: body.password, repeat: body.password_repeat, t }))
  })

  app.post('/api/mail-change.php', async (req) => {
    const account = requireAccount(req)
    const { t, tenant } = req.ctx
    const body = parseInput(changeEmailRequest, req.body, t)
    if (!(await rateLimitHit(db, `mail-change:${account.id}`, 5, 24 * 3600))) throw new ApiError(429, 'too_many_requests', t('errors.too_many_requests'))
    return answer(await requestEmailChange(db, { tenant, account, email: body.email, t }))
  })

  app.post('/api/mail-change-do.php', async (req) => {
    const { t, tenant } = req.ctx
    const body = parseInput(tokenRequest, req.body, t)
    return answer(await confirmEmailChange(db, { tenant, token: body.token, t }))
  })
}
