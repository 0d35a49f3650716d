// The discovery API: search (GET /api/search.php), member profiles (GET /api/member.php, GET
// /api/member-landing.php), likes (POST and DELETE /api/like.php, GET /api/likes.php, GET /api/auto-like.php),
// blocks (GET, POST and DELETE /api/block.php), the match finder (GET and POST /api/match-finder.php) and the
// swipe game (GET /api/swipe-game.php, POST /api/swipe.php). Everything is scoped to the tenant's pool; a member
// the viewer may not see is a 404. Decisions: docs/decisions/012-discovery-api.md.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  autoLikeResponse,
  blockResponse,
  blockedListResponse,
  likeResponse,
  likesRequest,
  likesResponse,
  matchFinderResponse,
  memberIdRequest,
  memberLandingResponse,
  memberResponse,
  searchRequest,
  searchResponse,
  skipResponse,
  swipeGameResponse,
  swipeRequest,
  swipeResponse,
  SWIPE_LIKES_PER_DAY,
  type DiscoveryLiveEvent,
  type MemberProfile,
  type SearchRequest,
} from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import type { Locale } from '../../shared/locales'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { pick } from '../../features/settings/settings.server'
import { findVisibleMember, type Viewer } from '../../features/discovery/visibility.server'
import { likeMember, unlikeMember } from '../../features/discovery/likes-core.server'
import { applyFilters, decodeCursor, searchMembers, viewerContext, viewerProfile, presentCardRow } from '../../features/discovery/search.server'
import { loadMemberProfile, landingOthers } from '../../features/discovery/member-profile.server'
import { autoLike, AUTO_LIKE_INTERVAL_S, clearNewLike, decodeLikesCursor, likedBy, listLikes } from '../../features/discovery/likes.server'
import { blockedMembers, blockMember, unblockMember } from '../../features/discovery/blocks.server'
import { freshCandidates, skipMember, swipeLike, swipeLikesLeft, swipeResetsAt } from '../../features/discovery/games.server'

/** Cards per swipe-game batch. */
export const SWIPE_BATCH = 10

/** Logged-out search as the tenant allows it: always, or only with a traffic source (network or ref) named. */
export function loggedOutSearchAllowed(tenant: Tenant, tracking: { network?: string; ref?: string }): boolean {
  if (tenant.features.logged_out_search) return true
  return tenant.features.logged_out_search_trafficsource && Boolean(tracking.network || tracking.ref)
}

function fictionalLabel(tenant: Tenant, lng: Locale, profile: MemberProfile) {
  if (!profile.fictional) return null
  const d = tenant.default_locale
  return { singular: pick(tenant.fictional.singular, lng, d), plural: pick(tenant.fictional.plural, lng, d), warning: pick(tenant.fictional.warning, lng, d) }
}

