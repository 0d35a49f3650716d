// The console's tenants view and maintenance switch (decision 037 addendum). Maintenance stays what decision 027
// made it, a field of the tenant file: the switch writes `maintenance: true|false` into tenants/<id>.ts and reloads
// the tenants in this process at once (other processes follow their file watcher). The new files are validated as
// at start; a refused reload puts the file back as it was and the running tenants stay.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../shared/api-errors'
import type { FeatureRouteOptions } from '../../server/core.server'
import { allPools, poolsOf } from '../../shared/staff-policy'
import type { Tenant } from '../../shared/tenant-schema'
import { auditorOf, writeAudit } from './audit.server'
import { tenantDetailEndpoint, tenantMaintenanceEndpoint, tenantsListEndpoint, type ConsoleTenant } from './tenant-endpoints'
import { buildSettings, tenantLocales } from '../settings/index.server'
import { designsFor, gallerySlugs, landerHref, landerOrigin } from '../landers/index.server'
import { AA_NORMAL, checkContrast } from '../../../themes/contrast'
import { buildTheme } from '../../../themes/build-theme'
import { isLocale } from '../../shared/locales'

const present = (t: Tenant): ConsoleTenant => ({
  id: t.id, name: t.name, domains: t.domains, niche: t.niche, pool: t.pool, default_locale: t.default_locale, countries: t.countries,
  languages: [...new Set([t.default_locale, ...Object.values(t.countries).flat()])],
  maintenance: t.maintenance, maintenance_retry_after_minutes: t.maintenance_retry_after_minutes, primary: t.theme.primary, secondary: t.theme.secondary,
})

/**
 * The tenant file's text with `maintenance` set: the existing line changed, else a line added after the id. The
 * file stays the operator's own (comments and layout untouched).
 */
export function withMaintenance(source: string, id: string, on: boolean): string {
  const line = /^(\s*)maintenance:\s*(true|false)\s*,/m
  if (line.test(source)) return source.replace(line, `$1maintenance: ${on},`)
  const idLine = new RegExp(`^(\\s*)id:\\s*['"]${id}['"]\\s*,[^\\n]*$`, 'm')
  if (!idLine.test(source)) throw new Error(`no id line in the tenant file of ${id}`)
  return source.replace(idLine, (m, indent: string) => `${m}\n${indent}maintenance: ${on},`)
}

export async function consoleTenantRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, reloadTenants } = core
  const { db } = app.services.database
  const { tenants } = app.services
  const mine = (staff: Parameters<typeof poolsOf>[0]) => {
    const pools = poolsOf(staff, allPools(tenants.all))
    return tenants.all.filter((t) => pools.includes(t.pool))
  }
  // One switch at a time in this process: two writes of tenant files must not interleave.
  let queue: Promise<unknown> = Promise.resolve()

  route(app, tenantsListEndpoint, async (req) => ({ tenants: mine(req.ctx.staff).map(present) }))

  // Read-only: what the brand's pages get from settings.php, the contrast check that tenant:new and the server
  // start make (themes/contrast.ts), and the lander gallery's addresses of its landers.
  route(app, tenantDetailEndpoint, async (req) => {
    const tenant = mine(req.ctx.staff).find((t) => t.id === req.query.id)
    if (!tenant) throw new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))
    const wanted = req.query.lng
    const lng = wanted && isLocale(wanted) && tenantLocales(tenant).includes(wanted) ? wanted : tenant.default_locale
    const settings = buildSettings(tenant, { lng, geoCountry: undefined, pushPublicKey: app.services.vapid.publicKey, t: app.services.i18n.forRequest(lng).t })
    const colours = buildTheme(tenant.theme).colors
    const origin = landerOrigin(tenant, req.headers.host, app.services.config.publicUrl)
    const slugs = gallerySlugs(tenant.niche, Object.keys(tenant.countries)[0])
    return {
      tenant: present(tenant),
      settings_language: lng,
      settings,
      theme: { primary: colours.primary, secondary: colours.secondary, unread: colours.unread, background: colours.background, text: colours.text },
      contrast_minimum: AA_NORMAL,
      contrast: checkContrast(tenant.theme).map((r) => ({ id: r.id, name: r.name, foreground: r.foreground, background: r.background, input: r.input ?? null, ratio: Math.floor(r.ratio * 100) / 100, passes: r.passes })),
      landers: slugs.flatMap((slug) => designsFor(slug).map((design) => ({ design, slug, href: landerHref(origin, design, slug, {}) }))),
    }
  })

  route(app, tenantMaintenanceEndpoint, async (req) => {
    const { id, maintenance } = req.body
    const run = queue.then(async () => {
      const tenant = mine(req.ctx.staff).find((t) => t.id === id)
      if (!tenant) throw new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))
      if (tenant.maintenance === maintenance) return { tenant: present(tenant), changed: false }
      // A brand in maintenance answers its API with 503, this console included: switching off the brand the console
      // is opened on would lock the switch out. It is done from another brand's console (or in the file).
      if (maintenance && tenant.id === req.ctx.tenant.id) throw new ApiError(409, 'current_tenant', req.ctx.t('admin.tenants.current_tenant'))
      const file = path.join(app.services.tenantsDir, `${id}.ts`)
      const before = fs.readFileSync(file, 'utf8')
      fs.writeFileSync(file, withMaintenance(before, id, maintenance))
      try {
        await reloadTenants(tenants, app.services.tenantsDir)
      } catch (err) {
        fs.writeFileSync(file, before)
        req.log.warn({ err }, 'tenant file refused after the maintenance switch')
        throw new ApiError(409, 'tenant_file_refused', req.ctx.t('admin.tenants.file_refused'))
      }
      const now = tenants.byId.get(id)!
      await writeAudit(db, auditorOf(req), { action: 'tenants.maintenance', pool: now.pool, targetType: 'tenant', targetId: id, before: { maintenance: tenant.maintenance }, after: { maintenance: now.maintenance } })
      return { tenant: present(now), changed: true }
    })
    queue = run.catch(() => undefined)
    return run
  })
}
