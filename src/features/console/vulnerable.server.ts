// The vulnerable mark on a member's account (decision 037 addendum): set by a chat operator, lifted by the staff
// review; each change writes its audit row in the change's transaction.
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { accounts, staffAudit } from '../../db/schema'

export interface VulnerableState {
  member_id: number
  vulnerable_at: string | null
  reason: string | null
}

/** The member's mark with the reason of the audit row that set it; undefined when not in these pools. */
export async function vulnerableState(db: Db, pools: string[], memberId: number): Promise<VulnerableState | undefined> {
  if (pools.length === 0) return undefined
  const [row] = await db.select({ id: accounts.id, at: accounts.vulnerableAt }).from(accounts).where(and(eq(accounts.id, memberId), inArray(accounts.pool, pools)))
  if (!row) return undefined
  if (!row.at) return { member_id: row.id, vulnerable_at: null, reason: null }
  const [mark] = await db
    .select({ after: staffAudit.after })
    .from(staffAudit)
    .where(and(eq(staffAudit.action, 'operator.vulnerable'), eq(staffAudit.targetType, 'member'), eq(staffAudit.targetId, String(row.id))))
    .orderBy(desc(staffAudit.id))
    .limit(1)
  const reason = (mark?.after as { reason?: unknown } | null)?.reason
  return { member_id: row.id, vulnerable_at: row.at.toISOString(), reason: typeof reason === 'string' ? reason : null }
}

/**
 * Marks the member (once: marking a marked member keeps the first time and writes no second row). `audit` runs in
 * the transaction when the mark is new. Returns when the member was marked.
 */
export async function markVulnerable(db: Db, memberId: number, audit: (tx: Tx) => Promise<void>): Promise<{ at: Date; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [set] = await tx.update(accounts).set({ vulnerableAt: new Date() }).where(and(eq(accounts.id, memberId), isNull(accounts.vulnerableAt))).returning({ at: accounts.vulnerableAt })
    if (set?.at) {
      await audit(tx)
      return { at: set.at, changed: true }
    }
    const [row] = await tx.select({ at: accounts.vulnerableAt }).from(accounts).where(eq(accounts.id, memberId))
    return { at: row!.at!, changed: false }
  })
}

/** Lifts the mark after the staff review; false when the member was not marked. */
export async function liftVulnerable(db: Db, memberId: number, audit: (tx: Tx, markedAt: Date) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ at: accounts.vulnerableAt }).from(accounts).where(and(eq(accounts.id, memberId), isNotNull(accounts.vulnerableAt))).for('update')
    if (!before?.at) return false
    await tx.update(accounts).set({ vulnerableAt: null }).where(eq(accounts.id, memberId))
    await audit(tx, before.at)
    return true
  })
}
