// Liking and unliking, shared by the profile page, the likes page, the match finder and the swipe game.
// The caller has checked with findVisibleMember that the target is visible to the liker.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { likes } from '../../db/schema'
import { queueLikeMails } from '../notifications/index.server'

export type LikeSource = 'profile' | 'match_finder' | 'swipe_game' | 'likes'

/** Stores the like once (a repeated like changes nothing) and tells whether it is now a match. */
export async function likeMember(db: Db, pool: string, likerId: number, likedId: number, source: LikeSource = 'profile') {
  const inserted = await db.insert(likes).values({ pool, likerId, likedId, source }).onConflictDoNothing().returning({ likedId: likes.likedId })
  const [back] = await db
    .select({ likerId: likes.likerId })
    .from(likes)
    .where(and(eq(likes.pool, pool), eq(likes.likerId, likedId), eq(likes.likedId, likerId)))
    .limit(1)
  // A new like is announced by e-mail (batched; a match at once), by the job worker under the member's settings.
  if (inserted.length > 0) await queueLikeMails(db, { likerId, likedId, match: back !== undefined })
  return { created: inserted.length > 0, liked: true, match: back !== undefined }
}

/** Removes the like; `removed` tells whether there was one. */
export async function unlikeMember(db: Db, pool: string, likerId: number, likedId: number) {
  const rows = await db.delete(likes).where(and(eq(likes.pool, pool), eq(likes.likerId, likerId), eq(likes.likedId, likedId))).returning({ id: likes.likedId })
  return { liked: false, match: false, removed: rows.length > 0 }
}
