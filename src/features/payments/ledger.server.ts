// The credit ledger: every change of a member's credits is one credit_ledger row written in the same transaction
// as its cause, and accounts.credits (the cached balance) always equals the sum of the member's ledger deltas.
// Decision 020.
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import type { Realtime } from '../../server/realtime.server'
import type { BalanceEvent } from './contracts'

export type LedgerReason = 'purchase' | 'message' | 'photo' | 'gift' | 'bonus' | 'signup' | 'refund' | 'chargeback' | 'correction'

export interface CreditChange {
  pool: string
  accountId: number
  /** Positive adds, negative takes. */
  delta: number
  reason: LedgerReason
  /** The cause (payment:12, refund:re_1); one entry per account, reason and reference: a repeat changes nothing. */
  reference?: string
  /** A first purchase makes the member premium. */
  makePaid?: boolean
  /**
   * For a take that may find fewer credits than it wants (refunds, chargebacks, corrections): takes what is there,
   * records the rest as the entry's shortfall. Without it a short balance throws InsufficientCredits.
   */
  partial?: boolean
}

export interface CreditResult {
  /** False when an entry with this reference existed: nothing changed. */
  applied: boolean
  /** What was added or taken (a partial take may be less than asked). */
  delta: number
  shortfall: number
  balance: number
  paidUser: boolean
  /** paid_user turned true with this change. */
  becamePaid: boolean
}

export class InsufficientCredits extends Error {
  constructor(public balance: number) {
    super('insufficient credits')
  }
}

/**
 * Applies one credit change and writes its ledger entry, inside the caller's transaction (the cause's), or in a
 * transaction of its own when given the database. The account row is locked first, so changes of one member
 * are serialized: the balance never goes below zero and a reference is recorded once, however many run at once.
 */
export async function applyCredits(q: Db | Tx, change: CreditChange): Promise<CreditResult> {
  if ('rollback' in q) return applyIn(q as Tx, change)
  return (q as Db).transaction((tx) => applyIn(tx, change))
}

async function applyIn(tx: Tx, c: CreditChange): Promise<CreditResult> {
  const locked = (await tx.execute(sql`select credits, paid_user from accounts where id = ${c.accountId} and pool = ${c.pool} for update`)) as unknown as {
    rows: { credits: number; paid_user: boolean }[]
  }
  const account = locked.rows[0]
  if (!account) throw new Error(`account ${c.accountId} not found in pool ${c.pool}`)
  const balance = Number(account.credits)
  if (c.reference !== undefined) {
    const seen = (await tx.execute(
      sql`select 1 from credit_ledger where account_id = ${c.accountId} and reason = ${c.reason} and reference = ${c.reference} limit 1`,
    )) as unknown as { rows: unknown[] }
    if (seen.rows.length > 0) return { applied: false, delta: 0, shortfall: 0, balance, paidUser: account.paid_user, becamePaid: false }
  }
  let delta = c.delta
  let shortfall = 0
  if (balance + delta < 0) {
    if (!c.partial) throw new InsufficientCredits(balance)
    shortfall = -(balance + delta)
    delta = -balance
  }
  const after = balance + delta
  const paidUser = account.paid_user || Boolean(c.makePaid)
  await tx.execute(sql`update accounts set credits = ${after}, paid_user = ${paidUser} where id = ${c.accountId}`)
  await tx.execute(sql`
    insert into credit_ledger (pool, account_id, delta, balance_after, reason, reference, shortfall)
    values (${c.pool}, ${c.accountId}, ${delta}, ${after}, ${c.reason}, ${c.reference ?? null}, ${shortfall})`)
  return { applied: true, delta, shortfall, balance: after, paidUser, becamePaid: paidUser && !account.paid_user }
}

/**
 * For a single statement that spends credits (the chat's send statement): the CTE that takes `cost` (a column of
 * the CTE `go`) from the account, never below zero, returning the new balance and the cost. The statement must
 * also write ledgerEntrySql: the two are the ledger's rule in one statement, where a row lock is implicit.
 */
export function chargeSql(accountId: number | SQL): SQL {
  return sql`update accounts a set credits = a.credits - go.cost from go where a.id = ${accountId}::bigint and a.credits >= go.cost returning a.credits, go.cost`
}

/** The ledger entry of chargeSql's CTE `charged`, referencing the row of the CTE `cause` by `prefix || cause.id`. */
export function ledgerEntrySql(m: { pool: string | SQL; accountId: number | SQL; reason: LedgerReason | SQL; prefix: string; cause: string }): SQL {
  return sql`insert into credit_ledger (pool, account_id, delta, balance_after, reason, reference)
      select ${m.pool}, ${m.accountId}::bigint, -charged.cost, charged.credits, ${m.reason}, ${m.prefix} || ${sql.raw(m.cause)}.id from charged, ${sql.raw(m.cause)} where charged.cost > 0`
}

/** The member's ledger sum against the cached balance (tests and staff checks). */
export async function ledgerCheck(db: Db, accountId: number): Promise<{ balance: number; sum: number }> {
  const res = (await db.execute(
    sql`select a.credits, coalesce((select sum(delta) from credit_ledger l where l.account_id = a.id), 0)::int as sum from accounts a where a.id = ${accountId}`,
  )) as unknown as { rows: { credits: number; sum: number }[] }
  return { balance: Number(res.rows[0].credits), sum: Number(res.rows[0].sum) }
}

/** Tells the member's open tabs the new balance and tier (the nav updates live). */
export async function publishBalance(realtime: Realtime, accountId: number, state: { balance: number; paidUser: boolean }): Promise<void> {
  await realtime.publish([accountId], { type: 'balance', credits: state.balance, paid_user: state.paidUser } satisfies BalanceEvent)
}
