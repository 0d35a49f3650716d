// POST /api/complaints.php: stores a complaint for the tenant, mails it to support and its receipt to the member,
// and confirms it with its reference number.
// Definition: src/features/complaints/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { complaintEndpoint } from './endpoints'
import { fileComplaint } from './complaints.server'

/** Complaints per client address and per member an hour: enough for real reports, not for flooding the staff. */
export const COMPLAINTS_PER_ADDRESS_PER_HOUR = 10
export const COMPLAINTS_PER_MEMBER_PER_HOUR = 5

export async function complaintRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, enforceLimit } = core
  const { db } = app.services.database
  route(app, complaintEndpoint, async (req, reply) => {
    const { tenant, account } = req.ctx
    const body = req.body
    await enforceLimit(req, `complaint-ip:${req.ip}`, COMPLAINTS_PER_ADDRESS_PER_HOUR, 3600)
    if (account) await enforceLimit(req, `complaint:${account.id}`, COMPLAINTS_PER_MEMBER_PER_HOUR, 3600)
    const { id, reference } = await fileComplaint(db, { tenant, accountId: account?.id, lng: req.ctx.lng, body })
    reply.code(201)
    return { id, reference, email: body.email }
  })
}
