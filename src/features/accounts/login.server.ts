// Login with e-mail and password, counted per account: too many failures block the account a while. An unknown
// address is counted the same way (per pool and e-mail hash) so the answers never tell which addresses exist.
import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts } from '../../db/schema'
import { verifyPassword } from './passwords.server'
import type { Account } from './sessions.server'
import { DELETION_GRACE_DAYS } from './signup.server'
import { reactivateDeletedAccount } from './deletion.server'
import type { LimitRule, RateLimiter } from '../../server/rate-limit.server'
import { isStaffRole } from '../../shared/staff-policy'

export const MAX_FAILED_LOGINS = 5
export const BLOCK_MINUTES = 15

export type LoginResult =
  | { ok: true; account: Account }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'blocked'; minutes: number }
  | { ok: false; reason: 'deleted' }
  | { ok: false; reason: 'banned' }

/**
 * The unknown addresses' counter: MAX_FAILED_LOGINS - 1 failures pass, the next one blocks the key for
 * BLOCK_MINUTES, and after the block it counts from zero, like an account. Unlike an account's, the count is
 * forgotten after a day without a block: the store must not grow without end from guessed addresses.
 */
const UNKNOWN_COUNT_SECONDS = 24 * 3600
const UNKNOWN_RULE: LimitRule = { limit: MAX_FAILED_LOGINS - 1, windowSeconds: UNKNOWN_COUNT_SECONDS, blockSeconds: BLOCK_MINUTES * 60 }
const unknownKey = (pool: string, email: string) => `login-unknown:${pool}:${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex')}`

/**
 * A deleted account within the grace period is handled like any account (block, password, count), so a wrong
 * password answers 'failed' like an unknown address. Only the right password tells that it is deleted ('deleted');
 * with reactivate set, the right password brings it back and logs in (docs/decisions/025-reactivation-by-login.md).
 * After the grace period, until the purge job has run, it is treated as unknown.
 */
export async function attemptLogin(db: Db, limiter: RateLimiter, pool: string, email: string, password: string, opts: { reactivate?: boolean } = {}): Promise<LoginResult> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.pool, pool), sql`lower(${accounts.email}) = lower(${email})`))
    .limit(1)
  let account: Account | undefined = rows[0]
  // Staff accounts log in to the console only (decision 028): here they are unknown addresses.
  if (account && isStaffRole(account.role)) account = undefined
  const inGrace = account?.status === 'deleted' && !!account.deletedAt && account.deletedAt.getTime() > Date.now() - DELETION_GRACE_DAYS * 86400_000
  if (!account || (account.status === 'deleted' && !inGrace)) {
    // The same steps as for an account: the block first, then a password check of the same cost, then the count.
    const key = unknownKey(pool, email)
    const blocked = await limiter.peek(key, UNKNOWN_RULE)
    if (!blocked.allowed) return { ok: false, reason: 'blocked', minutes: Math.ceil(blocked.retryAfterS / 60) }
    await verifyPassword(undefined, password)
    const counted = await limiter.consume(key, UNKNOWN_RULE)
    if (!counted.allowed) return { ok: false, reason: 'blocked', minutes: BLOCK_MINUTES }
    return { ok: false, reason: 'failed' }
  }
  if (account.blockedUntil && account.blockedUntil.getTime() > Date.now()) {
    return { ok: false, reason: 'blocked', minutes: Math.ceil((account.blockedUntil.getTime() - Date.now()) / 60000) }
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    const [row] = await db
      .update(accounts)
      .set({
        // After a block has run out the count starts again, as for unknown addresses.
        failedLogins: sql`case when ${accounts.blockedUntil} is not null and ${accounts.blockedUntil} <= now() then 1 else ${accounts.failedLogins} + 1 end`,
        blockedUntil: sql`case when ${accounts.blockedUntil} is not null and ${accounts.blockedUntil} <= now() then null when ${accounts.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${BLOCK_MINUTES}) else null end`,
      })
      .where(eq(accounts.id, account.id))
      .returning({ failedLogins: accounts.failedLogins })
    if (row.failedLogins >= MAX_FAILED_LOGINS) return { ok: false, reason: 'blocked', minutes: BLOCK_MINUTES }
    return { ok: false, reason: 'failed' }
  }
  // Only after the right password: the member learns the account is banned (and why on /pages/ban).
  if (account.status === 'banned') return { ok: false, reason: 'banned' }
  if (account.status === 'deleted') {
    if (!opts.reactivate) return { ok: false, reason: 'deleted' }
    if (!(await reactivateDeletedAccount(db, account.id))) return { ok: false, reason: 'failed' }
  }
  const [updated] = await db
    .update(accounts)
    .set({ failedLogins: 0, blockedUntil: null, lastLoginAt: sql`now()` })
    .where(eq(accounts.id, account.id))
    .returning()
  return { ok: true, account: updated }
}
