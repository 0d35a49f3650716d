// Blocking: the blocker and the blocked disappear from each other's search, likes and chats (the rule lives in
// visibility.server.ts, search.server.ts and the chat's chatPartner); a message either way is refused.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, blocks, photos, profiles } from '../../db/schema'
import type { MemberCard } from '../../shared/discovery-contracts'
import { presentMemberCard } from './present-member.server'
import { regionName } from './search.server'
import type { Viewer } from './visibility.server'

type Member = Viewer & { id: number }

export async function blockMember(db: Db, viewer: Member, memberId: number) {
  await db.insert(blocks).values({ pool: viewer.pool, blockerId: viewer.id, blockedId: memberId }).onConflictDoNothing()
}

export async function unblockMember(db: Db, viewer: Member, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.pool, viewer.pool), eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, memberId)))
    .returning({ id: blocks.blockedId })
  return rows.length > 0
}

/** The members the viewer blocked, newest first (deleted accounts left out). */
export async function blockedMembers(db: Db, viewer: Member, mediaBase: string): Promise<MemberCard[]> {
  const rows = await db
    .select({ account: { id: accounts.id, fictional: accounts.fictional }, profile: profiles, photo: photos })
    .from(blocks)
    .innerJoin(accounts, and(eq(accounts.id, blocks.blockedId), eq(accounts.pool, viewer.pool), ne(accounts.status, 'deleted')))
    .innerJoin(profiles, eq(profiles.accountId, blocks.blockedId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.accountId, profiles.accountId), eq(photos.status, 'active')))
    .where(and(eq(blocks.pool, viewer.pool), eq(blocks.blockerId, viewer.id)))
    .orderBy(desc(blocks.createdAt))
    .limit(500)
  return rows
    .filter((r) => r.account && r.profile)
    .map((r) => presentMemberCard({ account: r.account, profile: r.profile, mainPhoto: r.photo, regionName: regionName(r.profile.country, r.profile.region) }, viewer, mediaBase))
}
