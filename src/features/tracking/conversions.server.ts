// A tracked account's signup and first purchase (decision 029): one row each (the unique index on account and
// kind), with the account's traffic source copied, and in the same transaction the job that calls the traffic
// source's postback. An account without a traffic source makes no row.
import { and, eq, isNotNull, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { accounts, orders, trafficConversions } from '../../db/schema'
import { enqueueJob } from '../../db/jobs.server'

export const POSTBACK_JOB = 'tracking.postback'
/** Attempts of a postback: 5 s, 20 s, 45 s, 80 s, 125 s ... apart (jobs.server.ts), then given up. */
export const POSTBACK_ATTEMPTS = 8
export type ConversionKind = 'signup' | 'first_purchase'

/** Records the event for a tracked account and queues its postback; the id, or undefined (untracked or a repeat). */
export async function recordConversion(q: Db | Tx, c: { accountId: number; kind: ConversionKind; amountCents?: number; currency?: string }): Promise<number | undefined> {
  const [acc] = await q
    .select({
      pool: accounts.pool,
      tenantId: accounts.tenantId,
      network: accounts.trackingNetwork,
      ref: accounts.trackingRef,
      sub1: accounts.trackingSub1,
      sub2: accounts.trackingSub2,
      sub3: accounts.trackingSub3,
      clickid: accounts.trackingClickid,
      landing: accounts.trackingLanding,
    })
    .from(accounts)
    .where(eq(accounts.id, c.accountId))
  if (!acc || !(acc.network || acc.ref || acc.clickid)) return undefined
  const [row] = await q
    .insert(trafficConversions)
    .values({ accountId: c.accountId, ...acc, kind: c.kind, amountCents: c.amountCents ?? 0, currency: c.currency ?? null })
    .onConflictDoNothing()
    .returning({ id: trafficConversions.id })
  if (!row) return undefined
  await enqueueJob(q as Db, POSTBACK_JOB, { conversionId: row.id }, { maxAttempts: POSTBACK_ATTEMPTS })
  return row.id
}

/**
 * The hook of a paid order (payments.server.ts, in the transaction that marks it paid): the member's first paid
 * order is the first purchase; a later one, or one after an earlier paid order, records nothing.
 */
export async function recordFirstPurchase(tx: Tx, order: { id: number; accountId: number }, payment: { amountCents: number; currency: string }) {
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.accountId, order.accountId), isNotNull(orders.paidAt), ne(orders.id, order.id)))
    .limit(1)
  if (earlier) return undefined
  return recordConversion(tx, { accountId: order.accountId, kind: 'first_purchase', amountCents: payment.amountCents, currency: payment.currency })
}

