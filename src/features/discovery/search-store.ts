// The search state of SPEC.md section 3 (gender, country, countryregion, min_age, max_age, paged results,
// similar results, cached other profiles), kept in the tab while the member opens profiles and comes back.
import { proxy } from 'valtio'
import { queryString } from '../../shared/api-client'
import type { MemberCard, SearchResponse } from '../../shared/discovery-contracts'

/** The filters as the form holds them: '' is "any". */
export interface FilterForm {
  gender: '' | 'male' | 'female'
  country: string
  countryregion: string
  min_age: number
  max_age: number
}

export interface SearchState {
  /** The filters the shown results were searched with (null: nothing searched in this tab yet). */
  applied: FilterForm | null
  results: MemberCard[]
  nextCursor: string | null
  /** Pages loaded so far and results shown (SPEC.md: pageNumber, numResults). */
  pageNumber: number
  numResults: number
  similar: MemberCard[]
  search_fields: SearchResponse['search_fields']
  /** Where the member had scrolled to, restored on the way back from a profile. */
  scrollY: number
  /** Cards of members seen in lists, so their profile can show at once while it loads. */
  profiles: Record<number, MemberCard>
}

export function emptySearchState(): SearchState {
  return { applied: null, results: [], nextCursor: null, pageNumber: 0, numResults: 0, similar: [], search_fields: [], scrollY: 0, profiles: {} }
}

/** One store per tab. Only effects and handlers write to it, so server renders never see another visitor's state. */
export const searchState = proxy<SearchState>(emptySearchState())

/** The filters of a search answer as the form holds them. */
export function formFromApplied(f: SearchResponse['filters']): FilterForm {
  return { gender: f.gender ?? '', country: f.country ?? '', countryregion: f.countryregion ?? '', min_age: f.min_age, max_age: f.max_age }
}

/** The query of /api/search.php (and the match finder): "any" is sent as an empty value, so the niche's default does not apply. */
export function searchQuery(form: FilterForm, cursor?: string | null, extra: Record<string, string | undefined> = {}): string {
  return queryString(searchInput(form, cursor, extra))
}

/** The same as the query object of searchEndpoint (and the match finder's). */
export function searchInput(form: FilterForm, cursor?: string | null, extra: Record<string, string | undefined> = {}): Record<string, string | number> {
  const q: Record<string, string | number> = {
    gender: form.gender,
    country: form.country,
    countryregion: form.country ? form.countryregion : '',
    min_age: form.min_age,
    max_age: form.max_age,
  }
  if (cursor) q.cursor = cursor
  for (const [k, v] of Object.entries(extra)) if (v) q[k] = v
  return q
}

/** Takes the first page of a search. */
export function showFirstPage(state: SearchState, form: FilterForm, page: SearchResponse) {
  state.applied = form
  state.results = page.profiles
  state.nextCursor = page.next_cursor
  state.pageNumber = 1
  state.numResults = page.profiles.length
  state.similar = page.similar
  state.search_fields = page.search_fields
  state.scrollY = 0
  remember(state, page.profiles, page.similar)
}

/** Appends the next page; a member already shown (a page boundary moved) is not shown twice. */
export function appendPage(state: SearchState, page: SearchResponse) {
  const seen = new Set(state.results.map((m) => m.id))
  const fresh = page.profiles.filter((m) => !seen.has(m.id))
  state.results.push(...fresh)
  state.nextCursor = page.next_cursor
  state.pageNumber += 1
  state.numResults = state.results.length
  remember(state, fresh)
}

function remember(state: SearchState, ...lists: MemberCard[][]) {
  for (const list of lists) for (const m of list) state.profiles[m.id] = m
}
