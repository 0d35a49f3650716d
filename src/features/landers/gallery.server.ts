// The marketers' lander gallery's endpoints (decision 029): the tenants with the slugs of their niche and where
// their landers are, the traffic figures by landing and source, and the page bounces logged with the query flag lb.
// All are console endpoints (action landers.view: admin and marketer).
import { and, count, desc, eq, gt, sql, sum } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.server'
import { pageBounces, trafficConversions, trafficVisits } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { FeatureRouteOptions } from '../../server/core.server'
import { ApiError } from '../../shared/api-errors'
import { hostName } from '../../shared/host-name'
import { tenantUrl } from '../mail/index.server'
import { tenantLocales } from '../settings/index.server'
import { LANDER_DESIGNS } from './slug'
import { gallerySlugs, landerGalleryEndpoint, pageBouncesEndpoint, trafficStatsEndpoint, type PageBounceRow, type TrafficRow } from './gallery'
import { allPools, poolsOf } from '../../shared/staff-policy'

/** Local preview (the gallery opened on a *.localhost host): `http://<id>.localhost:<port>`; else the public address. */
export function landerOrigin(tenant: Tenant, requestHost: string | undefined, publicUrl: string): string {
  const name = hostName(requestHost)
  if (name && (name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1')) {
    const port = /:(\d{1,5})$/.exec(requestHost ?? '')?.[1]
    return `http://${tenant.id}.localhost${port ? `:${port}` : ''}`
  }
  return new URL(tenantUrl(publicUrl, tenant, '/')).origin
}

const key = (r: { landing: string | null; network: string | null; ref: string | null; sub1: string | null; sub2: string | null; sub3: string | null }) =>
  JSON.stringify([r.landing ?? '', r.network, r.ref, r.sub1, r.sub2, r.sub3])

/** Visits, signups and first purchases of a tenant's tracked traffic of the last `days`, by landing and source. */
export async function trafficStats(db: Db, tenantId: string, days: number): Promise<TrafficRow[]> {
  const since = sql`now() - make_interval(days => ${days})`
  const groupV = [trafficVisits.landing, trafficVisits.network, trafficVisits.ref, trafficVisits.sub1, trafficVisits.sub2, trafficVisits.sub3] as const
  const visits = await db
    .select({ landing: trafficVisits.landing, network: trafficVisits.network, ref: trafficVisits.ref, sub1: trafficVisits.sub1, sub2: trafficVisits.sub2, sub3: trafficVisits.sub3, n: count() })
    .from(trafficVisits)
    .where(and(eq(trafficVisits.tenantId, tenantId), gt(trafficVisits.createdAt, since)))
    .groupBy(...groupV)
  const c = trafficConversions
  const conversions = await db
    .select({ landing: c.landing, network: c.network, ref: c.ref, sub1: c.sub1, sub2: c.sub2, sub3: c.sub3, kind: c.kind, currency: c.currency, n: count(), cents: sum(c.amountCents) })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), gt(c.createdAt, since)))
    .groupBy(c.landing, c.network, c.ref, c.sub1, c.sub2, c.sub3, c.kind, c.currency)
  const rows = new Map<string, TrafficRow>()
  const rowOf = (r: Parameters<typeof key>[0]) => {
    const k = key(r)
    let row = rows.get(k)
    if (!row) rows.set(k, (row = { landing: r.landing ?? '', network: r.network, ref: r.ref, sub1: r.sub1, sub2: r.sub2, sub3: r.sub3, visits: 0, signups: 0, first_purchases: 0, revenue: [] }))
    return row
  }
  for (const v of visits) rowOf(v).visits += Number(v.n)
  for (const v of conversions) {
    const row = rowOf(v)
    if (v.kind === 'signup') row.signups += Number(v.n)
    else if (v.kind === 'first_purchase') {
      row.first_purchases += Number(v.n)
      const currency = v.currency ?? ''
      const r = row.revenue.find((x) => x.currency === currency) ?? row.revenue[row.revenue.push({ currency, amount_cents: 0 }) - 1]
      r.amount_cents += Number(v.cents ?? 0)
    }
  }
  return [...rows.values()].sort((a, b) => b.visits + b.signups - (a.visits + a.signups) || a.landing.localeCompare(b.landing)).slice(0, 1000)
}

/** A tenant's page bounces of the last `days` per path (the shell's page-hidden beacon with lb=1), most first; at most 200 paths. */
export async function pageBounceStats(db: Db, tenantId: string, days: number): Promise<{ total: number; rows: PageBounceRow[] }> {
  const since = sql`now() - make_interval(days => ${days})`
  const where = and(eq(pageBounces.tenantId, tenantId), gt(pageBounces.createdAt, since))
  const n = count()
  const rows = await db
    .select({
      path: pageBounces.path,
      bounces: n,
      median: sql<string>`percentile_cont(0.5) within group (order by ${pageBounces.msSinceLoad})`,
      last: sql<string>`max(${pageBounces.createdAt})`,
    })
    .from(pageBounces)
    .where(where)
    .groupBy(pageBounces.path)
    .orderBy(desc(n), pageBounces.path)
    .limit(200)
  const [{ total }] = await db.select({ total: count() }).from(pageBounces).where(where)
  return {
    total: Number(total),
    rows: rows.map((r) => ({ path: r.path, bounces: Number(r.bounces), median_ms: Math.round(Number(r.median)), last_at: new Date(r.last).toISOString() })),
  }
}

export function landerGalleryRoutes(app: FastifyInstance, { core: { route } }: FeatureRouteOptions) {
  const { db } = app.services.database
  const { tenants, config } = app.services
  // An admin sees every pool's tenants, a marketer those of the pool of its account (the console's rule, decision 028).
  const visible = (staff: { role: string; pool: string }) => {
    const pools = poolsOf(staff, allPools(tenants.all))
    return tenants.all.filter((t) => pools.includes(t.pool))
  }
  route(
    app,
    landerGalleryEndpoint,
    async (req) => ({
      designs: [...LANDER_DESIGNS],
      tenants: visible(req.ctx.staff).map((t) => ({
        id: t.id,
        name: t.name,
        niche: t.niche,
        origin: landerOrigin(t, req.headers.host, config.publicUrl),
        languages: tenantLocales(t),
        default_language: t.default_locale,
        theme: { primary: t.theme.primary, secondary: t.theme.secondary, ...(t.theme.background ? { background: t.theme.background } : {}) },
        slugs: gallerySlugs(t.niche, Object.keys(t.countries)[0]),
      })),
    }),
  )
  route(
    app,
    trafficStatsEndpoint,
    async (req) => {
      const tenant = visible(req.ctx.staff).find((t) => t.id === req.query.tenant)
      if (!tenant) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
      const days = req.query.days ?? 30
      return { tenant: tenant.id, days, rows: await trafficStats(db, tenant.id, days) }
    },
  )
  route(app, pageBouncesEndpoint, async (req) => {
    const tenant = visible(req.ctx.staff).find((t) => t.id === req.query.tenant)
    if (!tenant) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    const days = req.query.days ?? 30
    return { tenant: tenant.id, days, ...(await pageBounceStats(db, tenant.id, days)) }
  })
}
