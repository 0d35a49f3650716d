// The same Fastify server (plugins, tenant hook, compression) answering a prebuilt HTML string for every page:
// the ceiling that bench/ssr compares server rendering against.
import { loadConfig } from '../src/server/config.server'
import { loadTenants } from '../src/server/tenants.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { createServices } from '../src/server/services.server'
import { buildApp } from '../src/server/app.server'

const html = process.env.BENCH_HTML ?? '<!DOCTYPE html><html><body>prebuilt</body></html>'
const config = loadConfig(process.env)
const database = await openDatabase({})
await migrateDatabase(database)
const app = await buildApp({
  services: await createServices({ config, database, tenants: await loadTenants(), jobIntervalMs: 0 }),
  pages: async (a) => {
    a.get('/*', (_req, reply) => reply.type('text/html; charset=utf-8').send(html))
  },
})
await app.listen({ port: config.port, host: config.host })
