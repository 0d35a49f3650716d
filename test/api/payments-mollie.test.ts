// The Mollie adapter (@mollie/api-client) against a local fake of Mollie's API: create with the method and the
// redirect and webhook addresses, the webhook (form-encoded id) fetching the state, status mapping, refunds and
// chargebacks. The fake's certificate is self-signed: the client is made to trust it (trustFakeMollie).
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { loggedInMember, makeTestApp, staffCookie } from '../support/app'
import { startFakeMollie, trustFakeMollie, type FakeMollie } from '../../src/features/payments/test-support/fake-mollie'
import type { Database } from '../../src/db/client.server'
import { accounts, creditLedger, staffAudit } from '../../src/db/schema'
import { ledgerCheck } from '../../src/features/payments/ledger.server'
import { paymentServices } from '../../src/features/payments/routes.server'
import { mollieStatus } from '../../src/features/payments/provider.server'

jest.setTimeout(120_000)

describeEachDb('payments through Mollie', (kind) => {
  let database: Database
  let app: FastifyInstance
  let mollie: FakeMollie
  let untrust: () => void = () => undefined
  const host = 'datingstad.nl'

  beforeAll(async () => {
    mollie = await startFakeMollie()
    untrust = trustFakeMollie(mollie)
    database = await openTestDatabase(kind)
    app = await makeTestApp(database, { MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await mollie?.close()
    untrust()
  })

  let n = 0
  const member = () => loggedInMember(app, database.db, `mollie${++n}-${kind}@example.nl`, host)
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { host, cookie } })
  const buy = (cookie: string, body: object) => app.inject({ method: 'POST', url: '/api/payment.php', headers: { host, cookie }, payload: body })
  /** Mollie calls the webhook with a form-encoded id. */
  const webhook = (id: string) => app.inject({ method: 'POST', url: '/api/payment-webhook.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${id}` })
  const only = () => [...mollie.payments.values()].at(-1)!

  it('maps every Mollie status', () => {
    expect(['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'].map(mollieStatus)).toEqual(['open', 'pending', 'pending', 'paid', 'cancelled', 'expired', 'failed'])
  })

  it('creates the payment at Mollie and sends the payer to its checkout; the webhook adds the credits once', async () => {
    expect(paymentServices(app.services).provider.name).toBe('mollie')
    expect(paymentServices(app.services).testProvider).toBeUndefined()
    const { account, cookie } = await member()
    const res = await buy(cookie, { bundle_id: 'popular', method: 'ideal' })
    expect(res.statusCode).toBe(200)
    const { payment_id, checkout_url } = res.json()
    const p = only()
    expect(checkout_url).toBe(`https://www.mollie.com/checkout/select-method/${p.id}`)
    expect(p).toMatchObject({ amount: { currency: 'EUR', value: '27.50' }, method: 'ideal', redirectUrl: `http://datingstad.nl/transactions/${payment_id}`, webhookUrl: 'http://datingstad.nl/api/payment-webhook.php', metadata: { payment_id } })
    // The test checkout of the built-in provider is off.
    expect((await app.inject({ method: 'GET', url: '/api/test-checkout.php?id=x', headers: { host } })).statusCode).toBe(404)

    mollie.setStatus(p.id, 'pending')
    expect((await webhook(p.id)).statusCode).toBe(200)
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'pending', balance: 0 })
    mollie.setStatus(p.id, 'paid')
    await Promise.all([webhook(p.id), webhook(p.id), webhook(p.id)])
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'paid', balance: 120, paid_user: true })
    expect(await database.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'purchase')))).toHaveLength(1)
    // Unknown ids: 200 and nothing else.
    expect((await webhook('tr_unknown')).statusCode).toBe(200)
  })

  it('records cancelled, expired and failed payments without credits', async () => {
    const { cookie } = await member()
    for (const [status, ours] of [['canceled', 'cancelled'], ['expired', 'expired'], ['failed', 'failed']] as const) {
      const { payment_id } = (await buy(cookie, { bundle_id: 'starter', method: 'creditcard' })).json()
      mollie.setStatus(only().id, status)
      await webhook(only().id)
      expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: ours, balance: 0, paid_user: false })
    }
  })

  it('refunds through Mollie and takes the credits back on its webhook; a chargeback flags the account', async () => {
    const { account, cookie } = await member()
    const { payment_id } = (await buy(cookie, { bundle_id: 'starter', method: 'paypal' })).json()
    const id = only().id
    mollie.setStatus(id, 'paid')
    await webhook(id)
    await paymentServices(app.services).provider.refund(id, 1250)
    expect(mollie.requests).toContainEqual({ method: 'POST', path: `/v2/payments/${id}/refunds` })
    await webhook(id)
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'refunded', balance: 0 })
    expect(await ledgerCheck(database.db, account.id)).toEqual({ balance: 0, sum: 0 })
    // A refund larger than what is left is refused by Mollie: a provider error, nothing changes.
    await expect(paymentServices(app.services).provider.refund(id, 100)).rejects.toThrow(/mollie/)

    const second = (await buy(cookie, { bundle_id: 'value', method: 'ideal' })).json()
    const id2 = only().id
    mollie.setStatus(id2, 'paid')
    await webhook(id2)
    mollie.chargeback(id2, 5250)
    await webhook(id2)
    await webhook(id2)
    expect((await get(`/api/payment.php?id=${second.payment_id}`, cookie)).json()).toMatchObject({ status: 'charged_back', balance: 0 })
    const [acc] = await database.db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(acc.paymentFlag).toBe('chargeback')
    expect(await ledgerCheck(database.db, account.id)).toEqual({ balance: 0, sum: 0 })
  })

  it("refunds from the console through Mollie's refunds API: a part, then the rest; the credits back in proportion, audited", async () => {
    const { account, cookie } = await member()
    const { payment_id } = (await buy(cookie, { bundle_id: 'popular', method: 'ideal' })).json()
    const id = only().id
    mollie.setStatus(id, 'paid')
    await webhook(id)
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'paid', balance: 120 })
    const admin = (await staffCookie(database.db, app, 'admin')).cookie
    const refund = (body: object) => app.inject({ method: 'POST', url: '/api/admin/payment-refund.php', headers: { host, cookie: admin }, payload: { id: payment_id, ...body } })
    const posts = () => mollie.requests.filter((r) => r.method === 'POST' && r.path === `/v2/payments/${id}/refunds`).length

    // 10,00 of 27,50: Mollie is asked for 10.00 in the payment's currency; 44 of the 120 credits go back.
    const part = await refund({ reason: 'deels niet geleverd', amount_cents: 1000 })
    expect(part.statusCode).toBe(200)
    expect(part.json()).toMatchObject({ applied: true, credits_taken: 44, balance: 76, payment: { provider: 'mollie', status: 'paid', refunded_cents: 1000 } })
    expect(mollie.payments.get(id)!.refunds.map((r) => r.amount)).toEqual([{ currency: 'EUR', value: '10.00' }])
    expect(posts()).toBe(1)

    // More than is left never reaches Mollie.
    const over = await refund({ reason: 'te veel', amount_cents: 1751 })
    expect(over.statusCode).toBe(400)
    expect(over.json().fields).toHaveProperty('amount_cents')
    expect(posts()).toBe(1)

    // The rest; then Mollie's webhook, which repeats the news, changes nothing.
    const rest = await refund({ reason: 'de rest' })
    expect(rest.json()).toMatchObject({ applied: true, credits_taken: 76, balance: 0, payment: { status: 'refunded', refunded_cents: 2750 } })
    expect(mollie.payments.get(id)!.refunds.map((r) => r.amount.value)).toEqual(['10.00', '17.50'])
    await webhook(id)
    expect((await refund({ reason: 'nog eens' })).json()).toMatchObject({ applied: false, payment: { status: 'refunded' } })
    expect(posts()).toBe(2)
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'refunded', balance: 0 })
    const entries = await database.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund'))).orderBy(creditLedger.id)
    expect(entries.map((e) => [e.reference, e.delta, e.shortfall])).toEqual(mollie.payments.get(id)!.refunds.map((r, i) => [`refund:${r.id}`, [-44, -76][i], 0]))
    expect(await ledgerCheck(database.db, account.id)).toEqual({ balance: 0, sum: 0 })
    const audits = await database.db.select().from(staffAudit).where(and(eq(staffAudit.action, 'payments.refund'), eq(staffAudit.targetId, String(payment_id))))
    expect(audits.map((a) => (a.after as { refund_id: string }).refund_id)).toEqual(mollie.payments.get(id)!.refunds.map((r) => r.id))
  })

  it('answers a refund Mollie refuses as provider_error from the console, and acts on what Mollie says instead (a chargeback)', async () => {
    const { account, cookie } = await member()
    const { payment_id } = (await buy(cookie, { bundle_id: 'starter', method: 'ideal' })).json()
    const id = only().id
    mollie.setStatus(id, 'paid')
    await webhook(id)
    // The bank took the money back meanwhile and Mollie was not yet asked about it by us: Mollie refuses the refund.
    mollie.chargeback(id, 1250)
    const admin = (await staffCookie(database.db, app, 'admin')).cookie
    const res = await app.inject({ method: 'POST', url: '/api/admin/payment-refund.php', headers: { host, cookie: admin }, payload: { id: payment_id, reason: 'klant vroeg erom' } })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({ error: 'provider_error' })
    expect(mollie.payments.get(id)!.refunds).toEqual([])
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'charged_back', balance: 0 })
    expect(await ledgerCheck(database.db, account.id)).toEqual({ balance: 0, sum: 0 })
    expect(await database.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))).toEqual([])
  })

  it('creates a direct debit at Mollie with the account holder and IBAN', async () => {
    const { cookie } = await member()
    const form = { bundle_id: 'starter', iban: 'NL91ABNA0417164300', account_holder: 'Anna de Vries', street: 'Dam', house_number: '1', zip: '1012 JS', city: 'Amsterdam', phone: '0612345678' }
    const started = (await app.inject({ method: 'POST', url: '/api/directdebit.php', headers: { host, cookie }, payload: form })).json()
    // The SMS adapter writes into the dev mailbox.
    const sms = (await database.db.execute(sql`select text from dev_mails where to_address = 'sms:0612345678' order by id desc limit 1`)) as unknown as { rows: { text: string }[] }
    const code = sms.rows[0].text.match(/\b(\d{6})\b/)![1]
    const done = await app.inject({ method: 'POST', url: '/api/directdebit-confirm.php', headers: { host, cookie }, payload: { request_id: started.request_id, code } })
    expect(done.statusCode).toBe(200)
    expect(only()).toMatchObject({ method: 'directdebit', consumerAccount: 'NL91ABNA0417164300', status: 'pending' })
    expect((await get(`/api/payment.php?id=${done.json().payment_id}`, cookie)).json()).toMatchObject({ status: 'open', method: 'sdd', recurring: true })
    mollie.setStatus(only().id, 'paid')
    await webhook(only().id)
    expect((await get(`/api/payment.php?id=${done.json().payment_id}`, cookie)).json()).toMatchObject({ status: 'paid', balance: 50 })
  })
})
