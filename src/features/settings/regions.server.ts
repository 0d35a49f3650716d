// Regions of the countries a tenant serves, from the offline ISO 3166-2 dataset.
import iso3166 from 'iso-3166-2'

/** Subdivision types that are regions a member lives in (not overseas countries or umbrella regions). */
// German states are typed 'Länder' in the dataset.
const REGION_TYPES = new Set(['Province', 'Land', 'Länder', 'State', 'Region', 'Autonomous community', 'Metropolitan region', 'County'])
/** Where a country has provinces, the umbrella regions are dropped except these (Brussels has no province). */
const KEEP_WITH_PROVINCES = new Set(['BE-BRU'])

export interface Region {
  code: string
  name: string
}

const cache = new Map<string, Region[]>()

export function regionsOf(country: string): Region[] {
  const hit = cache.get(country)
  if (hit) return hit
  const data = iso3166.country(country) as { sub: Record<string, { type: string; name: string }> } | null
  const subs = Object.entries(data?.sub ?? {})
  const hasProvinces = subs.some(([, s]) => s.type === 'Province')
  const regions = subs
    .filter(([code, s]) => REGION_TYPES.has(s.type) && (!hasProvinces || s.type === 'Province' || KEEP_WITH_PROVINCES.has(code)))
    .map(([code, s]) => ({ code, name: code === 'BE-BRU' ? 'Brussel' : s.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'))
  cache.set(country, regions)
  return regions
}
