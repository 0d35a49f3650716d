// Staff accounts of the console (/admin, decision 028), each with one role of its policy: made by
// `npm run staff:create -- --role <role>`, directly on PostgreSQL or through the running server's command socket on
// the embedded database (decision 019). The account lives in the tenant's pool, which is the pool it works on
// (an admin works on every pool); it logs in at /admin/login only, never as a member.
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { accounts, profiles, sessions } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import { hashPassword } from './passwords.server'
import type { StaffRole } from '../../shared/staff-policy'

export const STAFF_PASSWORD_MIN = 12

/** Creates a staff account with its role in the tenant's pool, or gives an existing account of that address the role. */
export async function createStaff(db: Db, tenant: Tenant, opts: { email: string; password: string; name?: string; role: StaffRole },
  /** Runs in the same transaction once the account is made (the console's audit row). */
  after?: (tx: Tx, out: { id: number; created: boolean; previousRole: string | null }) => Promise<void>,
): Promise<{ created: boolean; message: string; id: number }> {
  const { role } = opts
  const passwordHash = await hashPassword(opts.password)
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(accounts).where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${opts.email})`))
    if (existing) {
      // Its member sessions end: from now on it logs in to the console only.
      await tx.update(accounts).set({ role, passwordHash, status: 'active', failedLogins: 0, blockedUntil: null }).where(eq(accounts.id, existing.id))
      await tx.delete(sessions).where(eq(sessions.accountId, existing.id))
      await after?.(tx, { id: existing.id, created: false, previousRole: existing.role })
      return { created: false, id: existing.id, message: `Account ${opts.email} in pool ${tenant.pool} is now staff (${role}).` }
    }
    const [acc] = await tx
      .insert(accounts)
      .values({ pool: tenant.pool, tenantId: tenant.id, email: opts.email, passwordHash, status: 'active', role, confirmedAt: new Date(), language: tenant.default_locale })
      .returning()
    await tx.insert(profiles).values({ accountId: acc.id, pool: acc.pool, name: opts.name ?? 'Staff', birthDate: '1980-01-01', country: Object.keys(tenant.countries)[0], searchable: false })
    await after?.(tx, { id: acc.id, created: true, previousRole: null })
    return { created: true, id: acc.id, message: `Staff account ${opts.email} (${role}) created in pool ${tenant.pool}.` }
  })
}
