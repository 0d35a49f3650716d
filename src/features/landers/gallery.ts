// The marketers' lander gallery (/admin/landers, decision 029): which slugs it shows per tenant, the lander
// addresses with a tracking link, and the contracts of its staff endpoints (the gallery, the traffic figures and the
// page bounces logged with the query flag lb).
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { NICHES, type NicheCode } from '../../shared/niches'
import { TRACKING_FIELDS } from '../../shared/tracking'
import type { Tracking } from '../../shared/contracts'
import { LANDER_DESIGNS, type LanderDesign, SLUGLESS_DESIGNS } from './slug'

/** A well-known place per country, for the example slug naming a place. */
const EXAMPLE_PLACE: Record<string, string> = { NL: 'amsterdam', BE: 'brussel', DE: 'berlin' }

/**
 * Every slug the gallery shows for a tenant: none (the default wording), and per niche the tenant answers for
 * (every niche on a general tenant, its own otherwise) the niche's prefix, with a chat and a place variant.
 */
export function gallerySlugs(niche: NicheCode, country: string): string[] {
  const place = EXAMPLE_PLACE[country] ?? 'amsterdam'
  if (niche === 1) {
    const prefixes = (Object.values(NICHES) as string[]).filter((p) => p !== 'none')
    return ['', 'dating', 'chat', `dating-${place}`, ...prefixes]
  }
  const p = NICHES[niche]
  return ['', p, `${p}-chat`, `${p}-${place}`]
}

/** The designs a slug applies to: tinderswipe takes none, so it shows only without one. */
export const designsFor = (slug: string): LanderDesign[] => LANDER_DESIGNS.filter((d) => slug === '' || !SLUGLESS_DESIGNS.includes(d))

/** A lander's address on the tenant's origin, with the tracking parameters and the preview language (lang). */
export function landerHref(origin: string, design: LanderDesign, slug: string, tracking: Tracking, lang?: string): string {
  const params = new URLSearchParams()
  for (const f of TRACKING_FIELDS) {
    const v = tracking[f]?.trim()
    if (v) params.set(f, v)
  }
  if (lang) params.set('lang', lang)
  const q = params.toString()
  return `${origin}/landers/${design}${slug ? `/${encodeURIComponent(slug)}` : ''}${q ? `?${q}` : ''}`
}

const galleryTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  niche: z.number().int().min(1).max(7),
  /** Where its landers are: `http://<id>.localhost:<port>` when the gallery is opened locally, its domain otherwise. */
  origin: z.string(),
  languages: z.array(z.string()),
  default_language: z.string(),
  theme: z.object({ primary: z.string(), secondary: z.string(), background: z.string().optional() }),
  slugs: z.array(z.string()),
})
export type GalleryTenant = z.infer<typeof galleryTenantSchema>

export const landerGalleryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/landers.php',
  summary: "The marketers' lander gallery: every tenant of the staff member's pools with its lander origin, languages, theme and the slugs of its niche",
  session: 'staff',
  staffAction: 'landers.view',
  response: z.object({ designs: z.array(z.enum(LANDER_DESIGNS)), tenants: z.array(galleryTenantSchema) }),
  errors: ['forbidden'],
})

export const trafficStatsRequest = z.object({
  tenant: z.string().max(100),
  /** The last n days (1 to 365, default 30). */
  days: z.coerce.number().int().min(1).max(365).optional(),
})

export const trafficRowSchema = z.object({
  landing: z.string(),
  network: z.string().nullable(),
  ref: z.string().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  visits: z.number().int(),
  signups: z.number().int(),
  first_purchases: z.number().int(),
  /** The first purchases' amounts, per currency. */
  revenue: z.array(z.object({ currency: z.string(), amount_cents: z.number().int() })),
})
export type TrafficRow = z.infer<typeof trafficRowSchema>

export const trafficStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/traffic.php',
  summary: 'Visits, signups and first purchases of a tenant by landing, network, ref and sub1-3 (tracked traffic only)',
  session: 'staff',
  staffAction: 'landers.view',
  query: trafficStatsRequest,
  response: z.object({ tenant: z.string(), days: z.number().int(), rows: z.array(trafficRowSchema) }),
  errors: ['forbidden', 'not_found'],
})

export const pageBounceRowSchema = z.object({
  /** The page's path (without query). */
  path: z.string(),
  bounces: z.number().int(),
  /** The median time from loading the page to leaving it, in milliseconds. */
  median_ms: z.number().int(),
  /** When the last bounce of this path was logged (ISO 8601). */
  last_at: z.string(),
})
export type PageBounceRow = z.infer<typeof pageBounceRowSchema>

/**
 * The page bounces of a tenant (SPEC.md section 9, query flag lb): a visitor who arrived with ?lb=1 sends, with the
 * page-hidden beacon, the page and the time on it (src/shared/page-hidden.ts, stored by the shell feature); per path
 * the count and the median time, most bounces first.
 */
export const pageBouncesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/page-bounces.php',
  summary: 'Page bounces logged with the query flag lb for a tenant, per page: count, median time on the page, last one',
  session: 'staff',
  staffAction: 'landers.view',
  query: trafficStatsRequest,
  response: z.object({ tenant: z.string(), days: z.number().int(), total: z.number().int(), rows: z.array(pageBounceRowSchema) }),
  errors: ['forbidden', 'not_found'],
})
