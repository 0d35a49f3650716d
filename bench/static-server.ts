// The same Fastify server (plugins, tenant hook, request context) answering a prebuilt HTML string for every page,
// compressed the way pages are (src/server/vike.server.ts): the ceiling that bench/ssr compares server rendering
// against.
import { loadConfig } from '../src/server/config.server'
import { loadTenants } from '../src/server/tenants.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { createServices } from '../src/server/services.server'
import { buildApp } from '../src/server/app.server'
import { compressHtml } from '../src/server/compress-html.server'

const html = process.env.BENCH_HTML ?? '<!DOCTYPE html><html><body>prebuilt</body></html>'
const config = loadConfig(process.env)
const database = await openDatabase({})
await migrateDatabase(database)
const app = await buildApp({
  services: await createServices({ config, database, tenants: await loadTenants(), jobIntervalMs: 0 }),
  pages: async (a) => {
    a.get('/*', { compress: false }, async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Cookie')
      const encoded = await compressHtml(html, String(req.headers['accept-encoding'] ?? ''))
      if (encoded) reply.header('Content-Encoding', encoded.encoding)
      return reply.send(encoded ? encoded.body : html)
    })
  },
})
await app.listen({ port: config.port, host: config.host })
