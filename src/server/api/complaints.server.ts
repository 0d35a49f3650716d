// POST /api/complaints.php: stores a complaint for the tenant and confirms it with its number.
import type { FastifyInstance } from 'fastify'
import { complaintRequest } from '../../shared/contracts'
import { parseInput } from '../zod-errors.server'
import { complaints } from '../../db/schema'

export async function complaintRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  app.post('/api/complaints.php', async (req, reply) => {
    const { tenant, t, account } = req.ctx
    const body = parseInput(complaintRequest, req.body, t)
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
