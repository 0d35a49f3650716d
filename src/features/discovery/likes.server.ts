// The likes lists (received with new ones first, given, matches), the liked_by list of SPEC.md section 7, the
// new-like flag, and the auto-like: a fictional member of the pool who likes the member.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { accounts, likes, photos, profiles, skips, conversations } from '../../db/schema'
import { LIKES_PAGE_SIZE, type LikeProfile, type LikeType, type MemberCard } from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import { defaultFilters, filterConditions } from './filters.server'
import { ACTIVITY_ORDER, blockedEitherWay, cursorId, cursorTimestamp, listableMember, presentCardRow, viewerProfile } from './search.server'
import type { Viewer } from './visibility.server'

/** At most this many members in liked_by (the newest). */
export const LIKED_BY_LIMIT = 1000
/** The auto-like: at most one per member per this many seconds. */
export const AUTO_LIKE_INTERVAL_S = 3 * 60 * 60

type Member = Viewer & { id: number }

// Cursor of a likes list: [new first (1/0), the like's time as Postgres text, member id].
const likesCursor = z.tuple([z.union([z.literal(0), z.literal(1)]), cursorTimestamp, cursorId])
export function decodeLikesCursor(cursor: string): [0 | 1, string, number] | undefined {
  try {
    const parsed = likesCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
const encodeLikesCursor = (parts: [0 | 1, string, number]) => Buffer.from(JSON.stringify(parts)).toString('base64url')

/** One page of a likes list of the viewer. */
export async function listLikes(db: Db, viewer: Member, type: LikeType, opts: { cursor?: [0 | 1, string, number]; mediaBase: string; pageSize?: number }) {
  const pageSize = opts.pageSize ?? LIKES_PAGE_SIZE
  const hidden = await blockedEitherWay(db, viewer)
  // received: their like of the viewer; given: the viewer's like; matches: both (the later one's time).
  const theirs = sql`(select l.created_at from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id})`
  const mine = sql`(select l.created_at from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId})`
  const theirNew = sql`coalesce((select l.is_new from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id}), false)`
  const likedAt = type === 'received' ? theirs : type === 'given' ? mine : sql`greatest(${theirs}, ${mine})`
  const isNew = type === 'received' ? sql`(${theirNew})::int` : sql`0::int`
  const relation: SQL =
    type === 'received'
      ? sql`exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id})`
      : type === 'given'
        ? sql`exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId})`
        : sql`exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id})
              and exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId})`
  const conds = [listableMember(viewer, hidden), relation]
  if (opts.cursor) conds.push(sql`(${isNew}, ${likedAt}, ${profiles.accountId}) < (${opts.cursor[0]}, ${opts.cursor[1]}::timestamptz, ${opts.cursor[2]})`)
  const rows = await db
    .select({
      account: { id: accounts.id, fictional: accounts.fictional },
      profile: profiles,
      photo: photos,
      activeAt: sql<string>`${profiles.lastActiveAt}::text`,
      liked: sql<boolean>`exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId})`,
      likesYou: sql<boolean>`exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id})`,
      likeNew: sql<boolean>`${theirNew}`,
      isNew: sql<number>`${isNew}`,
      likedAt: sql<string>`(${likedAt})::text`,
      likedAtIso: sql<Date>`${likedAt}`.mapWith(accounts.createdAt),
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.accountId, profiles.accountId), eq(photos.status, 'active')))
    .where(and(...conds))
    .orderBy(...(type === 'received' ? [desc(isNew)] : []), desc(likedAt), desc(profiles.accountId))
    .limit(pageSize + 1)
  const page = rows.slice(0, pageSize)
  const last = page[page.length - 1]
  const list: LikeProfile[] = page.map((r) => ({
    ...presentCardRow(r, viewer, opts.mediaBase),
    likes_you: Boolean(r.likesYou),
    match: Boolean(r.liked) && Boolean(r.likesYou),
    like_new: Boolean(r.likeNew),
    liked_at: new Date(r.likedAtIso).toISOString(),
  }))
  return { profiles: list, next_cursor: rows.length > pageSize && last ? encodeLikesCursor([Number(last.isNew) ? 1 : 0, last.likedAt, last.account.id]) : null }
}

/** SPEC.md section 7 liked_by: who likes the viewer (visible to them), newest first, with the new flag; and the number of new ones. */
export async function likedBy(db: Db, viewer: Member) {
  const hidden = await blockedEitherWay(db, viewer)
  const rows = await db
    .select({ id: likes.likerId, like_new: likes.isNew })
    .from(likes)
    .innerJoin(profiles, eq(profiles.accountId, likes.likerId))
    .innerJoin(accounts, eq(accounts.id, likes.likerId))
    .where(and(eq(likes.pool, viewer.pool), eq(likes.likedId, viewer.id), listableMember(viewer, hidden)))
    .orderBy(desc(likes.createdAt), desc(likes.likerId))
    .limit(LIKED_BY_LIMIT)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.accountId, likes.likerId))
    .innerJoin(accounts, eq(accounts.id, likes.likerId))
    .where(and(eq(likes.pool, viewer.pool), eq(likes.likedId, viewer.id), eq(likes.isNew, true), listableMember(viewer, hidden)))
  return { liked_by: rows, new_likes: Number(count?.n ?? 0) }
}

