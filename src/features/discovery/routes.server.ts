// The discovery API: search (GET /api/search.php), member profiles (GET /api/member.php, GET
// /api/member-landing.php), likes (POST and DELETE /api/like.php, GET /api/likes.php, GET /api/auto-like.php),
// blocks (GET, POST and DELETE /api/block.php), the match finder (GET and POST /api/match-finder.php) and the
// swipe game (GET /api/swipe-game.php, POST /api/swipe.php). Everything is scoped to the tenant's pool; a member
// the viewer may not see is a 404. Definitions: src/features/discovery/endpoints.ts. Decisions:
// docs/decisions/012-discovery-api.md, docs/decisions/016-endpoint-contracts.md.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { SWIPE_LIKES_PER_DAY, type DiscoveryLiveEvent, type MemberProfile, type SearchRequest } from '../../shared/discovery-contracts'
import * as api from './endpoints'
import type { Tenant } from '../../shared/tenant-schema'
import type { Locale } from '../../shared/locales'
import { ApiError } from '../../shared/api-errors'
import { pick } from '../settings/index.server'
import { findVisibleMember, type Viewer } from './visibility.server'
import { likeMember, unlikeMember } from './likes-core.server'
import { applyFilters, decodeCursor, searchMembers, viewerProfile, presentCardRow } from './search.server'
import { loadMemberProfile, landingOthers } from './member-profile.server'
import { autoLike, AUTO_LIKE_INTERVAL_S, clearNewLike, decodeLikesCursor, likedBy, listLikes } from './likes.server'
import { blockedMembers, blockMember, unblockMember } from './blocks.server'
import { freshCandidates, skipMember, swipeLike, swipeLikesLeft, swipeResetsAt } from './games.server'
import { decodeFirstTouch, FIRST_TOUCH_COOKIE } from '../tracking/index.server'
import { sessionSearchProfile } from '../accounts/index.server'

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

