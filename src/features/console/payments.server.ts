// The console's payments (issue 13): listing the orders and payments of the staff member's pools, and refunding a
// paid one. A refund is asked of the payment's provider (the test provider or Mollie, provider.server.ts); what it
// means for the member is then decided by the payments feature's own sync (syncPayment, decision 020): the credits
// the payment added go back through the ledger (reference refund:<provider refund id>, at most what is left, the
// rest recorded as shortfall) and the payment reads `refunded`. So the ledger stays exact and a webhook that
// repeats the same news changes nothing.
import { and, desc, eq, ilike, inArray, lt, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, creditLedger, orders, payments } from '../../db/schema'
import type { Account } from '../accounts/index.server'
import { ProviderError, syncPayment, type PaymentProvider, type SyncResult } from '../payments/index.server'
import { writeAudit } from './audit.server'
import type { ConsolePayment } from './payment-endpoints'

type Auditor = { staff: Pick<Account, 'id' | 'email' | 'role'>; ip?: string }
const PAGE = 100

const columns = { payment: payments, order: orders, email: accounts.email }
type Row = { payment: typeof payments.$inferSelect; order: typeof orders.$inferSelect; email: string }

const present = ({ payment: p, order: o, email }: Row): ConsolePayment => ({
  id: p.id, order_id: o.id, tenant_id: o.tenantId, pool: p.pool, account_id: o.accountId, email, bundle_id: o.bundleId, credits: o.credits,
  provider: p.provider, method: p.method, status: p.status, amount_cents: p.amountCents, currency: p.currency,
  refunded_cents: p.refundedCents, charged_back_cents: p.chargedBackCents, created_at: p.createdAt.toISOString(), paid_at: p.paidAt?.toISOString() ?? null,
})

const inPools = (pools: string[]) => inArray(payments.pool, pools.length ? pools : [''])

export async function listPayments(db: Db, pools: string[], f: { status?: string; tenant?: string; q?: string; before?: number }): Promise<ConsolePayment[]> {
  const where: SQL[] = [inPools(pools)]
  if (f.status) where.push(eq(payments.status, f.status))
  if (f.tenant) where.push(eq(orders.tenantId, f.tenant))
  if (f.before) where.push(lt(payments.id, f.before))
  if (f.q) {
    const n = /^\d{1,15}$/.test(f.q) ? Number(f.q) : undefined
    const like = `%${f.q.replace(/[\\%_]/g, (c) => '\\' + c)}%`
    where.push(n !== undefined ? or(eq(orders.accountId, n), eq(payments.id, n), eq(orders.id, n))! : or(ilike(accounts.email, like), eq(payments.providerPaymentId, f.q))!)
  }
  const rows = await db
    .select(columns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(...where))
    .orderBy(desc(payments.id))
    .limit(PAGE)
  return rows.map(present)
}

async function onePayment(db: Db, pools: string[], id: number): Promise<Row | undefined> {
  const [row] = await db
    .select(columns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(eq(payments.id, id), inPools(pools)))
  return row
}

export type RefundOutcome =
  /** balance: what this request's sync changed, for the member's tabs (none when the webhook's sync came first); credits: the balance now. */
  | { ok: true; payment: ConsolePayment; applied: boolean; creditsTaken: number; balance: SyncResult['balance']; credits: number | null }
  | { ok: false; reason: 'not_found' | 'not_refundable' | 'provider_error' }
  | { ok: false; reason: 'amount_too_high'; left: number; currency: string }

/**
 * Refunds what is left of a paid payment (its price less earlier refunds and chargebacks), or the part of it asked
 * for (amountCents, at most what is left: more is refused before the provider is asked). The credits go back in
 * proportion to the price (syncPayment's rule: the share refunded so far, rounded up). Already refunded: the
 * payment as it is, applied false (a second click, a retried request). Anything but paid (open, failed, charged
 * back) cannot be refunded. Two staff members at once: the provider accepts at most the amount paid, so only one
 * refund is made; the other finds the payment refunded. The audit row is written once the provider has the refund
 * and the ledger has taken the credits (like photo review: right after the change).
 */
export async function refundPayment(db: Db, provider: PaymentProvider, pools: string[], input: { id: number; reason: string; amount_cents?: number }, who: Auditor): Promise<RefundOutcome> {
  const row = await onePayment(db, pools, input.id)
  if (!row) return { ok: false, reason: 'not_found' }
  const before = present(row)
  if (row.payment.status === 'refunded') return { ok: true, payment: before, applied: false, creditsTaken: 0, balance: undefined, credits: null }
  const left = row.payment.amountCents - row.payment.refundedCents - row.payment.chargedBackCents
  if (row.payment.status !== 'paid' || left <= 0 || row.payment.provider !== provider.name) return { ok: false, reason: 'not_refundable' }
  if (input.amount_cents !== undefined && input.amount_cents > left) return { ok: false, reason: 'amount_too_high', left, currency: row.payment.currency }
  const amount = input.amount_cents ?? left
  const [acc] = await db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, row.order.accountId))

  let refundId: string | undefined
  try {
    refundId = (await provider.refund(row.payment.providerPaymentId, amount)).id
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err
  }
  // The provider's word, acted on by the payments feature (credits back through the ledger, status refunded).
  const sync = await syncPayment(db, provider, row.payment.providerPaymentId)
  const after = await onePayment(db, pools, input.id)
  if (!after) return { ok: false, reason: 'not_found' }
  if (!refundId) {
    // Refused by the provider: refunded meanwhile by someone else (the same answer as a repeat), or a real failure.
    return after.payment.status === 'refunded' ? { ok: true, payment: present(after), applied: false, creditsTaken: 0, balance: undefined, credits: null } : { ok: false, reason: 'provider_error' }
  }
  // What this refund took is its own ledger entry (reference refund:<id>), whoever synced it: the provider's webhook,
  // handled by another request, may have acted on the refund before the sync above, which then finds nothing to do.
  // The balance is read again for the same reason (and a member may spend meanwhile).
  const [entry] = await db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.accountId, row.order.accountId), eq(creditLedger.reason, 'refund'), eq(creditLedger.reference, `refund:${refundId}`)))
  const creditsTaken = entry ? -entry.delta : 0
  const [current] = await db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, row.order.accountId))
  await writeAudit(db, who, {
    action: 'payments.refund', pool: row.payment.pool, targetType: 'payment', targetId: row.payment.id,
    before: { status: before.status, refunded_cents: before.refunded_cents, credits: acc?.credits ?? null },
    after: { status: after.payment.status, refunded_cents: after.payment.refundedCents, refund_id: refundId, amount_cents: amount, partial: amount < left, credits: current?.credits ?? null, credits_taken: creditsTaken, member: row.order.accountId, reason: input.reason },
  })
  return { ok: true, payment: present(after), applied: true, creditsTaken, balance: sync.balance, credits: current?.credits ?? null }
}
