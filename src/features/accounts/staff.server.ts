// Staff accounts (they review photos at /admin/photos): made by `npm run staff:create`, directly on PostgreSQL or
// through the running server's command socket on the embedded database (decision 019).
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, profiles } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import { hashPassword } from './passwords.server'

export const STAFF_PASSWORD_MIN = 12

/** Creates a staff account in the tenant's pool, or makes an existing account of that address staff. */
export async function createStaff(db: Db, tenant: Tenant, opts: { email: string; password: string; name?: string }): Promise<{ created: boolean; message: string }> {
  const passwordHash = await hashPassword(opts.password)
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(accounts).where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${opts.email})`))
    if (existing) {
      await tx.update(accounts).set({ role: 'staff', passwordHash, status: 'active' }).where(eq(accounts.id, existing.id))
      return { created: false, message: `Account ${opts.email} in pool ${tenant.pool} is now staff.` }
    }
    const [acc] = await tx
      .insert(accounts)
      .values({ pool: tenant.pool, tenantId: tenant.id, email: opts.email, passwordHash, status: 'active', role: 'staff', confirmedAt: new Date(), language: tenant.default_locale })
      .returning()
    await tx.insert(profiles).values({ accountId: acc.id, pool: acc.pool, name: opts.name ?? 'Staff', birthDate: '1980-01-01', country: Object.keys(tenant.countries)[0], searchable: false })
    return { created: true, message: `Staff account ${opts.email} created in pool ${tenant.pool}.` }
  })
}
