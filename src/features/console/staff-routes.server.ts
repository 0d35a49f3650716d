// The console's staff accounts (decision 037 addendum): list and create, admin only (policy `staff.manage`). Creating
// is the createStaff of `npm run staff:create` and the command socket, with the audit row in its transaction.
import type { FastifyInstance } from 'fastify'
import { desc, eq, inArray } from 'drizzle-orm'
import { ApiError } from '../../shared/api-errors'
import type { FeatureRouteOptions } from '../../server/core.server'
import { accounts } from '../../db/schema'
import { STAFF_ROLES } from '../../shared/staff-policy'
import { createStaff } from '../accounts/index.server'
import { auditorOf, writeAudit } from './audit.server'
import { staffCreateEndpoint, staffListEndpoint } from './staff-endpoints'

const columns = { id: accounts.id, email: accounts.email, role: accounts.role, pool: accounts.pool, tenantId: accounts.tenantId, createdAt: accounts.createdAt }
const present = (r: { id: number; email: string; role: string; pool: string; tenantId: string; createdAt: Date }) => ({
  id: r.id, email: r.email, role: r.role, pool: r.pool, tenant_id: r.tenantId, created_at: r.createdAt.toISOString(),
})

export async function consoleStaffRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const { tenants } = app.services

  route(app, staffListEndpoint, async () => ({
    staff: (await db.select(columns).from(accounts).where(inArray(accounts.role, [...STAFF_ROLES])).orderBy(desc(accounts.id)).limit(500)).map(present),
  }))

  route(app, staffCreateEndpoint, async (req) => {
    const b = req.body
    const tenant = tenants.byId.get(b.tenant)
    if (!tenant) throw new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))
    const out = await createStaff(db, tenant, { email: b.email, password: b.password, name: b.name, role: b.role }, async (tx, made) => {
      await writeAudit(tx, auditorOf(req), {
        action: 'staff.create', pool: tenant.pool, targetType: 'staff', targetId: made.id,
        before: made.created ? null : { role: made.previousRole }, after: { email: b.email, role: b.role, tenant: tenant.id, created: made.created },
      })
    })
    const [row] = await db.select(columns).from(accounts).where(eq(accounts.id, out.id))
    return { staff: present(row), created: out.created }
  })
}
