// Buying credits: bundles and prices per country, discount codes (reserved with the payment, one use per member),
// orders and payments with the provider, and the webhook's work: fetch the payment from the provider and act on
// its state, adding the credits exactly once and taking them back on refunds and chargebacks. Decision 020.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { accounts, creditLedger, discountCodes, discountRedemptions, orders, payments, profiles } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { PaymentMethod } from '../../shared/tenant-schema'
import type { Account } from '../accounts/index.server'
import {
  FINAL_PAYMENT_STATUSES,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_SECONDS,
  type Bundle,
  type DiscountCode,
  type Payment,
  type PaymentStatus,
  type Transaction,
} from './contracts'
import { applyCredits, type CreditResult } from './ledger.server'
import { queueMail } from '../mail/index.server'
import { isLocale } from '../../shared/locales'
import type { PaymentProvider, ProviderPayment } from './provider.server'
import { recordFirstPurchase } from '../tracking/index.server'

/** A refusal with a stable code; the API turns it into a localized 4xx (payments_errors.<code>). */
export class PaymentError extends Error {
  constructor(
    public code: string,
    public status: number,
    public params: Record<string, string | number> = {},
  ) {
    super(code)
  }
}

// ---------------------------------------------------------------- country, bundles, time bonus

/** The viewer's country for prices and methods: the member's profile country, else GeoIP, else the tenant's first. */
export async function buyerCountry(db: Db, tenant: Tenant, account: Account | undefined, geoCountry: string | undefined): Promise<string> {
  const served = Object.keys(tenant.countries)
  if (account) {
    const [p] = await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.accountId, account.id))
    if (p && served.includes(p.country)) return p.country
  }
  return geoCountry && served.includes(geoCountry) ? geoCountry : served[0]
}

export function bundlesFor(tenant: Tenant, country: string): Bundle[] {
  return tenant.payments.bundles.map((b, i) => {
    const price = b.prices[country] ?? Object.values(b.prices)[0]
    return {
      id: b.id,
      credits: b.credits,
      amount_cents: price.amount_cents,
      currency: price.currency,
      price_per_credit_cents: Math.round((price.amount_cents / b.credits) * 10) / 10,
      colour_index: i,
      highlighted: Boolean(b.highlighted),
      premium: b.id === tenant.payments.premium_bundle,
    }
  })
}

export function methodsFor(tenant: Tenant, country: string): PaymentMethod[] {
  return tenant.payments.methods[country] ?? tenant.payments.methods[Object.keys(tenant.countries)[0]] ?? []
}

/** SPEC section 9: only for a logged-in, non-paid member within 14400 s of signup. */
export function timeBonus(account: Pick<Account, 'paidUser' | 'createdAt'> | undefined, now = Date.now()) {
  if (!account || account.paidUser) return { visible: false, seconds_left: 0 }
  const left = Math.floor((account.createdAt.getTime() + TIME_BONUS_SECONDS * 1000 - now) / 1000)
  return left > 0 ? { visible: true, seconds_left: left } : { visible: false, seconds_left: 0 }
}

// ---------------------------------------------------------------- discount codes

type CodeRow = typeof discountCodes.$inferSelect
const DAY_MS = 24 * 3600 * 1000

/** The member's own row of a code before a general one (user_id null). */
async function findCode(q: Db | Tx, account: Account, code: string): Promise<CodeRow | undefined> {
  const rows = await q
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.pool, account.pool), eq(sql`upper(${discountCodes.code})`, code.toUpperCase()), or(eq(discountCodes.accountId, account.id), isNull(discountCodes.accountId))))
  return rows.find((r) => r.accountId === account.id) ?? rows[0]
}

/** The time bonus code is the member's own row, made when first asked for while the bonus runs. */
async function ensureTimeBonusCode(db: Db, account: Account): Promise<void> {
  if (!timeBonus(account).visible) return
  await db
    .insert(discountCodes)
    .values({
      pool: account.pool,
      code: TIME_BONUS_CODE,
      accountId: account.id,
      expiresAt: new Date(account.createdAt.getTime() + TIME_BONUS_SECONDS * 1000),
      valuePercentage: TIME_BONUS_PERCENTAGE,
      status: 'active',
    })
    .onConflictDoNothing()
}

