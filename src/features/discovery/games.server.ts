// The match finder and the swipe game: members from the search filters that the viewer has neither liked nor
// skipped, skips, and the swipe game's daily like limit (SPEC.md section 9: 4 per day), counted in the same
// transaction as the like so concurrent requests cannot exceed it.
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { likes, profiles, skips, swipeDays } from '../../db/schema'
import { SWIPE_LIKES_PER_DAY, SWIPE_TIME_ZONE } from '../../shared/discovery-contracts'
import { filterConditions } from './filters.server'
import { likeMember } from './likes-core.server'
import { blockedEitherWay, cardRows, type AppliedFilters } from './search.server'
import type { Viewer } from './visibility.server'

type Member = Viewer & { id: number }

/** Members from the filters the viewer has not liked or skipped, most recently active first. */
export async function freshCandidates(db: Db, viewer: Member, filters: AppliedFilters, limit: number) {
  const hidden = await blockedEitherWay(db, viewer)
  const untouched = sql`not exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId})
    and not exists (select 1 from ${skips} s where s.pool = ${viewer.pool} and s.account_id = ${viewer.id} and s.skipped_id = ${profiles.accountId})`
  const filter = filterConditions(filters)
  return cardRows(db, viewer, filter ? and(filter, untouched) : untouched, { hidden, limit })
}

/** Stores a skip (again is fine). The caller has checked that the member is visible. */
export async function skipMember(db: Db, viewer: Member, memberId: number) {
  await db.insert(skips).values({ pool: viewer.pool, accountId: viewer.id, skippedId: memberId }).onConflictDoNothing()
}

/** The calendar day in Europe/Amsterdam of an instant, YYYY-MM-DD. */
export function swipeDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SWIPE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** Minutes Europe/Amsterdam is ahead of UTC at an instant (60 in winter, 120 in summer). */
function zoneOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: SWIPE_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second))
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60000)
}

/** The next midnight in Europe/Amsterdam after an instant: when the swipe game's likes reset. */
export function swipeResetsAt(at: Date): Date {
  const [y, m, d] = swipeDay(at).split('-').map(Number)
  const midnightUtcGuess = Date.UTC(y, m - 1, d + 1)
  // Midnight local = midnight UTC minus the offset valid at that moment (the offset of the guess is right except
  // within hours of a DST change, so correct once with the offset at the first result).
  const first = midnightUtcGuess - zoneOffsetMinutes(new Date(midnightUtcGuess)) * 60000
  return new Date(midnightUtcGuess - zoneOffsetMinutes(new Date(first)) * 60000)
}

/** Likes left today in the swipe game. */
export async function swipeLikesLeft(db: Db, viewer: Member, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ likes: swipeDays.likes })
    .from(swipeDays)
    .where(and(eq(swipeDays.pool, viewer.pool), eq(swipeDays.accountId, viewer.id), eq(swipeDays.day, swipeDay(now))))
  return Math.max(0, SWIPE_LIKES_PER_DAY - (row?.likes ?? 0))
}

export type SwipeLikeResult = { ok: true; liked: true; match: boolean; created: boolean; likesLeft: number } | { ok: false; likesLeft: 0 }

/**
 * A swipe-game like. The day's counter row is locked first (insert ... on conflict do update), so concurrent
 * likes of one member are counted one after another; a like of a member already liked costs nothing.
 */
export async function swipeLike(db: Db, viewer: Member, memberId: number, now = new Date()): Promise<SwipeLikeResult> {
  const day = swipeDay(now)
  return db.transaction(async (tx: Tx) => {
    const [counter] = await tx
      .insert(swipeDays)
      .values({ pool: viewer.pool, accountId: viewer.id, day, likes: 0 })
      .onConflictDoUpdate({ target: [swipeDays.pool, swipeDays.accountId, swipeDays.day], set: { likes: sql`${swipeDays.likes}` } })
      .returning({ likes: swipeDays.likes })
    const [already] = await tx
      .select({ x: likes.likedId })
      .from(likes)
      .where(and(eq(likes.pool, viewer.pool), eq(likes.likerId, viewer.id), eq(likes.likedId, memberId)))
    if (already) {
      const result = await likeMember(tx as unknown as Db, viewer.pool, viewer.id, memberId, 'swipe_game')
      return { ok: true as const, liked: true as const, match: result.match, created: false, likesLeft: Math.max(0, SWIPE_LIKES_PER_DAY - counter.likes) }
    }
    if (counter.likes >= SWIPE_LIKES_PER_DAY) return { ok: false as const, likesLeft: 0 as const }
    await tx
      .update(swipeDays)
      .set({ likes: sql`${swipeDays.likes} + 1` })
      .where(and(eq(swipeDays.pool, viewer.pool), eq(swipeDays.accountId, viewer.id), eq(swipeDays.day, day)))
    const result = await likeMember(tx as unknown as Db, viewer.pool, viewer.id, memberId, 'swipe_game')
    return { ok: true as const, liked: true as const, match: result.match, created: result.created, likesLeft: SWIPE_LIKES_PER_DAY - counter.likes - 1 }
  })
}