export async function discoveryRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const { realtime } = app.services
  const publish = (to: number, event: DiscoveryLiveEvent) => realtime.publish([to], event)

  const viewerOf = (req: FastifyRequest): Viewer => {
    const a = req.ctx.account
    return a ? { pool: a.pool, id: a.id, paidUser: a.paidUser } : { pool: req.ctx.tenant.pool, paidUser: false }
  }
  /** The member of a `member` endpoint (the session is checked before the handler runs). */
  const memberOf = (req: { ctx: { account: { pool: string; id: number; paidUser: boolean } } }) => {
    const a = req.ctx.account
    return { pool: a.pool, id: a.id, paidUser: a.paidUser }
  }
  const notFound = (req: FastifyRequest) => new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
  /** min_age above max_age is a 400 on max_age (search, match finder, swipe game). */
  const checkAges = (req: FastifyRequest, input: SearchRequest): SearchRequest => {
    if (input.min_age !== undefined && input.max_age !== undefined && input.min_age > input.max_age) {
      const { t } = req.ctx
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { max_age: t('discovery_errors.age_range') })
    }
    return input
  }
  const filtersFor = async (req: FastifyRequest, viewer: Viewer, input: SearchRequest) => applyFilters(req.ctx.tenant, checkAges(req, input), await viewerProfile(db, viewer))
  /** A member the viewer may see (not blocked either way), or 404. */
  const visibleOr404 = async (req: FastifyRequest, viewer: Viewer, id: number) => {
    const found = await findVisibleMember(db, viewer, id)
    if (!found) throw notFound(req)
    return found
  }
  const invalidCursor = (req: FastifyRequest) => new ApiError(400, 'invalid_input', req.ctx.t('errors.invalid_input'), { cursor: req.ctx.t('discovery_errors.invalid_cursor') })

  route(app, api.searchEndpoint, async (req) => {
    const { tenant, t } = req.ctx
    const input = checkAges(req, req.query)
    // The traffic source: the first-touch cookie's (decision 029), else what the browser sent.
    if (!req.ctx.account && !loggedOutSearchAllowed(tenant, decodeFirstTouch(req.cookies[FIRST_TOUCH_COOKIE]) ?? input)) {
      // The client turns this into the call to sign up (not authentication_required: that would log out).
      throw new ApiError(403, 'signup_required', t('discovery_errors.signup_required'), undefined, { signup: true })
    }
    let cursor: [string, number] | undefined
    if (input.cursor !== undefined) {
      cursor = decodeCursor(input.cursor)
      if (!cursor) throw invalidCursor(req)
    }
    const viewer = viewerOf(req)
    // One query after the session lookup (decision 042, third addendum): the viewer's gender and sexuality (the
    // default filters) came with the session's account, the card query leaves out the members blocked either way.
    const account = req.ctx.account
    const me = account ? (sessionSearchProfile(account) ?? (await viewerProfile(db, viewer))) : undefined
    const filters = applyFilters(tenant, input, me)
    const result = await searchMembers(db, viewer, filters, { cursor, mediaBase: tenant.cdn_prefix })
    return { filters, search_fields: tenant.search_fields, ...result }
  })

  route(app, api.memberEndpoint, async (req) => {
    const { tenant, lng } = req.ctx
    const { id } = req.query
    const viewer = viewerOf(req)
    const profile = await loadMemberProfile(db, viewer, id, tenant, tenant.cdn_prefix)
    if (!profile) throw notFound(req)
    if (viewer.id !== undefined && (await clearNewLike(db, { ...viewer, id: viewer.id }, id))) {
      // The viewer's other tabs drop the new mark (and the badge count) at once.
      await publish(viewer.id, { type: 'likes_seen', member_id: id })
    }
    return { profile, fictional_label: fictionalLabel(tenant, lng, profile), public_view: viewer.id === undefined }
  })

  // The member landings (/members/{id}/landing, /signup, /landing2, /landing3) for a logged-out visitor: the
  // public view (blurred, public photos only, no relations) and a few more members of the pool.
  route(app, api.memberLandingEndpoint, async (req) => {
    const { tenant, lng } = req.ctx
    const viewer = viewerOf(req)
    const profile = await loadMemberProfile(db, viewer, req.query.id, tenant, tenant.cdn_prefix)
    if (!profile) throw notFound(req)
    const others = await landingOthers(db, viewer, profile, tenant.cdn_prefix)
    return { profile, fictional_label: fictionalLabel(tenant, lng, profile), public_view: viewer.id === undefined, others }
  })

  const toLike = { authenticationMessage: 'discovery_errors.login_to_like' }
  route(
    app,
    api.likeEndpoint,
    async (req) => {
      const me = memberOf(req)
      const { id } = req.body
      await visibleOr404(req, me, id)
      const result = await likeMember(db, me.pool, me.id, id, 'profile')
      if (result.created) await announceLike(me.id, id, result.match)
      return { liked: true, match: result.match }
    },
    toLike,
  )

  route(
    app,
    api.unlikeEndpoint,
    async (req) => {
      const me = memberOf(req)
      const { id } = req.query
      const { removed } = await unlikeMember(db, me.pool, me.id, id)
      // Only a like that existed (so a member of the viewer's pool) is announced.
      if (removed) await publish(id, { type: 'unlike', member_id: me.id })
      return { liked: false, match: false }
    },
    toLike,
  )

  /** Live events of a new like: 'like' (or 'match' when mutual) to the liked member, 'match' to the liker's tabs. */
  async function announceLike(likerId: number, likedId: number, match: boolean) {
    await publish(likedId, match ? { type: 'match', member_id: likerId } : { type: 'like', member_id: likerId, match: false })
    if (match) await publish(likerId, { type: 'match', member_id: likedId })
  }

  route(app, api.likesEndpoint, async (req) => {
    const me = memberOf(req)
    const input = req.query
    let cursor: [0 | 1, string, number] | undefined
    if (input.cursor !== undefined) {
      cursor = decodeLikesCursor(input.cursor)
      if (!cursor) throw invalidCursor(req)
    }
    const list = await listLikes(db, me, input.type ?? 'received', { cursor, mediaBase: req.ctx.tenant.cdn_prefix })
    const by = await likedBy(db, me)
    return { ...list, ...by }
  })

  route(app, api.autoLikeEndpoint, async (req) => {
    const me = memberOf(req)
    if (!(await app.services.limiter.hit(`auto-like:${me.id}`, 1, AUTO_LIKE_INTERVAL_S))) return { profile: null }
    const profile = await autoLike(db, req.ctx.tenant, me, req.ctx.tenant.cdn_prefix)
    if (profile) await publish(me.id, { type: 'like', member_id: profile.id, match: false })
    return { profile: profile ?? null }
  })

  route(app, api.blockedListEndpoint, async (req) => {
    return { profiles: await blockedMembers(db, memberOf(req), req.ctx.tenant.cdn_prefix) }
  })

  route(app, api.blockEndpoint, async (req) => {
    const me = memberOf(req)
    if (!(await findVisibleMember(db, me, req.body.id, { includeBlockedByViewer: true }))) throw notFound(req)
    await blockMember(db, me, req.body.id)
    return { blocked: true }
  })

  route(app, api.unblockEndpoint, async (req) => {
    await unblockMember(db, memberOf(req), req.query.id)
    return { blocked: false }
  })

  route(app, api.matchFinderEndpoint, async (req) => {
    const me = memberOf(req)
    const { tenant } = req.ctx
    const filters = await filtersFor(req, me, req.query)
    const rows = await freshCandidates(db, me, filters, 2)
    const [profile, next] = await Promise.all(rows.map((r) => loadMemberProfile(db, me, r.account.id, tenant, tenant.cdn_prefix)))
    return { filters, profile: profile ?? null, next: next ?? null }
  })

  route(app, api.skipEndpoint, async (req) => {
    const me = memberOf(req)
    await visibleOr404(req, me, req.body.id)
    await skipMember(db, me, req.body.id)
    return { skipped: true }
  })

  route(app, api.swipeGameEndpoint, async (req) => {
    const me = memberOf(req)
    const { tenant } = req.ctx
    const filters = await filtersFor(req, me, req.query)
    const rows = await freshCandidates(db, me, filters, SWIPE_BATCH)
    const now = new Date()
    return {
      cards: rows.map((r) => presentCardRow(r, me, tenant.cdn_prefix)),
      likes_left: await swipeLikesLeft(db, me, now),
      likes_per_day: SWIPE_LIKES_PER_DAY,
      resets_at: swipeResetsAt(now).toISOString(),
    }
  })

  route(app, api.swipeEndpoint, async (req) => {
    const me = memberOf(req)
    const { t } = req.ctx
    const { id, action } = req.body
    await visibleOr404(req, me, id)
    const now = new Date()
    const resets_at = swipeResetsAt(now).toISOString()
    if (action === 'skip') {
      await skipMember(db, me, id)
      return { liked: false, match: false, likes_left: await swipeLikesLeft(db, me, now), resets_at }
    }
    const result = await swipeLike(db, me, id, now)
    if (!result.ok) {
      throw new ApiError(429, 'swipe_limit', t('discovery_errors.swipe_limit', { count: SWIPE_LIKES_PER_DAY }), undefined, { likes_left: 0, resets_at })
    }
    if (result.created) await announceLike(me.id, id, result.match)
    return { liked: true, match: result.match, likes_left: result.likesLeft, resets_at }
  })
}
