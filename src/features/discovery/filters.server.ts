// Search filters as SQL, and the defaults a tenant's niche sets. Used by search, the match finder and the
// swipe game, so the three agree on what a filter means.
import { and, eq, gte, lte, type SQL, type SQLWrapper } from 'drizzle-orm'
import { profiles } from '../../db/schema'
import type { SearchFilters } from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'

/** YYYY-MM-DD of the date `years` years before today (UTC). */
function yearsAgo(years: number, today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()))
  return d.toISOString().slice(0, 10)
}

/** The values filterConditions compares with, by name: the age range as a birth-date range. */
export interface FilterValues {
  gender?: string
  country?: string
  region?: string
  /** Born on or before (min_age). */
  bornBy?: string
  /** Born on or after (max_age). */
  bornFrom?: string
}

export function filterValues(filters: SearchFilters, today = new Date()): FilterValues {
  return {
    gender: filters.gender || undefined,
    country: filters.country || undefined,
    region: filters.countryregion || undefined,
    // Age >= min_age  <=>  born on or before today minus min_age years.
    bornBy: filters.min_age !== undefined ? yearsAgo(filters.min_age, today) : undefined,
    // Age <= max_age  <=>  born after today minus (max_age + 1) years.
    bornFrom: filters.max_age !== undefined ? nextDay(yearsAgo(filters.max_age + 1, today)) : undefined,
  }
}

/**
 * Conditions on `profiles` for the filters; the age range becomes a birth-date range (index friendly). With
 * `param`, each value is that parameter instead (a prepared statement per filter shape: search.server.ts).
 */
export function filterConditions(filters: SearchFilters, today = new Date(), param?: (name: keyof FilterValues) => SQLWrapper): SQL | undefined {
  const values = filterValues(filters, today)
  const v = (name: keyof FilterValues) => (param ? param(name) : values[name]!)
  const conds: SQL[] = []
  if (values.gender) conds.push(eq(profiles.gender, v('gender')))
  if (values.country) conds.push(eq(profiles.country, v('country')))
  if (values.region) conds.push(eq(profiles.region, v('region')))
  if (values.bornBy) conds.push(lte(profiles.birthDate, v('bornBy')))
  if (values.bornFrom) conds.push(gte(profiles.birthDate, v('bornFrom')))
  return conds.length ? and(...conds) : undefined
}

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * The filters a search starts with on this tenant for this viewer: the niche sets sensible defaults (a milf
 * site shows women 40 and over, a gay site men), otherwise the gender the viewer seeks; the member can change them.
 */
export function defaultFilters(tenant: Tenant, viewer?: { gender: string | null; sexuality: string | null; country?: string }): SearchFilters {
  const f: SearchFilters = { min_age: 18, max_age: 99 }
  switch (tenant.niche) {
    case 5: // gilf
      return { ...f, gender: 'female', min_age: 60 }
    case 6: // milf
      return { ...f, gender: 'female', min_age: 40 }
    case 7: // gay
      return { ...f, gender: 'male' }
    case 2: // she: women seeking women
      return { ...f, gender: 'female' }
  }
  if (viewer?.gender === 'male' || viewer?.gender === 'female') {
    const opposite = viewer.gender === 'male' ? 'female' : 'male'
    const same = viewer.gender
    if (viewer.sexuality === 'gay' || viewer.sexuality === 'lesbian') return { ...f, gender: same }
    if (viewer.sexuality === 'bi') return f
    return { ...f, gender: opposite }
  }
  return f
}
