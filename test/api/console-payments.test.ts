// The console's payments (issue 13): the list with its filters and pools, and a refund through the test provider:
// the credits it added go back through the ledger (exact: balance = ledger sum, never below zero), the payment reads
// refunded, a repeat or a second staff member at once changes nothing, and the refund is audited once.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb } from '../support/db'
import { staffCookie, suiteApp } from '../support/app'
import { paidPayment } from '../../src/features/payments/test-support/paid-payment'
import { accounts, creditLedger, payments, staffAudit } from '../../src/db/schema'
import { applyCredits, ledgerCheck } from '../../src/features/payments/ledger.server'
import { paymentServices } from '../../src/features/payments/routes.server'
import { syncPayment } from '../../src/features/payments/index.server'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'

describeEachDb('console payments', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  let admin: string
  const db = () => suite.database.db

  beforeAll(async () => {
    app = suite.app
    admin = (await staffCookie(db(), app, 'admin')).cookie
  })

  const list = (cookie: string, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/admin/payments.php?${new URLSearchParams(query)}`, headers: { host: HOST, cookie } })
  const refund = (cookie: string, id: number, reason = 'dubbel betaald', amount_cents?: number) =>
    app.inject({ method: 'POST', url: '/api/admin/payment-refund.php', headers: { host: HOST, cookie }, payload: { id, reason, ...(amount_cents !== undefined ? { amount_cents } : {}) } })
  const balanceOf = async (accountId: number) => {
    const { balance, sum } = await ledgerCheck(db(), accountId)
    expect(balance).toBe(sum)
    expect(balance).toBeGreaterThanOrEqual(0)
    return balance
  }
  const refundAudits = (paymentId: number) => db().select().from(staffAudit).where(and(eq(staffAudit.action, 'payments.refund'), eq(staffAudit.targetId, String(paymentId))))

  it("lists the pools' payments newest first, filtered by status and member, and only the staff member's pools", async () => {
    const main = await paidPayment(app, db())
    const gay = await paidPayment(app, db(), { host: 'mannenmatch.nl', pool: 'gay', tenantId: 'mannenmatch' })
    const all = (await list(admin)).json().payments as { id: number; status: string; email: string; credits: number; pool: string }[]
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([main.paymentId, gay.paymentId]))
    expect(all[0].id).toBeGreaterThan(all[all.length - 1].id)
    expect(all.find((p) => p.id === main.paymentId)).toMatchObject({ status: 'paid', email: main.account.email, credits: 120, amount_cents: 2750, provider: 'test', pool: 'main' })

    const byEmail = (await list(admin, { q: main.account.email })).json().payments
    expect(byEmail.map((p: { id: number }) => p.id)).toEqual([main.paymentId])
    expect((await list(admin, { q: String(gay.account.id) })).json().payments.map((p: { id: number }) => p.id)).toEqual([gay.paymentId])
    expect((await list(admin, { status: 'refunded' })).json().payments.map((p: { id: number }) => p.id)).not.toContain(main.paymentId)

    // Support of the main pool sees the main pool only; a payment of another pool is absent.
    const support = (await staffCookie(db(), app, 'support', { pool: 'main' })).cookie
    const seen = (await list(support)).json().payments.map((p: { pool: string }) => p.pool)
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set(['main']))
  })

  it('refunds a paid purchase end to end: provider, credits back through the ledger, status refunded, audited once; a repeat changes nothing', async () => {
    const { account, paymentId, providerId } = await paidPayment(app, db())
    expect(await balanceOf(account.id)).toBe(120)

    const res = await refund(admin, paymentId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ applied: true, credits_taken: 120, balance: 0, payment: { id: paymentId, status: 'refunded', refunded_cents: 2750 } })
    expect(await balanceOf(account.id)).toBe(0)
    const entries = await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ delta: -120, shortfall: 0, balanceAfter: 0 })
    // The provider has the refund (the test provider's own record), for the full price.
    const remote = await paymentServices(app.services).provider.getPayment(providerId)
    expect(remote?.refunds.map((r) => r.amount)).toEqual([2750])

    const [audit] = await refundAudits(paymentId)
    expect(audit).toMatchObject({ staffRole: 'admin', pool: 'main', targetType: 'payment' })
    expect(audit.before).toMatchObject({ status: 'paid', refunded_cents: 0, credits: 120 })
    expect(audit.after).toMatchObject({ status: 'refunded', refunded_cents: 2750, credits: 0, credits_taken: 120, member: account.id, reason: 'dubbel betaald' })

    // Again (a second click, a retried request), and the webhook the provider sends: nothing more.
    const again = await refund(admin, paymentId)
    expect(again.json()).toMatchObject({ applied: false, credits_taken: 0, payment: { status: 'refunded' } })
    await app.services.jobs.runDue().catch(() => undefined)
    expect(await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))).toHaveLength(1)
    expect(await refundAudits(paymentId)).toHaveLength(1)
    expect(await balanceOf(account.id)).toBe(0)
  })

  it("tells the credits taken when the provider's webhook acted on the refund before the refund's own sync", async () => {
    const { account, paymentId } = await paidPayment(app, db())
    const provider = paymentServices(app.services).provider
    const refundAtProvider = provider.refund
    // The webhook the provider sends on a refund, handled by another request, wins the race with this one.
    provider.refund = async (id, amount) => {
      const out = await refundAtProvider(id, amount)
      expect((await syncPayment(db(), provider, id)).balance?.balance).toBe(0)
      return out
    }
    try {
      const res = await refund(admin, paymentId)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ applied: true, credits_taken: 120, balance: 0, payment: { status: 'refunded' } })
    } finally {
      provider.refund = refundAtProvider
    }
    expect(await balanceOf(account.id)).toBe(0)
    const [audit] = await refundAudits(paymentId)
    expect(audit.after).toMatchObject({ status: 'refunded', credits: 0, credits_taken: 120 })
  })

  it('takes what is left when credits were spent (the rest as shortfall), and two admins at once refund once', async () => {
    const { account, paymentId } = await paidPayment(app, db())
    await applyCredits(db(), { pool: 'main', accountId: account.id, delta: -100, reason: 'message', reference: 'message:spent' })
    const [a, b] = await Promise.all([refund(admin, paymentId), refund(admin, paymentId)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect([a.json().applied, b.json().applied].sort()).toEqual([false, true])
    const entries = await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ delta: -20, shortfall: 100, balanceAfter: 0 })
    expect(await balanceOf(account.id)).toBe(0)
    expect(await refundAudits(paymentId)).toHaveLength(1)
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId))
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 2750 })
  })

  it('refunds a part: the credits in proportion (the share of the price, rounded up), the payment stays paid; then the rest takes exactly what is left of the bundle', async () => {
    const { account, paymentId, providerId } = await paidPayment(app, db())
    // 120 credits for 27,50: 10,00 back is 120 x 1000 / 2750 = 43.6, rounded up 44 credits.
    const part = await refund(admin, paymentId, 'half geleverd', 1000)
    expect(part.statusCode).toBe(200)
    expect(part.json()).toMatchObject({ applied: true, credits_taken: 44, balance: 76, payment: { status: 'paid', refunded_cents: 1000 } })
    expect(await balanceOf(account.id)).toBe(76)
    const remote = await paymentServices(app.services).provider.getPayment(providerId)
    expect(remote?.refunds.map((r) => r.amount)).toEqual([1000])
    const [audit] = await refundAudits(paymentId)
    expect(audit.after).toMatchObject({ status: 'paid', refunded_cents: 1000, amount_cents: 1000, partial: true, credits_taken: 44, reason: 'half geleverd' })

    // The rest (no amount: all that is left, 17,50): 120 - 44 = 76 credits, not a rounded-up 77 of its own.
    const rest = await refund(admin, paymentId)
    expect(rest.json()).toMatchObject({ applied: true, credits_taken: 76, balance: 0, payment: { status: 'refunded', refunded_cents: 2750 } })
    const entries = await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund'))).orderBy(creditLedger.id)
    expect(entries.map((e) => [e.delta, e.shortfall])).toEqual([[-44, 0], [-76, 0]])
    expect(await balanceOf(account.id)).toBe(0)
    // The webhook that follows changes nothing.
    await app.services.jobs.runDue().catch(() => undefined)
    expect(await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))).toHaveLength(2)
    expect(await refundAudits(paymentId)).toHaveLength(2)
  })

  it('refunds two parts and then the rest with other credits on the account: the bundle is taken back exactly once', async () => {
    const { account, paymentId } = await paidPayment(app, db())
    await applyCredits(db(), { pool: 'main', accountId: account.id, delta: 500, reason: 'bonus', reference: 'bonus:extra' })
    // 3 x ceil(120 x 917 / 2750) would be 3 x 41 = 123; in proportion of the total refunded it is 120.
    const taken = []
    for (const cents of [917, 917]) taken.push((await refund(admin, paymentId, 'deels', cents)).json().credits_taken)
    taken.push((await refund(admin, paymentId, 'de rest')).json().credits_taken)
    expect(taken).toEqual([41, 40, 39])
    expect(taken.reduce((a, b) => a + b, 0)).toBe(120)
    expect(await balanceOf(account.id)).toBe(500)
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId))
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 2750 })
  })

  it('refuses more than is left with a localized field error, before the provider is asked', async () => {
    const { account, paymentId, providerId } = await paidPayment(app, db())
    expect((await refund(admin, paymentId, 'deels', 1000)).statusCode).toBe(200)
    const over = await refund(admin, paymentId, 'te veel', 1751)
    expect(over.statusCode).toBe(400)
    expect(over.json()).toMatchObject({ error: 'invalid_input', message: 'Controleer de gemarkeerde velden.' })
    expect(over.json().fields.amount_cents).toMatch(/^Hoogstens €\s17,50: meer is er van deze betaling niet over\.$/)
    const remote = await paymentServices(app.services).provider.getPayment(providerId)
    expect(remote?.refunds.map((r) => r.amount)).toEqual([1000])
    expect(await balanceOf(account.id)).toBe(76)
    expect(await refundAudits(paymentId)).toHaveLength(1)
  })

  it('refuses what is not paid, an unknown payment, and every role but admin', async () => {
    const { account, paymentId } = await paidPayment(app, db())
    await db().update(payments).set({ status: 'open', paidAt: null }).where(eq(payments.id, paymentId))
    expect((await refund(admin, paymentId)).json()).toMatchObject({ error: 'not_refundable' })
    expect((await refund(admin, 999_999_999)).json()).toMatchObject({ error: 'not_found' })
    for (const role of ['support', 'moderator', 'marketer', 'chat_operator']) {
      const cookie = (await staffCookie(db(), app, role)).cookie
      const res = await refund(cookie, paymentId)
      expect({ role, status: res.statusCode, error: res.json().error }).toEqual({ role, status: 403, error: 'forbidden' })
    }
    const [acc] = await db().select().from(accounts).where(eq(accounts.id, account.id))
    expect(acc.credits).toBe(120)
    expect(await refundAudits(paymentId)).toHaveLength(0)
  })
})
