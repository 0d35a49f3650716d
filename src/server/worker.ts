// npm run worker: the job worker alone (mail, purges), for deployments that run the web servers with RUN_JOBS=false.
import { loadConfig } from './config.server'
import { loadTenants, createRegistry, reloadTenantsLive } from './tenants.server'
import { openDatabase, migrateDatabase } from '../db/client.server'
import { createServices } from './services.server'
import { keepServingWhenOutputCloses } from './output-streams.server'

keepServingWhenOutputCloses()

const config = loadConfig(process.env)
if (!config.databaseUrl) {
  // PGlite is one process (decision 019): the server runs the jobs itself on it.
  console.error('npm run worker needs PostgreSQL (DATABASE_URL). On the embedded database (PGlite) the server runs the jobs itself (RUN_JOBS=true, the default); a second process on it would lose data.')
  process.exit(2)
}
const tenants = createRegistry((await loadTenants()).all, config.defaultTenant)
const database = await openDatabase({ databaseUrl: config.databaseUrl })
await migrateDatabase(database)
const services = await createServices({ config, database, tenants, jobIntervalMs: 1000, log: (m) => console.error(`[jobs] ${m}`) })
console.log(`Job worker running (${database.kind}, mail via ${services.mailer.kind}).`)
const stop = async () => {
  await services.jobs.stop()
  services.mailer.close()
  await database.close()
  process.exit(0)
}
// The mails name the tenants as the server knows them: their files are read again as the server reads them.
reloadTenantsLive(tenants, { log: (line) => console.error(line) })
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
