// Search filters as SQL, and the defaults a tenant's niche sets. Used by search, the match finder and the
// swipe game, so the three agree on what a filter means.
import { and, eq, gte, lte, type SQL } from 'drizzle-orm'
import { profiles } from '../../db/schema'
import type { SearchFilters } from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'

/** YYYY-MM-DD of the date `years` years before today (UTC). */
function yearsAgo(years: number, today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()))
  return d.toISOString().slice(0, 10)
}

/** Conditions on `profiles` for the filters; the age range becomes a birth-date range (index friendly). */
export function filterConditions(filters: SearchFilters, today = new Date()): SQL | undefined {
  const conds: SQL[] = []
  if (filters.gender) conds.push(eq(profiles.gender, filters.gender))
  if (filters.country) conds.push(eq(profiles.country, filters.country))
  if (filters.countryregion) conds.push(eq(profiles.region, filters.countryregion))
  // Age >= min_age  <=>  born on or before today minus min_age years.
  if (filters.min_age !== undefined) conds.push(lte(profiles.birthDate, yearsAgo(filters.min_age, today)))
  // Age <= max_age  <=>  born after today minus (max_age + 1) years.
  if (filters.max_age !== undefined) conds.push(gte(profiles.birthDate, nextDay(yearsAgo(filters.max_age + 1, today))))
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
