// One-time tokens (activation, password reset, ...): 256 random bits, only the sha256 stored, single use, expiring.
import crypto from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { oneTimeTokens } from '../../db/schema'
import { hashToken } from './sessions.server'

export type TokenPurpose = 'activate' | 'reset_password' | 'mail_change' | 'reactivate' | 'unsubscribe'

export async function issueToken(db: Db | Tx, account: { id: number; pool: string }, purpose: TokenPurpose, ttlSeconds: number, payload?: unknown): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    pool: account.pool,
    accountId: account.id,
    purpose,
    payload: payload ?? null,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  })
  return token
}

/** Marks a valid token used and returns its row; undefined when unknown, used, expired, of another purpose or pool. */
export async function consumeToken(db: Db | Tx, token: string | undefined, purpose: TokenPurpose, pool: string) {
  if (!token || token.length > 100) return undefined
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.pool, pool), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .returning()
  return row
}
