// What a lander shows: the slug read against the tenant's niche and countries, and members of the tenant's pool
// that fit, through the discovery rules (the same visibility, presenters and blurred photos as the member search).
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.server'
import { accounts, profiles } from '../../db/schema'
import type { MemberCard } from '../../shared/discovery-contracts'
import type { Locale } from '../../shared/locales'
import { NICHES, type NicheCode, type Tenant } from '../../shared/tenant-schema'
import { regionsOf } from '../settings/index.server'
import { defaultFilters, filterConditions } from '../discovery/index.server'
import { cardRows, listableMember, presentCardRow, regionName, viewerContext } from '../discovery/index.server'
import type { Viewer } from '../discovery/index.server'
import type { FeatureRouteOptions } from '../../server/core.server'
import { landerEndpoint, landerResponse, type LanderResponse } from './lander-contract'
import { parseLanderSlug, SLUGLESS_DESIGNS, type LanderDesign, type ParsedSlug } from './slug'
import { placeName, placesOf, type LanderPlace } from './places'
import { regionPoint } from './map-geometry'
import { landerGalleryRoutes } from './gallery.server'

/** Members a lander shows (the swipe deck fewer). */
export const LANDER_MEMBERS = 24
const DECK_MEMBERS = 12

const placesByTenant = new WeakMap<Tenant, LanderPlace[]>()
/** The places of the tenant's countries, made once per tenant. */
export function tenantPlaces(tenant: Tenant): LanderPlace[] {
  let places = placesByTenant.get(tenant)
  if (!places) {
    places = placesOf(Object.keys(tenant.countries), regionsOf)
    placesByTenant.set(tenant, places)
  }
  return places
}

/**
 * Who fits a niche: the niche's gender and age band as the member search sets them (filters.server.ts: a milf
 * lander shows women 40+, like the milf site's own search), plus what search has no filter for: women seeking
 * women (she), men seeking men (gay), fuller figures (bbw). bdsm and general slugs show whom the slug names.
 */
export function nicheConditions(niche: NicheCode, gender: 'female' | 'male' | undefined, countries: string[]): SQL[] {
  const base = defaultFilters({ niche } as Tenant)
  const conds: SQL[] = [inArray(profiles.country, countries)]
  // bbw: women with a fuller figure (search has no body-type filter, so its defaults leave the gender open).
  const f = { ...base, gender: base.gender ?? (niche === 4 ? 'female' : gender) }
  const filter = filterConditions(f)
  if (filter) conds.push(filter)
  if (niche === 2) conds.push(inArray(profiles.sexuality, ['lesbian', 'bi']))
  if (niche === 7) conds.push(inArray(profiles.sexuality, ['gay', 'bi']))
  if (niche === 4) conds.push(inArray(profiles.bodyType, ['curvy', 'large']))
  return conds
}

function placeCondition(place: LanderPlace): SQL {
  if (place.kind === 'region') return and(eq(profiles.country, place.country), eq(profiles.region, place.region)) as SQL
  const names = (place.cityNames ?? [place.name]).map((n) => n.toLowerCase())
  return and(eq(profiles.country, place.country), inArray(sql`lower(${profiles.city})`, names)) as SQL
}

/** Members fitting the niche, those of the place first, then of its region, then of the tenant's countries. */
async function landerMembers(db: Db, viewer: Viewer, hidden: number[], niche: SQL[], place: LanderPlace | undefined, limit: number, mediaBase: string) {
  const steps: SQL[] = []
  if (place) {
    steps.push(placeCondition(place))
    if (place.kind === 'city') steps.push(and(eq(profiles.country, place.country), eq(profiles.region, place.region)) as SQL)
  }
  const cards: MemberCard[] = []
  const seen: number[] = []
  let localCount = 0
  for (const [i, step] of [...steps, undefined].entries()) {
    if (cards.length >= limit) break
    const rows = await cardRows(db, viewer, and(...niche, ...(step ? [step] : [])), { hidden: [...hidden, ...seen], limit: limit - cards.length })
    for (const r of rows) {
      seen.push(r.account.id)
      cards.push(presentCardRow(r, viewer, mediaBase))
    }
    if (i === 0 && place) localCount = cards.length
  }
  return { members: cards, localCount: place ? localCount : cards.length }
}

/** Members fitting the niche per region of the tenant's countries, with the marker position. */
async function regionCounts(db: Db, viewer: Viewer, hidden: number[], niche: SQL[]) {
  const rows = await db
    .select({ country: profiles.country, region: profiles.region, n: count() })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(listableMember(viewer, hidden), ...niche))
    .groupBy(profiles.country, profiles.region)
  const out: LanderResponse['regions'] = []
  for (const r of rows) {
    const point = r.region ? regionPoint(r.region) : undefined
    if (!r.region || !point) continue
    out.push({ code: r.region, country: r.country, name: regionName(r.country, r.region) ?? r.region, count: Number(r.n), x: point[0], y: point[1] })
  }
  return out.sort((a, b) => b.count - a.count)
}

export interface LanderInput {
  tenant: Tenant
  lng: Locale
  viewer: Viewer
  design: LanderDesign
  slug?: string
  mediaBase: string
}

/** The lander's answer: the slug read, the members, and for the map the regions. */
export async function loadLander(db: Db, input: LanderInput): Promise<LanderResponse> {
  const { tenant, lng, viewer, design } = input
  const parsed: ParsedSlug = parseLanderSlug(SLUGLESS_DESIGNS.includes(design) ? undefined : input.slug, tenant.niche, tenantPlaces(tenant))
  const { hidden } = await viewerContext(db, viewer)
  const countries = Object.keys(tenant.countries)
  const niche = nicheConditions(parsed.niche, parsed.words.gender, countries)
  const limit = design === 'tinderswipe' ? DECK_MEMBERS : LANDER_MEMBERS
  const { members, localCount } = await landerMembers(db, viewer, hidden, niche, parsed.place, limit, input.mediaBase)
  const regions = design === 'maplanding' ? await regionCounts(db, viewer, hidden, niche) : []
  const place = parsed.place
  return landerResponse.parse({
    design,
    slug: parsed.slug,
    niche: parsed.niche,
    prefix: NICHES[parsed.niche],
    place: place ? { key: place.key, kind: place.kind, name: placeName(place, lng), country: place.country, region: place.region } : null,
    intent: parsed.words.intent,
    gender: defaultFilters({ niche: parsed.niche } as Tenant).gender ?? (parsed.niche === 4 ? 'female' : parsed.words.gender) ?? null,
    members,
    local_count: localCount,
    regions,
    indexable: tenant.landers.indexable,
  })
}

/** GET /api/lander.php (landerEndpoint): for a visitor or a member, as the discovery API answers them. */
export async function landerRoutes(app: FastifyInstance, options: FeatureRouteOptions) {
  const { route } = options.core
  const { db } = app.services.database
  const viewerOf = (req: FastifyRequest): Viewer => {
    const a = req.ctx.account
    return a ? { pool: a.pool, id: a.id, paidUser: a.paidUser } : { pool: req.ctx.tenant.pool, paidUser: false }
  }
  route(app, landerEndpoint, async (req) => {
    const { tenant, lng } = req.ctx
    const { design, slug } = req.query
    return loadLander(db, { tenant, lng, viewer: viewerOf(req), design, slug, mediaBase: tenant.cdn_prefix })
  })
  landerGalleryRoutes(app, options)
}
