// The +data of the discovery pages: the first paint carries what the page would fetch, the endpoint's handler
// called in process as the visitor (pageContext.services.call, decision 026), so the page and the API share one
// set of presenters and visibility rules.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { LIKE_TYPES, type LikesResponse, type LikeType, type MatchFinderResponse, type MemberLandingResponse, type MemberResponse, type SearchResponse, type SwipeGameResponse } from '../../shared/discovery-contracts'
import type { EndpointDefinition, EndpointInput, EndpointResponse } from '../../shared/endpoint'
import { likesEndpoint, matchFinderEndpoint, memberEndpoint, memberLandingEndpoint, searchEndpoint, swipeGameEndpoint } from './endpoints'

async function apiGet<E extends EndpointDefinition<'GET'>>(pageContext: PageContextServer, def: E, input: EndpointInput<E>): Promise<{ status: number; body: EndpointResponse<E> | null }> {
  const res = await pageContext.services!.call(def, input)
  return { status: res.status, body: res.status === 200 ? res.body : null }
}

/** A member id of the route, or a 404 for anything else. */
function memberId(pageContext: PageContextServer): number {
  const id = Number(pageContext.routeParams.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw render(404)
  return id
}

/** Other answers than 200 and the expected ones become the error page with the API's status. */
function fail(status: number): never {
  const known = [401, 403, 404, 410, 429] as const
  throw render((known as readonly number[]).includes(status) ? (status as (typeof known)[number]) : 500)
}

export interface SearchPageData {
  /** The first page with the default filters, or null when this visitor may not search. */
  page: SearchResponse | null
}

/** /members: the first page of results (a visitor's traffic source counts for logged_out_search_trafficsource). */
export async function searchPageData(pageContext: PageContextServer): Promise<SearchPageData> {
  const source = (k: 'network' | 'ref') => pageContext.urlParsed.search[k]?.slice(0, 100) || undefined
  const res = await apiGet(pageContext, searchEndpoint, { query: { network: source('network'), ref: source('ref') } })
  if (res.body) return { page: res.body }
  if (res.status === 401 || res.status === 403) return { page: null }
  fail(res.status)
}

export interface MemberPageData {
  member: MemberResponse | null
  /** The document title: the member's name and age. */
  title?: string
  /** A visitor who must log in to see profiles. */
  login_required: boolean
}

/** /members/{id} and /likes/m/{id}: the profile, or the 404 page when the API says 404. */
export async function memberPageData(pageContext: PageContextServer): Promise<MemberPageData> {
  const res = await apiGet(pageContext, memberEndpoint, { query: { id: memberId(pageContext) } })
  if (res.body) return { member: res.body, login_required: false, title: `${res.body.profile.name}, ${res.body.profile.age}` }
  if (res.status === 401 || res.status === 403) {
    if (!pageContext.user) return { member: null, login_required: true }
  }
  fail(res.status)
}

/** The member landings: that member as a logged-out visitor sees them. */
export async function memberLandingData(pageContext: PageContextServer): Promise<MemberLandingResponse & { title: string; socialImage?: string }> {
  const res = await apiGet(pageContext, memberLandingEndpoint, { query: { id: memberId(pageContext) } })
  if (res.body) {
    // The link preview shows the member's blurred public photo (locked: the blurred copy), else the brand image.
    const image = res.body.profile.main_image
    const socialImage = image && image.locked && image.visibility === 'public' ? image.filename : undefined
    return { ...res.body, title: `${res.body.profile.name}, ${res.body.profile.age}`, ...(socialImage ? { socialImage } : {}) }
  }
  fail(res.status)
}

export interface LikesPageData {
  type: LikeType
  likes: LikesResponse | null
}

/** /likes and /likes/{type}: the first page of the list (received without a type). */
export async function likesPageData(pageContext: PageContextServer): Promise<LikesPageData> {
  const raw = pageContext.routeParams.type ?? 'received'
  if (!(LIKE_TYPES as readonly string[]).includes(raw)) throw render(404)
  const type = raw as LikeType
  if (!pageContext.user) return { type, likes: null }
  const res = await apiGet(pageContext, likesEndpoint, { query: { type } })
  if (res.body) return { type, likes: res.body }
  fail(res.status)
}

export interface SwipeGamePageData {
  game: SwipeGameResponse | null
}

/** /swipe-game: the first cards and the likes left today. */
export async function swipeGamePageData(pageContext: PageContextServer): Promise<SwipeGamePageData> {
  if (!pageContext.user) return { game: null }
  const res = await apiGet(pageContext, swipeGameEndpoint, { query: {} })
  if (res.body) return { game: res.body }
  fail(res.status)
}

export interface MatchFinderPageData {
  finder: MatchFinderResponse | null
}

/** /match-finder: the first profile and the next one (the niche's default filters). */
export async function matchFinderPageData(pageContext: PageContextServer): Promise<MatchFinderPageData> {
  if (!pageContext.user) return { finder: null }
  const res = await apiGet(pageContext, matchFinderEndpoint, { query: {} })
  if (res.body) return { finder: res.body }
  fail(res.status)
}
