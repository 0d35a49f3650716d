// Login with e-mail and password, counted per account: too many failures block the account a while.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts } from '../../db/schema'
import { verifyPassword } from './passwords.server'
import type { Account } from './sessions.server'

export const MAX_FAILED_LOGINS = 5
export const BLOCK_MINUTES = 15

export type LoginResult =
  | { ok: true; account: Account }
  | { ok: false; reason: 'failed' }
  | { ok: false; reason: 'blocked'; minutes: number }

export async function attemptLogin(db: Db, pool: string, email: string, password: string): Promise<LoginResult> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.pool, pool), sql`lower(${accounts.email}) = lower(${email})`))
    .limit(1)
  if (!account || account.status === 'deleted') {
    await verifyPassword(undefined, password)
    return { ok: false, reason: 'failed' }
  }
  if (account.blockedUntil && account.blockedUntil.getTime() > Date.now()) {
    return { ok: false, reason: 'blocked', minutes: Math.ceil((account.blockedUntil.getTime() - Date.now()) / 60000) }
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    const [row] = await db
      .update(accounts)
      .set({
        failedLogins: sql`${accounts.failedLogins} + 1`,
        blockedUntil: sql`case when ${accounts.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then now() + make_interval(mins => ${BLOCK_MINUTES}) else null end`,
      })
      .where(eq(accounts.id, account.id))
      .returning({ failedLogins: accounts.failedLogins })
    if (row.failedLogins >= MAX_FAILED_LOGINS) return { ok: false, reason: 'blocked', minutes: BLOCK_MINUTES }
    return { ok: false, reason: 'failed' }
  }
  const [updated] = await db
    .update(accounts)
    .set({ failedLogins: 0, blockedUntil: null, lastLoginAt: sql`now()` })
    .where(eq(accounts.id, account.id))
    .returning()
  return { ok: true, account: updated }
}
