// The app shell's server side (issue 14): the web manifest and icons per tenant, and the page-hidden beacon.
// Definitions: src/features/shell/.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { pageHiddenEndpoint } from './endpoints'
import { createAppIconCache, webManifest } from './manifest.server'
import { renderOfflinePage } from './offline-page.server'
import { pageBounces } from '../../db/schema'

const YEAR = 'public, max-age=31536000, immutable'

export async function shellRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, cspNonce } = core
  const iconCache = createAppIconCache()

  app.get('/manifest.webmanifest', async (req, reply) => {
    const { tenant, lng } = req.ctx
    const manifest = webManifest(tenant, lng, await iconCache.icons(tenant))
    // The language comes from the request, so caches keep one copy per language.
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'accept-language, cookie').type('application/manifest+json; charset=utf-8')
    return reply.send(JSON.stringify(manifest))
  })

  // Named by content: a new colour is a new URL.
  app.get<{ Params: { file: string } }>('/app-icons/:file', async (req, reply) => {
    const icons = await iconCache.icons(req.ctx.tenant)
    const icon = icons.find((i) => i.url === `/app-icons/${req.params.file}`)
    if (!icon) return reply.code(404).send({ error: 'not_found', message: req.ctx.t('errors.not_found') })
    return reply.header('cache-control', YEAR).type('image/png').send(icon.png)
  })

  // iOS asks for this path by name as well as through <link rel="apple-touch-icon">: a stable URL, cached a day.
  app.get('/apple-touch-icon.png', async (req, reply) => {
    const icon = (await iconCache.icons(req.ctx.tenant)).find((i) => i.kind === 'apple-180')!
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(icon.png)
  })

  // The service worker's offline page (public/sw.js caches it): the tenant's look in the request's language.
  app.get('/offline.html', async (req, reply) => {
    const { tenant, lng, t } = req.ctx
    const html = renderOfflinePage({ tenant, lang: lng, t: t as (key: string, vars?: Record<string, unknown>) => string, nonce: cspNonce(reply) })
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html)
  })

  const { db } = app.services.database
  route(app, pageHiddenEndpoint, async (req, reply) => {
    const { lb, path, ms } = req.query
    if (lb === '1' && path !== undefined && ms !== undefined) {
      await db.insert(pageBounces).values({ tenantId: req.ctx.tenant.id, path, msSinceLoad: ms })
    }
    reply.code(204)
    return null
  })
}
