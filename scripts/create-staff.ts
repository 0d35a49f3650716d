// npm run staff:create -- --tenant datingstad --email staf@example.nl --password '...' [--name Staf]
// Creates (or promotes) a staff account in the tenant's pool; staff review photos at /admin/photos.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { loadConfig } from '../src/server/config.server'
import { loadTenants } from '../src/server/tenants.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { accounts, profiles } from '../src/db/schema'
import { hashPassword } from '../src/features/accounts/passwords.server'

const { values } = parseArgs({ options: { tenant: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } })
if (!values.tenant || !values.email || !values.password || values.password.length < 12) {
  console.error('Usage: npm run staff:create -- --tenant <id> --email <address> --password <at least 12 characters> [--name <name>]')
  process.exit(2)
}
const config = loadConfig(process.env)
const tenant = (await loadTenants()).byId.get(values.tenant)
if (!tenant) {
  console.error(`Unknown tenant ${values.tenant}`)
  process.exit(2)
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') })
await migrateDatabase(database)
const { db } = database
const passwordHash = await hashPassword(values.password)
const [existing] = await db.select().from(accounts).where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${values.email})`))
if (existing) {
  await db.update(accounts).set({ role: 'staff', passwordHash, status: 'active' }).where(eq(accounts.id, existing.id))
  console.log(`Account ${values.email} in pool ${tenant.pool} is now staff.`)
} else {
  const [acc] = await db
    .insert(accounts)
    .values({ pool: tenant.pool, tenantId: tenant.id, email: values.email, passwordHash, status: 'active', role: 'staff', confirmedAt: new Date(), language: tenant.default_locale })
    .returning()
  await db.insert(profiles).values({ accountId: acc.id, pool: acc.pool, name: values.name ?? 'Staff', birthDate: '1980-01-01', country: Object.keys(tenant.countries)[0], searchable: false })
  console.log(`Staff account ${values.email} created in pool ${tenant.pool}.`)
}
await database.close()
