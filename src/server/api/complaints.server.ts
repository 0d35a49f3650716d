// POST /api/complaints.php: stores a complaint for the tenant and confirms it with its number.
// Definition: src/features/complaints/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import { route } from '../endpoint.server'
import { complaintEndpoint } from '../../features/complaints/endpoints'
import { complaints } from '../../db/schema'

export async function complaintRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  route(app, complaintEndpoint, async (req, reply) => {
    const { tenant, account } = req.ctx
    const body = req.body
    const [row] = await db
      .insert(complaints)
      .values({
        pool: tenant.pool,
        tenantId: tenant.id,
        accountId: account?.id ?? null,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        profileUrl: body.profile_url || null,
      })
      .returning({ id: complaints.id })
    reply.code(201)
    return { id: row.id, email: body.email }
  })
}
