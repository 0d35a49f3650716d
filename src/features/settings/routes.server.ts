// /api/settings.php, /api/interests.php, /api/regions.php, /api/companyinfo.php. Definitions:
// src/features/settings/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { hostName } from '../../shared/host-name'
import * as api from './endpoints'
import { buildCompanyInfo, buildSettings, interestsOf, regionDataOf } from './settings.server'

/** The three catalogue endpoints change only with a deploy: browsers and proxies may keep them an hour. */
const CATALOGUE_CACHE = 'public, max-age=3600'

export async function settingsRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { vapid } = app.services
  // Per tenant object: a reload of the tenant files (docs/decisions/027) makes new ones.
  const memos = new WeakMap<object, Map<string, unknown>>()
  const cached = <T>(tenant: object, key: string, make: () => T): T => {
    let memo = memos.get(tenant)
    if (!memo) memos.set(tenant, (memo = new Map()))
    if (!memo.has(key)) memo.set(key, make())
    return memo.get(key) as T
  }

  const { config, tenants } = app.services
  /** The spec's forced-domain parameter: only where a preview of another brand is wanted and harmless. */
  const previewHost = (host: string | undefined) => {
    const name = hostName(host)
    if (!name) return false
    if (config.previewHosts.includes(name)) return true
    return config.env !== 'production' && (name === 'localhost' || name === '127.0.0.1' || name.endsWith('.localhost'))
  }

  route(app, api.settingsEndpoint, async (req, reply) => {
    const { lng, t, country } = req.ctx
    const wanted = req.query.forced_domain && previewHost(req.headers.host) ? hostName(req.query.forced_domain) : undefined
    const forced = wanted ? tenants.all.find((x) => x.domains.includes(wanted)) : undefined
    const tenant = forced ?? req.ctx.tenant
    reply.header('Cache-Control', 'private, max-age=300').header('Vary', 'Cookie, Accept-Language')
    return cached(tenant, `settings:${lng}:${country ?? '-'}`, () =>
      buildSettings(tenant, { lng, geoCountry: country, pushPublicKey: vapid.publicKey, t }),
    )
  })

  route(app, api.interestsEndpoint, async (req, reply) => {
    const { tenant, lng, t } = req.ctx
    reply.header('Cache-Control', CATALOGUE_CACHE).header('Vary', 'Cookie, Accept-Language')
    return cached(tenant, `interests:${lng}`, () => ({ interests: interestsOf(tenant, t) }))
  })

  route(app, api.regionsEndpoint, async (req, reply) => {
    const { tenant, lng } = req.ctx
    reply.header('Cache-Control', CATALOGUE_CACHE).header('Vary', 'Cookie, Accept-Language')
    return cached(tenant, `regions:${lng}`, () => ({ countries: regionDataOf(tenant, lng) }))
  })

  route(app, api.companyInfoEndpoint, async (req, reply) => {
    const { tenant } = req.ctx
    reply.header('Cache-Control', CATALOGUE_CACHE)
    return cached(tenant, `company`, () => buildCompanyInfo(tenant))
  })
}
