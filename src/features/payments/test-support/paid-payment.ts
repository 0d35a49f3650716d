// A member with a paid credit purchase through the built-in test provider: the checkout over HTTP, then the
// provider's word acted on (syncPayment, what the webhook job does) without needing a listening port.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/client.server'
import { paymentServices } from '../routes.server'
import { syncPayment } from '../payments.server'
import { loggedInMember } from '../../../../test/support/app'

export async function paidPayment(app: FastifyInstance, db: Db, opts: { host?: string; pool?: string; tenantId?: string; bundle?: string } = {}) {
  const host = opts.host ?? 'datingstad.nl'
  const member = await loggedInMember(app, db, `koper-${crypto.randomUUID()}@example.nl`, host, opts)
  const res = await app.inject({ method: 'POST', url: '/api/payment.php', headers: { host, cookie: member.cookie }, payload: { bundle_id: opts.bundle ?? 'popular', method: 'ideal' } })
  if (res.statusCode !== 200) throw new Error(`payment: ${res.statusCode} ${res.body}`)
  const { payment_id, checkout_url } = res.json() as { payment_id: number; checkout_url: string }
  const providerId = checkout_url.split('/').pop()!
  const paid = await app.inject({ method: 'POST', url: '/api/test-checkout.php', headers: { host }, payload: { payment_id: providerId, outcome: 'paid' } })
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.statusCode} ${paid.body}`)
  await syncPayment(db, paymentServices(app.services).provider, providerId)
  return { ...member, paymentId: payment_id, providerId }
}