async function usedBy(q: Db | Tx, codeId: number, accountId: number): Promise<boolean> {
  const [r] = await q.select({ id: discountRedemptions.id }).from(discountRedemptions).where(and(eq(discountRedemptions.discountCodeId, codeId), eq(discountRedemptions.accountId, accountId)))
  return Boolean(r)
}

export function presentCode(row: CodeRow, used: boolean, order: DiscountCode['order'], now = Date.now()): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.accountId,
    expires: row.expiresAt ? row.expiresAt.toISOString() : null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValueCents === null ? null : row.minimumOrderValueCents / 100,
    status: used ? 'used' : (row.status as DiscountCode['status']),
    validity: row.expiresAt ? Math.max(0, Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / DAY_MS)) : null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
    paymentmethods: (row.paymentMethods as PaymentMethod[] | null) ?? null,
    order,
  }
}

export const discountedPrice = (amountCents: number, percentage: number) => amountCents - Math.round((amountCents * percentage) / 100)

interface CodeCheck {
  tenant: Tenant
  account: Account
  country: string
  code: string
  bundleId?: string
  method?: PaymentMethod
}

/** Every rule of a code for this member (and bundle and method when given); throws PaymentError. */
async function checkCode(q: Db | Tx, c: CodeCheck): Promise<{ row: CodeRow; order: DiscountCode['order'] }> {
  const row = await findCode(q, c.account, c.code)
  if (!row || row.status === 'disabled') throw new PaymentError('code_not_found', 404)
  if (row.status === 'used' || (await usedBy(q, row.id, c.account.id))) throw new PaymentError('code_used', 409)
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw new PaymentError('code_expired', 410)
  if (row.country && row.country !== c.country) throw new PaymentError('country_not_allowed', 422)
  if (c.method && row.paymentMethods && row.paymentMethods.length > 0 && !row.paymentMethods.includes(c.method)) throw new PaymentError('method_not_allowed', 422)
  let order: DiscountCode['order'] = null
  if (c.bundleId) {
    const bundle = bundlesFor(c.tenant, c.country).find((b) => b.id === c.bundleId)
    if (!bundle) throw new PaymentError('bundle_not_found', 404)
    if (row.currency && row.currency !== bundle.currency) throw new PaymentError('country_not_allowed', 422)
    if (row.minimumOrderValueCents !== null && bundle.amount_cents < row.minimumOrderValueCents) {
      throw new PaymentError('minimum_order_value', 422, { amount: (row.minimumOrderValueCents / 100).toFixed(2), currency: bundle.currency })
    }
    const total = discountedPrice(bundle.amount_cents, row.valuePercentage)
    order = { bundle_id: bundle.id, amount_cents: bundle.amount_cents, discount_cents: bundle.amount_cents - total, total_cents: total, currency: bundle.currency }
  }
  return { row, order }
}

/** GET /api/discountcode.php: a code checked for the member, or (welcome) the time bonus code while it runs. */
export async function lookupCode(db: Db, c: Omit<CodeCheck, 'code'> & { code?: string; welcome: boolean }): Promise<DiscountCode> {
  await ensureTimeBonusCode(db, c.account)
  const code = c.welcome ? TIME_BONUS_CODE : c.code
  if (!code) throw new PaymentError('code_not_found', 404)
  if (c.welcome && !timeBonus(c.account).visible) throw new PaymentError('code_not_found', 404)
  const { row, order } = await checkCode(db, { ...c, code })
  return presentCode(row, false, order)
}

// ---------------------------------------------------------------- orders and payments

export interface PaymentContext {
  db: Db
  provider: PaymentProvider
  tenant: Tenant
  account: Account
  country: string
  /** The site's origin as the payer reached it (https://datingstad.nl): redirect and webhook addresses. */
  origin: string
  /** The order's description at the provider (on the payer's bank statement). */
  description: (credits: number) => string
}

export interface NewPayment {
  bundleId: string
  method: PaymentMethod
  discountCode?: string
  directDebit?: { consumerName: string; consumerAccount: string }
}

/**
 * Makes the order (with its discount code reserved for the member) and the payment with the provider. The member's
 * row is locked while the code is checked and reserved, and the reservation has a unique index, so a code is
 * redeemed once per member however many requests try at once.
 */