export async function discoveryRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  const { realtime } = app.services
  const publish = (to: number, event: DiscoveryLiveEvent) => realtime.publish([to], event)

  const viewerOf = (req: FastifyRequest): Viewer => {
    const a = req.ctx.account
    return a ? { pool: a.pool, id: a.id, paidUser: a.paidUser } : { pool: req.ctx.tenant.pool, paidUser: false }
  }
  const memberOf = (req: FastifyRequest, message?: string) => {
    if (!req.ctx.account && message) throw new ApiError(403, 'authentication_required', message, undefined, { authentication_required: true })
    const a = requireAccount(req)
    return { pool: a.pool, id: a.id, paidUser: a.paidUser }
  }
  const notFound = (req: FastifyRequest) => new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
  /** The search filters of a request (search, match finder, swipe game); min_age above max_age is a 400. */
  const parseFilters = (req: FastifyRequest): SearchRequest => {
    const { t } = req.ctx
    const input = parseInput(searchRequest, req.query, t)
    if (input.min_age !== undefined && input.max_age !== undefined && input.min_age > input.max_age) {
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { max_age: t('discovery_errors.age_range') })
    }
    return input
  }
  const filtersFor = async (req: FastifyRequest, viewer: Viewer, input: SearchRequest) => applyFilters(req.ctx.tenant, input, await viewerProfile(db, viewer))
  /** A member the viewer may see (not blocked either way), or 404. */
  const visibleOr404 = async (req: FastifyRequest, viewer: Viewer, id: number) => {
    const found = await findVisibleMember(db, viewer, id)
    if (!found) throw notFound(req)
    return found
  }

  app.get('/api/search.php', async (req) => {
    const { tenant, t } = req.ctx
    const input = parseFilters(req)
    if (!req.ctx.account && !loggedOutSearchAllowed(tenant, input)) {
      // The client turns this into the call to sign up (not authentication_required: that would log out).
      throw new ApiError(403, 'signup_required', t('discovery_errors.signup_required'), undefined, { signup: true })
    }
    let cursor: [string, number] | undefined
    if (input.cursor !== undefined) {
      cursor = decodeCursor(input.cursor)
      if (!cursor) throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { cursor: t('discovery_errors.invalid_cursor') })
    }
    const viewer = viewerOf(req)
    const { me, hidden } = await viewerContext(db, viewer)
    const filters = applyFilters(tenant, input, me)
    const result = await searchMembers(db, viewer, filters, { cursor, mediaBase: tenant.cdn_prefix, hidden })
    return searchResponse.parse({ filters, search_fields: tenant.search_fields, ...result })
  })

  app.get('/api/member.php', async (req) => {
    const { tenant, t, lng } = req.ctx
    const { id } = parseInput(memberIdRequest, req.query, t)
    const viewer = viewerOf(req)
    const profile = await loadMemberProfile(db, viewer, id, tenant, tenant.cdn_prefix)
    if (!profile) throw notFound(req)
    if (viewer.id !== undefined && (await clearNewLike(db, { ...viewer, id: viewer.id }, id))) {
      // The viewer's other tabs drop the new mark (and the badge count) at once.
      await publish(viewer.id, { type: 'likes_seen', member_id: id })
    }
    return memberResponse.parse({ profile, fictional_label: fictionalLabel(tenant, lng, profile), public_view: viewer.id === undefined })
  })

  // The member landings (/members/{id}/landing, /signup, /landing2, /landing3) for a logged-out visitor: the
  // public view (blurred, public photos only, no relations) and a few more members of the pool.
  app.get('/api/member-landing.php', async (req) => {
    const { tenant, t, lng } = req.ctx
    const { id } = parseInput(memberIdRequest, req.query, t)
    const viewer = viewerOf(req)
    const profile = await loadMemberProfile(db, viewer, id, tenant, tenant.cdn_prefix)
    if (!profile) throw notFound(req)
    const others = await landingOthers(db, viewer, profile, tenant.cdn_prefix)
    return memberLandingResponse.parse({ profile, fictional_label: fictionalLabel(tenant, lng, profile), public_view: viewer.id === undefined, others })
  })

  app.post('/api/like.php', async (req) => {
    const me = memberOf(req, req.ctx.t('discovery_errors.login_to_like'))
    const { id } = parseInput(memberIdRequest, req.body, req.ctx.t)
    await visibleOr404(req, me, id)
    const result = await likeMember(db, me.pool, me.id, id, 'profile')
    if (result.created) await announceLike(me.id, id, result.match)
    return likeResponse.parse({ liked: true, match: result.match })
  })

  app.delete('/api/like.php', async (req) => {
    const me = memberOf(req, req.ctx.t('discovery_errors.login_to_like'))
    const { id } = parseInput(memberIdRequest, req.query, req.ctx.t)
    const { removed } = await unlikeMember(db, me.pool, me.id, id)
    // Only a like that existed (so a member of the viewer's pool) is announced.
    if (removed) await publish(id, { type: 'unlike', member_id: me.id })
    return likeResponse.parse({ liked: false, match: false })
  })

  /** Live events of a new like: 'like' (or 'match' when mutual) to the liked member, 'match' to the liker's tabs. */
  async function announceLike(likerId: number, likedId: number, match: boolean) {
    await publish(likedId, match ? { type: 'match', member_id: likerId } : { type: 'like', member_id: likerId, match: false })
    if (match) await publish(likerId, { type: 'match', member_id: likedId })
  }

  app.get('/api/likes.php', async (req) => {
    const me = memberOf(req)
    const { t, tenant } = req.ctx
    const input = parseInput(likesRequest, req.query, t)
    let cursor: [0 | 1, string, number] | undefined
    if (input.cursor !== undefined) {
      cursor = decodeLikesCursor(input.cursor)
      if (!cursor) throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { cursor: t('discovery_errors.invalid_cursor') })
    }
    const list = await listLikes(db, me, input.type ?? 'received', { cursor, mediaBase: tenant.cdn_prefix })
    const by = await likedBy(db, me)
    return likesResponse.parse({ ...list, ...by })
  })

  app.get('/api/auto-like.php', async (req) => {
    const me = memberOf(req)
    if (!(await app.services.limiter.hit(`auto-like:${me.id}`, 1, AUTO_LIKE_INTERVAL_S))) return autoLikeResponse.parse({ profile: null })
    const profile = await autoLike(db, req.ctx.tenant, me, req.ctx.tenant.cdn_prefix)
    if (profile) await publish(me.id, { type: 'like', member_id: profile.id, match: false })
    return autoLikeResponse.parse({ profile: profile ?? null })
  })

  app.get('/api/block.php', async (req) => {
    const me = memberOf(req)
    return blockedListResponse.parse({ profiles: await blockedMembers(db, me, req.ctx.tenant.cdn_prefix) })
  })

  app.post('/api/block.php', async (req) => {
    const me = memberOf(req)
    const { id } = parseInput(memberIdRequest, req.body, req.ctx.t)
    if (!(await findVisibleMember(db, me, id, { includeBlockedByViewer: true }))) throw notFound(req)
    await blockMember(db, me, id)
    return blockResponse.parse({ blocked: true })
  })

  app.delete('/api/block.php', async (req) => {
    const me = memberOf(req)
    const { id } = parseInput(memberIdRequest, req.query, req.ctx.t)
    await unblockMember(db, me, id)
    return blockResponse.parse({ blocked: false })
  })

  app.get('/api/match-finder.php', async (req) => {
    const me = memberOf(req)
    const { tenant } = req.ctx
    const filters = await filtersFor(req, me, parseFilters(req))
    const rows = await freshCandidates(db, me, filters, 2)
    const [profile, next] = await Promise.all(rows.map((r) => loadMemberProfile(db, me, r.account.id, tenant, tenant.cdn_prefix)))
    return matchFinderResponse.parse({ filters, profile: profile ?? null, next: next ?? null })
  })

  app.post('/api/match-finder.php', async (req) => {
    const me = memberOf(req)
    const { id } = parseInput(memberIdRequest, req.body, req.ctx.t)
    await visibleOr404(req, me, id)
    await skipMember(db, me, id)
    return skipResponse.parse({ skipped: true })
  })

  app.get('/api/swipe-game.php', async (req) => {
    const me = memberOf(req)
    const { tenant } = req.ctx
    const filters = await filtersFor(req, me, parseFilters(req))
    const rows = await freshCandidates(db, me, filters, SWIPE_BATCH)
    const now = new Date()
    return swipeGameResponse.parse({
      cards: rows.map((r) => presentCardRow(r, me, tenant.cdn_prefix)),
      likes_left: await swipeLikesLeft(db, me, now),
      likes_per_day: SWIPE_LIKES_PER_DAY,
      resets_at: swipeResetsAt(now).toISOString(),
    })
  })

  app.post('/api/swipe.php', async (req) => {
    const me = memberOf(req)
    const { t } = req.ctx
    const { id, action } = parseInput(swipeRequest, req.body, t)
    await visibleOr404(req, me, id)
    const now = new Date()
    const resets_at = swipeResetsAt(now).toISOString()
    if (action === 'skip') {
      await skipMember(db, me, id)
      return swipeResponse.parse({ liked: false, match: false, likes_left: await swipeLikesLeft(db, me, now), resets_at })
    }
    const result = await swipeLike(db, me, id, now)
    if (!result.ok) {
      throw new ApiError(429, 'swipe_limit', t('discovery_errors.swipe_limit', { count: SWIPE_LIKES_PER_DAY }), undefined, { likes_left: 0, resets_at })
    }
    if (result.created) await announceLike(me.id, id, result.match)
    return swipeResponse.parse({ liked: true, match: result.match, likes_left: result.likesLeft, resets_at })
  })
}