/** Opening a profile clears the new flag of that member's like of the viewer; true when there was one. */
export async function clearNewLike(db: Db, viewer: Member, memberId: number): Promise<boolean> {
  const rows = await db
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.pool, viewer.pool), eq(likes.likerId, memberId), eq(likes.likedId, viewer.id), eq(likes.isNew, true)))
    .returning({ id: likes.likerId })
  return rows.length > 0
}

/**
 * A fictional member of the pool the viewer has had nothing to do with (no like either way, no skip, no
 * conversation, no block) and who fits the viewer's default filters likes the viewer. Returns their card, or
 * undefined when none is left.
 */
export async function autoLike(db: Db, tenant: Tenant, viewer: Member, mediaBase: string): Promise<MemberCard | undefined> {
  const me = await viewerProfile(db, viewer)
  const filters = defaultFilters(tenant, me)
  const hidden = await blockedEitherWay(db, viewer)
  const untouched = sql`not exists (select 1 from ${likes} l where l.pool = ${viewer.pool} and ((l.liker_id = ${viewer.id} and l.liked_id = ${profiles.accountId}) or (l.liker_id = ${profiles.accountId} and l.liked_id = ${viewer.id})))
    and not exists (select 1 from ${skips} s where s.pool = ${viewer.pool} and s.account_id = ${viewer.id} and s.skipped_id = ${profiles.accountId})
    and not exists (select 1 from ${conversations} c where c.pool = ${viewer.pool} and ((c.member_a = ${viewer.id} and c.member_b = ${profiles.accountId}) or (c.member_b = ${viewer.id} and c.member_a = ${profiles.accountId})))`
  const conds = [listableMember(viewer, hidden), eq(accounts.fictional, true), untouched]
  const filter = filterConditions(filters)
  if (filter) conds.push(filter)
  const [row] = await db
    .select({ account: { id: accounts.id, fictional: accounts.fictional }, profile: profiles, photo: photos, activeAt: sql<string>`${profiles.lastActiveAt}::text`, liked: sql<boolean>`false` })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.accountId, profiles.accountId), eq(photos.status, 'active')))
    .where(and(...conds))
    .orderBy(...ACTIVITY_ORDER)
    .limit(1)
  if (!row) return undefined
  await db.insert(likes).values({ pool: viewer.pool, likerId: row.account.id, likedId: viewer.id, source: 'auto' }).onConflictDoNothing()
  return presentCardRow(row, viewer, mediaBase)
}
