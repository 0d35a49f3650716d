// npm run staff:create -- --tenant datingstad --email staf@example.nl --password '...' [--role admin] [--name Staf]
// Creates (or promotes) a staff account with a console role (admin, moderator, marketer, support, chat_operator;
// default moderator) in the tenant's pool; staff log in at /admin/login (decision 028).
// On the embedded database while the server runs, the server does it (its command socket, decision 019): a second
// process on the PGlite data directory would lose the account.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/server/config.server'
import { loadTenants } from '../src/server/tenants.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { DataDirLockedError } from '../src/db/data-dir-lock.server'
import { createStaff, STAFF_PASSWORD_MIN } from '../src/features/accounts/staff.server'
import { sendCommand } from '../src/server/command-socket.server'
import { isStaffRole, STAFF_ROLES } from '../src/shared/staff-policy'

const { values } = parseArgs({ options: { tenant: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } } })
const role = values.role ?? 'moderator'
if (!values.tenant || !values.email || !values.password || values.password.length < STAFF_PASSWORD_MIN || !isStaffRole(role)) {
  console.error(
    `Usage: npm run staff:create -- --tenant <id> --email <address> --password <at least ${STAFF_PASSWORD_MIN} characters> [--role ${STAFF_ROLES.join('|')}] [--name <name>]`,
  )
  process.exit(2)
}
const config = loadConfig(process.env)
const tenant = (await loadTenants()).byId.get(values.tenant)
if (!tenant) {
  console.error(`Unknown tenant ${values.tenant}`)
  process.exit(2)
}
let database
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'), command: 'staff:create' })
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err
  if (!err.holder.socket) {
    console.error(err.message)
    process.exit(1)
  }
  try {
    const answer = await sendCommand(err.holder.socket, { command: 'staff:create', tenant: tenant.id, email: values.email, password: values.password, name: values.name, role })
    if (!answer.ok) {
      console.error(`The running server (pid ${err.holder.pid}) refused: ${answer.message}`)
      process.exit(1)
    }
    console.log(`${answer.message} (through the running server, pid ${err.holder.pid})`)
    process.exit(0)
  } catch (e) {
    console.error(`${err.message}\nIts command socket ${err.holder.socket} did not answer: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  }
}
await migrateDatabase(database)
const out = await createStaff(database.db, tenant, { email: values.email, password: values.password, name: values.name, role })
console.log(out.message)
await database.close()
