// Who may see whom: one rule for search, profiles, likes, the match finder and the swipe game.
// A member sees only members of their own pool (the pool comes from the request's tenant), never an
// invisible, deleted, disabled or unconfirmed one, and never a member who blocked them or whom they blocked.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, blocks, profiles } from '../../db/schema'

export interface Viewer {
  pool: string
  /** Absent for a logged-out visitor. */
  id?: number
  paidUser: boolean
}

/**
 * Conditions on `accounts` joined with `profiles` for members the viewer may see.
 * With `includeBlockedByViewer` a member the viewer blocked stays visible (their profile, to unblock them);
 * a member who blocked the viewer never is.
 */
export function visibleMember(viewer: Viewer, opts: { includeBlockedByViewer?: boolean } = {}): SQL {
  const conds: SQL[] = [
    eq(accounts.pool, viewer.pool),
    eq(profiles.pool, viewer.pool),
    eq(accounts.status, 'active'),
    eq(accounts.invisible, false),
    eq(profiles.searchable, true),
  ]
  if (viewer.id !== undefined) {
    conds.push(ne(accounts.id, viewer.id))
    conds.push(
      opts.includeBlockedByViewer
        ? sql`not exists (select 1 from ${blocks} b where b.pool = ${viewer.pool} and b.blocker_id = ${accounts.id} and b.blocked_id = ${viewer.id})`
        : sql`not exists (select 1 from ${blocks} b where b.pool = ${viewer.pool} and ((b.blocker_id = ${accounts.id} and b.blocked_id = ${viewer.id}) or (b.blocker_id = ${viewer.id} and b.blocked_id = ${accounts.id})))`,
    )
  }
  return and(...conds) as SQL
}

/** The account and profile of a member the viewer may see, or undefined (the caller answers 404). */
export async function findVisibleMember(db: Db, viewer: Viewer, memberId: number, opts: { includeBlockedByViewer?: boolean } = {}) {
  const [row] = await db
    .select({ account: accounts, profile: profiles })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(accounts.id, memberId), visibleMember(viewer, opts)))
    .limit(1)
  return row
}
