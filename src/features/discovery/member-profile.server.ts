// Another member's profile as a viewer may see it (logged in, or the public view of a logged-out visitor), and
// the few other members the member landings show beside it.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { blocks, likes, photos, profiles } from '../../db/schema'
import type { MemberCard, MemberProfile } from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import { presentMemberProfile } from './present-member.server'
import { cardRows, presentCardRow, regionName } from './search.server'
import { findVisibleMember, type Viewer } from './visibility.server'

/**
 * The profile, or undefined (404): another pool, invisible, deleted, disabled, or a member who blocked the viewer.
 * A member the viewer blocked stays viewable (with blocked: true) so the viewer can unblock them.
 */
export async function loadMemberProfile(db: Db, viewer: Viewer, memberId: number, tenant: Tenant, mediaBase: string): Promise<MemberProfile | undefined> {
  const found = await findVisibleMember(db, viewer, memberId, { includeBlockedByViewer: true })
  if (!found) return undefined
  const memberPhotos = await db
    .select()
    .from(photos)
    .where(and(eq(photos.pool, viewer.pool), eq(photos.accountId, memberId), eq(photos.status, 'active')))
    .orderBy(asc(photos.id))
  let liked = false
  let likesYou = false
  let blocked = false
  if (viewer.id !== undefined) {
    const [rel] = (await db.execute(sql`select
        exists (select 1 from ${likes} where pool = ${viewer.pool} and liker_id = ${viewer.id} and liked_id = ${memberId}) as liked,
        exists (select 1 from ${likes} where pool = ${viewer.pool} and liker_id = ${memberId} and liked_id = ${viewer.id}) as likes_you,
        exists (select 1 from ${blocks} where pool = ${viewer.pool} and blocker_id = ${viewer.id} and blocked_id = ${memberId}) as blocked`) as unknown as { rows: { liked: boolean; likes_you: boolean; blocked: boolean }[] }).rows as { liked: boolean; likes_you: boolean; blocked: boolean }[]
    liked = rel.liked
    likesYou = rel.likes_you
    blocked = rel.blocked
  }
  // The main photo first, then the others in upload order.
  const main = memberPhotos.find((p) => p.id === found.profile.mainPhotoId)
  const ordered = main ? [main, ...memberPhotos.filter((p) => p !== main)] : memberPhotos
  return presentMemberProfile(
    {
      account: found.account,
      profile: found.profile,
      mainPhoto: main ?? null,
      photos: ordered,
      liked,
      likesYou,
      blocked,
      regionName: regionName(found.profile.country, found.profile.region),
    },
    viewer,
    tenant,
    mediaBase,
  )
}

/** Members of the pool like this one (same gender), for the landings: the public view's cards. */
export async function landingOthers(db: Db, viewer: Viewer, profile: MemberProfile, mediaBase: string, limit = 6): Promise<MemberCard[]> {
  const where = profile.gender ? and(eq(profiles.gender, profile.gender), sql`${profiles.accountId} <> ${profile.id}`) : sql`${profiles.accountId} <> ${profile.id}`
  const rows = await cardRows(db, viewer, where, { hidden: [], limit })
  return rows.map((r) => presentCardRow(r, viewer, mediaBase))
}
