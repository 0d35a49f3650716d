// Notification settings, one-click unsubscribe (RFC 8058) and the mail provider's bounce/complaint webhook.
// Definitions: src/features/notifications/endpoints.ts.
import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import formbody from '@fastify/formbody'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import {
  accountOfUnsubscribeToken, csvField, disableEmail, newsletterSubscribers, enableEmail, mailEvent, readNotifications, unsubscribeSecret, updateNotifications,
} from './notifications.server'

export async function notificationRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const secret = await unsubscribeSecret(db)
  // RFC 8058: mail providers post `List-Unsubscribe=One-Click` as a form (Gmail and Yahoo urlencoded, others
  // multipart). Only the address's token counts, so the form is read (urlencoded) or drained (multipart) and
  // not used. Registered in this plugin only: the rest of the API stays JSON.
  await app.register(formbody, { bodyLimit: 4096 })
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}))

  route(app, api.notificationsEndpoint, async (req) => {
    const account = req.ctx.account
    return { notifications: await readNotifications(db, account.id, account.pool) }
  })

  route(app, api.updateNotificationsEndpoint, async (req) => {
    const account = req.ctx.account
    return { notifications: await updateNotifications(db, account.id, account.pool, req.body) }
  })

  route(app, api.newsletterExportEndpoint, async (req, reply) => {
    const rows = await newsletterSubscribers(db, req.ctx.staff.pool)
    const lines = [['id', 'email', 'site', 'language', 'consent_at', 'consent_source'].join(',')]
    for (const r of rows) lines.push([String(r.id), r.email, r.tenantId, r.language, r.consentAt!.toISOString(), r.source ?? ''].map(csvField).join(','))
    const day = new Date().toISOString().slice(0, 10)
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="newsletter-${req.ctx.staff.pool}-${day}.csv"`).header('cache-control', 'no-store')
    return `${lines.join('\r\n')}\r\n`
  })

  route(app, api.enableEmailEndpoint, async (req) => {
    const account = req.ctx.account
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
  route(app, api.oneClickUnsubscribeEndpoint, async (req) => {
    if (!(await unsubscribe(req.query.token, req.ctx.tenant.pool))) throw new ApiError(400, 'token_invalid', req.ctx.t('reset.link_invalid'))
    return { ok: true as const }
  })
  // A redirect, not JSON: registered with its query schema (validated, in the OpenAPI document) but not as a definition.
  app.get<{ Querystring: { token?: string } }>(
    '/api/unsubscribe.php',
    { schema: { summary: 'The List-Unsubscribe link opened by a person: unsubscribes and redirects (303) to /notifications', querystring: api.unsubscribeQuery } },
    async (req, reply) => {
      const ok = await unsubscribe(req.query.token, req.ctx.tenant.pool)
      return reply.redirect(ok ? '/notifications?unsubscribed=1' : '/activate/error', 303)
    },
  )

  // Without the right secret the webhook answers as if it did not exist, before its body is even validated.
  const secretGiven = (req: FastifyRequest) => {
    const expected = app.services.config.mailEventsSecret
    const given = String(req.headers['x-mail-events-secret'] ?? '')
    if (!expected || given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
      throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    }
  }
  route(app, api.mailEventEndpoint, async (req) => ({ ok: true as const, accounts: await mailEvent(db, req.ctx.tenant.pool, req.body.email, req.body.type) }), { guard: secretGiven })
}