export async function createPayment(ctx: PaymentContext, input: NewPayment): Promise<{ paymentId: number; checkoutUrl: string; providerId: string }> {
  const { db, tenant, account, country } = ctx
  const bundle = bundlesFor(tenant, country).find((b) => b.id === input.bundleId)
  if (!bundle) throw new PaymentError('bundle_not_found', 404)
  if (!methodsFor(tenant, country).includes(input.method)) throw new PaymentError('method_not_allowed', 422)
  if (input.discountCode) await ensureTimeBonusCode(db, account)

  const { orderId, paymentId, amount } = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${account.id} for update`)
    let codeRow: CodeRow | undefined
    let amount = bundle.amount_cents
    if (input.discountCode) {
      const checked = await checkCode(tx, { tenant, account, country, code: input.discountCode, bundleId: bundle.id, method: input.method })
      codeRow = checked.row
      amount = checked.order!.total_cents
    }
    const [order] = await tx
      .insert(orders)
      .values({ pool: account.pool, tenantId: tenant.id, accountId: account.id, bundleId: bundle.id, credits: bundle.credits, amountCents: amount, currency: bundle.currency, discountCodeId: codeRow?.id ?? null })
      .returning({ id: orders.id })
    if (codeRow) await tx.insert(discountRedemptions).values({ pool: account.pool, discountCodeId: codeRow.id, accountId: account.id, orderId: order.id })
    const [payment] = await tx
      .insert(payments)
      .values({
        pool: account.pool,
        orderId: order.id,
        provider: ctx.provider.name,
        // Replaced by the provider's id below; unique meanwhile.
        providerPaymentId: `new:${order.id}`,
        method: input.method,
        amountCents: amount,
        currency: bundle.currency,
        recurring: input.method === 'sdd',
      })
      .returning({ id: payments.id })
    return { orderId: order.id, paymentId: payment.id, amount }
  })

  let created
  try {
    created = await ctx.provider.createPayment({
      amount,
      currency: bundle.currency,
      method: input.method,
      description: ctx.description(bundle.credits),
      redirectUrl: `${ctx.origin}/transactions/${paymentId}`,
      webhookUrl: `${ctx.origin}/api/payment-webhook.php`,
      metadata: { payment_id: paymentId, order_id: orderId, tenant: tenant.id },
      directDebit: input.directDebit,
    })
  } catch (err) {
    // Nothing was made at the provider: the order fails and the code is free again.
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.id, paymentId))
      await tx.update(orders).set({ status: 'failed' }).where(eq(orders.id, orderId))
      await tx.delete(discountRedemptions).where(eq(discountRedemptions.orderId, orderId))
    })
    throw err
  }
  await db.update(payments).set({ providerPaymentId: created.id, checkoutUrl: created.checkoutUrl, updatedAt: new Date() }).where(eq(payments.id, paymentId))
  return { paymentId, checkoutUrl: created.checkoutUrl, providerId: created.id }
}

export interface SyncResult {
  /** The member's balance and tier changed: tell their tabs. */
  balance?: { accountId: number; balance: number; paidUser: boolean }
  status?: PaymentStatus
}

/**
 * The webhook's work: the provider's word on a payment, acted on in one transaction with the payment row locked.
 * paid adds the bundle's credits (ledger reference payment:<id>, so a repeat adds nothing) and makes the member
 * premium; failed, cancelled and expired free the discount code; each refund and chargeback takes back its share
 * of the credits (reference refund:<id> or chargeback:<id>), at most what is left; a chargeback flags the account.
 */
export async function syncPayment(db: Db, provider: PaymentProvider, providerId: string): Promise<SyncResult> {
  const [known] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerId)))
  if (!known) return {}
  const remote = await provider.getPayment(providerId)
  if (!remote) return {}
  return db.transaction((tx) => applyRemote(tx, known.id, remote))
}

async function applyRemote(tx: Tx, paymentId: number, remote: ProviderPayment): Promise<SyncResult> {
  const locked = (await tx.execute(sql`select id from payments where id = ${paymentId} for update`)) as unknown as { rows: unknown[] }
  if (locked.rows.length === 0) return {}
  const [row] = await tx.select({ payment: payments, order: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, paymentId))
  const { payment, order } = row
  const now = new Date()
  let last: CreditResult | undefined
  let status = payment.status as PaymentStatus
  const wasPaid = payment.paidAt !== null

  if (remote.status === 'paid' && !wasPaid) {
    last = await applyCredits(tx, { pool: payment.pool, accountId: order.accountId, delta: order.credits, reason: 'purchase', reference: `payment:${payment.id}`, makePaid: true })
    status = 'paid'
    await tx.update(payments).set({ status, paidAt: now, updatedAt: now }).where(eq(payments.id, payment.id))
    await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, order.id))
    await tx.update(discountRedemptions).set({ status: 'used' }).where(eq(discountRedemptions.orderId, order.id))
    // A member's own code (the stay discount, the time bonus) is spent with its first paid order.
    if (order.discountCodeId) await tx.update(discountCodes).set({ status: 'used', usedAt: now }).where(and(eq(discountCodes.id, order.discountCodeId), eq(discountCodes.accountId, order.accountId)))
    await queueReceipt(tx, order, payment)
    // The member's first paid order: the traffic source's first purchase and its postback (decision 029).
    await recordFirstPurchase(tx, order, payment)
  } else if (!wasPaid && remote.status !== status && !FINAL_PAYMENT_STATUSES.includes(status)) {
    status = remote.status
    await tx.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, payment.id))
    await tx.update(orders).set({ status }).where(eq(orders.id, order.id))
    if (FINAL_PAYMENT_STATUSES.includes(status)) await tx.delete(discountRedemptions).where(and(eq(discountRedemptions.orderId, order.id), eq(discountRedemptions.status, 'reserved')))
  }

  if (wasPaid || status === 'paid') {
    // The credits bought with the share of the price given back so far (refunds and chargebacks together), rounded
    // up; each reversal takes the difference its amount makes. So partial refunds add up to exactly the bundle: a
    // full refund, in one go or in parts, takes all of it and never more (decision 037 addendum: partial refunds).
    const owed = (cents: number) => Math.min(order.credits, Math.ceil((order.credits * cents) / Math.max(1, payment.amountCents)))
    const all = [...remote.refunds.map((r) => ({ kind: 'refund' as const, ...r })), ...remote.chargebacks.map((r) => ({ kind: 'chargeback' as const, ...r }))]
    const references = all.map((r) => `${r.kind}:${r.id}`)
    const known = references.length
      ? new Set((await tx.select({ reference: creditLedger.reference }).from(creditLedger).where(and(eq(creditLedger.accountId, order.accountId), inArray(creditLedger.reference, references)))).map((e) => e.reference))
      : new Set<string>()
    // What earlier syncs acted on already; the new reversals follow it in the provider's order.
    let reversed = all.filter((r) => known.has(`${r.kind}:${r.id}`)).reduce((s, r) => s + r.amount, 0)
    const take = async (kind: 'refund' | 'chargeback', list: { id: string; amount: number }[]) => {
      for (const r of list) {
        if (known.has(`${kind}:${r.id}`)) continue
        const credits = owed(reversed + r.amount) - owed(reversed)
        reversed += r.amount
        const res = await applyCredits(tx, { pool: payment.pool, accountId: order.accountId, delta: -credits, reason: kind, reference: `${kind}:${r.id}`, partial: true })
        if (res.applied) {
          last = res
          if (kind === 'chargeback') await tx.update(accounts).set({ paymentFlag: 'chargeback', paymentFlaggedAt: now }).where(eq(accounts.id, order.accountId))
        }
      }
    }
    await take('refund', remote.refunds)
    await take('chargeback', remote.chargebacks)
    const refunded = remote.refunds.reduce((s, r) => s + r.amount, 0)
    const chargedBack = remote.chargebacks.reduce((s, r) => s + r.amount, 0)
    if (refunded !== payment.refundedCents || chargedBack !== payment.chargedBackCents) {
      status = chargedBack > 0 ? 'charged_back' : refunded >= payment.amountCents ? 'refunded' : 'paid'
      await tx.update(payments).set({ refundedCents: refunded, chargedBackCents: chargedBack, status, updatedAt: now }).where(eq(payments.id, payment.id))
    }
  }
  return { status, ...(last ? { balance: { accountId: order.accountId, balance: last.balance, paidUser: last.paidUser } } : {}) }
}

/** The receipt e-mail of a paid order, queued in the transaction that adds its credits. */
async function queueReceipt(tx: Tx, order: typeof orders.$inferSelect, payment: typeof payments.$inferSelect) {
  const [member] = await tx
    .select({ email: accounts.email, language: accounts.language, name: profiles.name })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, order.accountId))
  if (!member) return
  const lng = isLocale(member.language) ? member.language : 'nl'
  const amount = new Intl.NumberFormat(lng, { style: 'currency', currency: payment.currency }).format(payment.amountCents / 100)
  await queueMail(tx, {
    tenantId: order.tenantId,
    to: member.email,
    lng,
    kind: 'purchase',
    name: member.name ?? member.email,
    path: `/transactions/${payment.id}`,
    accountId: order.accountId,
    vars: { credits: order.credits, amount },
  })
}

// ---------------------------------------------------------------- reading

type PaymentRow = { payment: typeof payments.$inferSelect; order: typeof orders.$inferSelect; code: string | null }

async function paymentRows(db: Db, account: Account, id?: number): Promise<PaymentRow[]> {
  return db
    .select({ payment: payments, order: orders, code: discountCodes.code })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
    .where(and(eq(orders.accountId, account.id), eq(payments.pool, account.pool), id !== undefined ? eq(payments.id, id) : undefined))
    .orderBy(desc(payments.id))
    .limit(200)
}

export async function getPayment(db: Db, account: Account, id: number): Promise<Payment | undefined> {
  const [r] = await paymentRows(db, account, id)
  if (!r) return undefined
  const [a] = await db.select({ credits: accounts.credits, paidUser: accounts.paidUser }).from(accounts).where(eq(accounts.id, account.id))
  return {
    payment_id: r.payment.id,
    status: r.payment.status as PaymentStatus,
    bundle_id: r.order.bundleId,
    credits: r.order.credits,
    amount_cents: r.payment.amountCents,
    currency: r.payment.currency,
    method: r.payment.method as PaymentMethod,
    created_at: r.payment.createdAt.toISOString(),
    paid_at: r.payment.paidAt ? r.payment.paidAt.toISOString() : null,
    recurring: r.payment.recurring,
    balance: a.credits,
    paid_user: a.paidUser,
    discount_code: r.code,
  }
}

export async function listTransactions(db: Db, account: Account, id?: number): Promise<Transaction[]> {
  return (await paymentRows(db, account, id)).map((r) => ({
    payment_id: r.payment.id,
    bundle_id: r.order.bundleId,
    credits: r.order.credits,
    amount_cents: r.payment.amountCents,
    currency: r.payment.currency,
    method: r.payment.method as PaymentMethod,
    status: r.payment.status as PaymentStatus,
    created_at: r.payment.createdAt.toISOString(),
    paid_at: r.payment.paidAt ? r.payment.paidAt.toISOString() : null,
  }))
}

/** The member's last paid order with its method, at the bundle's current price; undefined when none or gone. */
export async function lastPaidOrder(db: Db, tenant: Tenant, account: Account, country: string) {
  const [r] = await db
    .select({ bundleId: orders.bundleId, method: payments.method })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.accountId, account.id), eq(orders.pool, account.pool), eq(orders.tenantId, tenant.id), inArray(payments.status, ['paid', 'refunded', 'charged_back'])))
    .orderBy(desc(payments.paidAt))
    .limit(1)
  if (!r) return undefined
  const bundle = bundlesFor(tenant, country).find((b) => b.id === r.bundleId)
  const method = r.method as PaymentMethod
  // A direct debit needs a new SMS confirmation: it is not repeated in one step.
  if (!bundle || method === 'sdd' || !methodsFor(tenant, country).includes(method)) return undefined
  return { bundle_id: bundle.id, credits: bundle.credits, method, amount_cents: bundle.amount_cents, currency: bundle.currency }
}

/** Whether a pool has fictional profiles (the credits pages then show the tenant's warning); cached a minute. */
const FICTIONAL = new Map<string, { at: number; value: boolean }>()
export async function poolHasFictional(db: Db, pool: string): Promise<boolean> {
  const hit = FICTIONAL.get(pool)
  if (hit && Date.now() - hit.at < 60_000) return hit.value
  const [r] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.pool, pool), eq(accounts.fictional, true))).limit(1)
  FICTIONAL.set(pool, { at: Date.now(), value: Boolean(r) })
  return Boolean(r)
}

/** Direct debit payments of this month that count against the member's limit (not failed, cancelled or expired). */
export async function directDebitThisMonth(db: Db, accountId: number): Promise<number> {
  const res = (await db.execute(sql`
    select coalesce(sum(p.amount_cents), 0)::int as total from payments p join orders o on o.id = p.order_id
    where o.account_id = ${accountId} and p.method = 'sdd' and p.status not in ('failed', 'cancelled', 'expired')
      and p.created_at >= date_trunc('month', now())`)) as unknown as { rows: { total: number }[] }
  return Number(res.rows[0].total)
}
