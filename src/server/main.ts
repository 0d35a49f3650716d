// Starts the server: config, tenants, database (migrated, seeded on first start), then Fastify. With
// WEB_CONCURRENCY above 1 this process forks that many servers sharing the port instead (cluster.server.ts).
import path from 'node:path'
import { loadConfig } from './config.server'
import { loadTenants, createRegistry, reloadTenantsLive, TenantFileError } from './tenants.server'
import { openDatabase, migrateDatabase } from '../db/client.server'
import { createServices } from './services.server'
import { buildApp } from './app.server'
import { vikePages } from './vike.server'
import { seedDemo } from '../db/seed.server'
import { DataDirLockedError, announceSocket } from '../db/data-dir-lock.server'
import { startCommandSocket } from './command-socket.server'
import { createMediaStorage } from './media-storage.server'
import { handleShutdownSignals } from './lifecycle.server'
import { createCacheBus } from './cache-bus.server'
import { installId, redisNamespace } from './install-id.server'
import { warmUp } from './warm-up.server'
import { processRole, runPrimary, stopWhenOrphaned } from './cluster.server'
import { keepServingWhenOutputCloses } from './output-streams.server'

async function main() {
  keepServingWhenOutputCloses()
  const config = loadConfig(process.env)
  const role = processRole()
  if (config.workers > 1 && role === 'single') return runPrimary({ workers: config.workers, log: (line) => console.log(line) })
  stopWhenOrphaned()
  const loaded = await loadTenants()
  const tenants = createRegistry(loaded.all, config.defaultTenant)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    command: 'server',
    // The embedded database's thread gone, nothing can be served: stop, for the service manager to start it again.
    onFailure: (err) => {
      console.error(`[db] ${err.message}: stopping the server.`)
      process.exit(1)
    },
  })
  await migrateDatabase(database)
  const media = createMediaStorage(config)
  // Demo data on a demo install: the first start fills it, later starts and tenant reloads top it up.
  const seed = async () => {
    if (!config.seedDemo) return
    const seeded = await seedDemo(database.db, { tenants: tenants.all, mediaDir: config.mediaDir, media, membersPerPool: config.seedMembersPerPool, log: (l: string) => console.log(l) })
    if (seeded.created) {
      if (seeded.fictionalMembers > 0) console.log(`[seed] ${seeded.fictionalMembers} fictional demo members loaded.`)
      if (seeded.demoAccounts.length > 0) console.log('[seed] Demo accounts:')
      for (const a of seeded.demoAccounts) console.log(`  ${a.tenantId.padEnd(12)} ${a.kind.padEnd(8)} ${a.email}  ${a.password}`)
    }
  }
  await seed()
  const services = await createServices({ config, database, tenants, media, jobIntervalMs: config.runJobs ? 1000 : 0, log: (m) => console.error(`[jobs] ${m}`) })
  if (database.kind === 'pglite' && !config.runJobs) console.error('[jobs] RUN_JOBS=false on the embedded database: nothing runs the jobs (npm run worker needs PostgreSQL).')
  const app = await buildApp({ services, pages: vikePages({ dev: config.env === 'development' }), logger: true })
  // The embedded database is this process's alone: other commands reach it through the command socket.
  const control = database.lock ? await startCommandSocket(services) : undefined
  if (database.lock && control) announceSocket(database.lock, control.path)
  // SIGTERM: stop accepting, live sockets closed with the restart code, requests in flight finished, then the
  // rest; out within 10 s whatever happens (lifecycle.server.ts, decision 035).
  handleShutdownSignals({
    app,
    log: (line) => console.log(line),
    after: async () => {
      await control?.close()
      await services.jobs.stop()
      services.mailer.close()
      await database.close()
    },
  })
  // The database connections and hot statements are made before the first request, not under it (decision 044).
  const warm = await warmUp(services)
  if (warm.connections > 0) console.log(`Warm-up: ${warm.connections} database connections ready in ${warm.ms} ms`)
  await app.listen({ port: config.port, host: config.host })
  // The lead process of a cluster speaks for all of them.
  const sites = () => role !== 'extra' && console.log(`Sites: ${tenants.all.map((t) => `http://${t.id}.localhost:${config.port}/`).join('  ')}`)
  sites()
  // Tenant files are read again on SIGHUP and when tenants/ changes: a new brand, a domain moved or a tenant
  // switched off takes effect without a restart; sessions live in the database (docs/decisions/027).
  const bus = createCacheBus({ redisUrl: config.redisUrl, prefix: redisNamespace(config.redisPrefix, await installId(database.db)), log: (m) => console.error(`[tenants] ${m}`) })
  reloadTenantsLive(tenants, {
    bus,
    log: (line) => console.log(line),
    afterReload: async () => {
      await seed()
      sites()
    },
  })
}

main().catch((err) => {
  console.error(err instanceof TenantFileError || err instanceof DataDirLockedError || err.message?.startsWith('Invalid configuration') ? err.message : err)
  process.exit(1)
})
