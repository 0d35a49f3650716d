// npm run worker: the job worker alone (mail, purges), for deployments that run the web servers with RUN_JOBS=false.
import path from 'node:path'
import { loadConfig } from './config.server'
import { loadTenants, createRegistry } from './tenants.server'
import { openDatabase, migrateDatabase } from '../db/client.server'
import { createServices } from './services.server'

const config = loadConfig(process.env)
const tenants = createRegistry((await loadTenants()).all, config.defaultTenant)
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') })
await migrateDatabase(database)
const services = await createServices({ config, database, tenants, jobIntervalMs: 1000, log: (m) => console.error(`[jobs] ${m}`) })
console.log(`Job worker running (${database.kind}, mail via ${services.mailer.kind}).`)
const stop = async () => {
  await services.jobs.stop()
  services.mailer.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
