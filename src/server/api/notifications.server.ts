// Notification settings, one-click unsubscribe (RFC 8058) and the mail provider's bounce/complaint webhook.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { mailEventRequest, tokenQuery, updateNotificationsRequest } from '../../shared/contracts'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import {
  accountOfUnsubscribeToken, disableEmail, enableEmail, mailEvent, readNotifications, unsubscribeSecret, updateNotifications,
} from '../../features/notifications/notifications.server'

export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  const secret = await unsubscribeSecret(db)

  app.get('/api/notifications.php', async (req) => {
    const account = requireAccount(req)
    return { notifications: await readNotifications(db, account.id, account.pool) }
  })

  app.put('/api/notifications.php', async (req) => {
    const account = requireAccount(req)
    const patch = parseInput(updateNotificationsRequest, req.body, req.ctx.t)
    return { notifications: await updateNotifications(db, account.id, account.pool, patch) }
  })

  app.post('/api/notifications-enable.php', async (req) => {
    const account = requireAccount(req)
    await enableEmail(db, account.id)
    return { notifications: await readNotifications(db, account.id, account.pool) }
  })

  const unsubscribe = async (token: string | undefined, pool: string) => {
    const accountId = accountOfUnsubscribeToken(secret, token)
    if (!accountId) return false
    await disableEmail(db, accountId, pool, 'listunsubscribe')
    return true
  }
  // One-click from the mail client (List-Unsubscribe-Post), and the link itself for a person.
  app.post('/api/unsubscribe.php', async (req) => {
    if (!(await unsubscribe(parseInput(tokenQuery, req.query, req.ctx.t).token, req.ctx.tenant.pool))) throw new ApiError(400, 'token_invalid', req.ctx.t('reset.link_invalid'))
    return { ok: true }
  })
  app.get('/api/unsubscribe.php', async (req, reply) => {
    const ok = await unsubscribe(parseInput(tokenQuery, req.query, req.ctx.t).token, req.ctx.tenant.pool)
    return reply.redirect(ok ? '/notifications?unsubscribed=1' : '/activate/error', 303)
  })

  app.post('/api/mail-events.php', async (req, reply) => {
    const expected = app.services.config.mailEventsSecret
    const given = String(req.headers['x-mail-events-secret'] ?? '')
    if (!expected || given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return reply.callNotFound()
    const body = parseInput(mailEventRequest, req.body, req.ctx.t)
    return { ok: true, accounts: await mailEvent(db, req.ctx.tenant.pool, body.email, body.type) }
  })
}
