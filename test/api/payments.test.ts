// Buying credits with the built-in test provider: bundles, the hosted checkout and its webhook over HTTP,
// payment states, discount codes and the time bonus, repeat orders, transactions, refunds and chargebacks, and
// the ledger under concurrency (balance = ledger sum, never negative).
import net from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, loggedInMember, makeTestApp, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, creditLedger, discountCodes, discountRedemptions, jobs } from '../../src/db/schema'
import { applyCredits, InsufficientCredits, ledgerCheck } from '../../src/features/payments/ledger.server'
import { paymentServices } from '../../src/features/payments/routes.server'
import { syncPayment } from '../../src/features/payments/payments.server'
import { claimStayDiscount } from '../../src/features/accounts/stay-discount.server'
import { loadTenants } from '../../src/server/tenants.server'

jest.setTimeout(120_000)

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

describeEachDb('payments with the test provider', (kind) => {
  let database: Database
  let app: FastifyInstance
  const host = 'datingstad.nl'

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    // The test provider calls the site's webhook over HTTP on the site's port, like a real provider.
    const port = await freePort()
    app = await makeTestApp(database, { PORT: String(port) })
    await app.listen({ port, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const db = () => database.db
  let n = 0
  const member = (opts: { host?: string; pool?: string; tenantId?: string } = {}) => loggedInMember(app, db(), `koper${++n}-${kind}@example.nl`, opts.host ?? host, opts)
  const get = (url: string, cookie?: string, h = host) => app.inject({ method: 'GET', url, headers: { host: h, ...(cookie ? { cookie } : {}) } })
  const post = (url: string, payload: object, cookie?: string, h = host) => app.inject({ method: 'POST', url, headers: { host: h, ...(cookie ? { cookie } : {}) }, payload })
  const buy = (cookie: string, body: object, h = host) => post('/api/payment.php', body, cookie, h)
  const providerIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!
  const checkout = async (checkoutUrl: string, outcome: string) => {
    const res = await post('/api/test-checkout.php', { payment_id: providerIdOf(checkoutUrl), outcome })
    expect(res.statusCode).toBe(200)
    // The provider's webhook call is a durable job: run it (an HTTP POST to this app).
    await app.services.jobs.runDue()
    return res.json()
  }
  const ledgerOk = async (accountId: number) => {
    const { balance, sum } = await ledgerCheck(db(), accountId)
    expect(balance).toBe(sum)
    expect(balance).toBeGreaterThanOrEqual(0)
    return balance
  }

  it("lists the tenant's bundles and the methods of the viewer's country, with balance, warning and refund days", async () => {
    await createMember(db(), { email: `fictief-${kind}@example.nl` }).then(({ account }) => db().update(accounts).set({ fictional: true }).where(eq(accounts.id, account.id)))
    const visitor = (await get('/api/credits.php')).json()
    expect(visitor.bundles.map((b: { credits: number }) => b.credits)).toEqual([50, 120, 250, 500])
    expect(visitor.bundles.map((b: { colour_index: number }) => b.colour_index)).toEqual([0, 1, 2, 3])
    expect(visitor.bundles[1]).toMatchObject({ id: 'popular', amount_cents: 2750, currency: 'EUR', highlighted: true, premium: true, price_per_credit_cents: 22.9 })
    expect(visitor).toMatchObject({ methods: ['ideal', 'creditcard', 'paypal', 'applepay', 'sdd', 'sct'], balance: null, paid_user: null, refund_days: 14, premium_bundle: 'popular' })
    // Before any purchase: that the site has fictional profiles, their label and no physical contact, in the tenant's words.
    expect(visitor.fictional_notice).toBe('Let op: op Datingstad staan ook fictieve profielen, gemarkeerd als ‘Fictief profiel’. Fysiek contact met deze profielen is niet mogelijk.')

    const be = await member({ host: 'flirtbelgie.be', tenantId: 'flirtbelgie' })
    await db().execute(sql`update profiles set country = 'BE' where account_id = ${be.account.id}`)
    const belgian = (await get('/api/credits.php', be.cookie, 'flirtbelgie.be')).json()
    expect(belgian).toMatchObject({ country: 'BE', methods: ['bancontact', 'creditcard', 'paypal', 'applepay', 'sdd'], balance: 0, paid_user: false })
    // In German, the label's noun keeps its capital ("fiktive Profile"), the adjective does not.
    const german = (await get('/api/credits.php', 'lang=de', 'flirtbelgie.be')).json()
    expect(german.fictional_notice).toBe('Hinweis: Auf FlirtBelgië gibt es auch fiktive Profile, gekennzeichnet als „Fiktives Profil“. Ein körperlicher Kontakt mit diesen Profilen ist nicht möglich.')
    // The gay pool has no fictional profiles here: no warning.
    expect((await get('/api/credits.php', undefined, 'mannenmatch.nl')).json().fictional_notice).toBeNull()
  })

  it('buys a bundle: checkout, webhook over HTTP, credits once, premium, a live balance event, the transaction', async () => {
    const { account, cookie } = await member()
    const events: string[] = []
    const detach = app.services.realtime.attach(account.id, { send: (d) => events.push(d) })
    const res = await buy(cookie, { bundle_id: 'popular', method: 'ideal' })
    expect(res.statusCode).toBe(200)
    const { payment_id, checkout_url } = res.json()
    expect(checkout_url).toMatch(/^http:\/\/datingstad\.nl\/checkout\/test\/tr_test_\w{20}$/)
    const page = (await get(`/api/test-checkout.php?id=${providerIdOf(checkout_url)}`)).json()
    expect(page).toMatchObject({ amount_cents: 2750, currency: 'EUR', method: 'ideal', status: 'open', redirect_url: `http://datingstad.nl/transactions/${payment_id}` })
    expect(page.description).toContain('120')
    expect((await get(`/api/payment.php?id=${payment_id}`, cookie)).json()).toMatchObject({ status: 'open', credits: 120, balance: 0, paid_user: false })

    const chosen = await checkout(checkout_url, 'paid')
    expect(chosen.redirect_url).toBe(`http://datingstad.nl/transactions/${payment_id}`)
    const paid = (await get(`/api/payment.php?id=${payment_id}`, cookie)).json()
    expect(paid).toMatchObject({ status: 'paid', bundle_id: 'popular', credits: 120, amount_cents: 2750, method: 'ideal', balance: 120, paid_user: true, recurring: false })
    expect(paid.paid_at).toEqual(expect.any(String))
    expect(events.map((e) => JSON.parse(e))).toContainEqual({ type: 'balance', credits: 120, paid_user: true })
    detach()
    // The checkout cannot be answered twice.
    expect((await post('/api/test-checkout.php', { payment_id: providerIdOf(checkout_url), outcome: 'failed' })).statusCode).toBe(409)
    // The provider's later repeat call (queued 30 s on) adds nothing.
    await db().update(jobs).set({ runAt: new Date() }).where(sql`done_at is null`)
    await app.services.jobs.runDue()
    expect(await ledgerOk(account.id)).toBe(120)
    const list = (await get('/api/transactions.php', cookie)).json().transactions
    expect(list).toEqual([expect.objectContaining({ payment_id, credits: 120, amount_cents: 2750, currency: 'EUR', method: 'ideal', status: 'paid' })])
    expect((await get(`/api/transactions.php?id=${payment_id}`, cookie)).json().transactions).toHaveLength(1)
    // The session's user shows the new state.
    expect((await get('/api/user.php', cookie)).json().user).toMatchObject({ credits: 120, paid_user: true })
    // One receipt in the dev mailbox (the repeated webhook sent none).
    const mails = (await db().execute(sql`select subject, text from dev_mails where to_address = ${account.email}`)) as unknown as { rows: { subject: string; text: string }[] }
    const receipts = mails.rows.filter((m) => m.subject === 'Je aankoop bij Datingstad: 120 credits')
    expect(receipts).toHaveLength(1)
    expect(receipts[0].text).toMatch(/€\s?27,50 ontvangen en 120 credits/)
    expect(receipts[0].text).toContain(`/transactions/${payment_id}`)
  })

  it('answers 200 to an unknown webhook id without effect, and adds credits once for 20 concurrent deliveries', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(creditLedger)
    const unknown = await app.inject({ method: 'POST', url: '/api/payment-webhook.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=tr_nothing' })
    expect(unknown.statusCode).toBe(200)
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(creditLedger))[0].n).toBe(before[0].n)

    const { account, cookie } = await member()
    const { checkout_url, payment_id } = (await buy(cookie, { bundle_id: 'value', method: 'creditcard' })).json()
    const id = providerIdOf(checkout_url)
    await paymentServices(app.services).testProvider!.choose(id, 'paid')
    const deliveries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? app.inject({ method: 'POST', url: '/api/payment-webhook.php', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${id}` })
          : post('/api/payment-webhook.php', { id }),
      ),
    )
    expect(deliveries.map((d) => d.statusCode)).toEqual(Array(20).fill(200))
    const entries = await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'purchase')))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ delta: 250, reference: `payment:${payment_id}` })
    expect(await ledgerOk(account.id)).toBe(250)
  })

  it('keeps an open payment open, then completes it; a failed one adds nothing and the member retries with another method', async () => {
    const { account, cookie } = await member()
    const first = (await buy(cookie, { bundle_id: 'starter', method: 'paypal' })).json()
    await checkout(first.checkout_url, 'open')
    expect((await get(`/api/payment.php?id=${first.payment_id}`, cookie)).json()).toMatchObject({ status: 'open', balance: 0 })
    await checkout(first.checkout_url, 'paid')
    expect((await get(`/api/payment.php?id=${first.payment_id}`, cookie)).json()).toMatchObject({ status: 'paid', balance: 50 })

    for (const outcome of ['failed', 'cancelled', 'expired'] as const) {
      const p = (await buy(cookie, { bundle_id: 'starter', method: 'ideal' })).json()
      await checkout(p.checkout_url, outcome)
      expect((await get(`/api/payment.php?id=${p.payment_id}`, cookie)).json()).toMatchObject({ status: outcome, balance: 50 })
    }
    const retry = (await buy(cookie, { bundle_id: 'starter', method: 'creditcard' })).json()
    await checkout(retry.checkout_url, 'paid')
    expect(await ledgerOk(account.id)).toBe(100)
  })

  it('refuses unknown bundles, methods the country lacks, and payments of other members', async () => {
    const a = await member()
    const b = await member()
    expect((await buy(a.cookie, { bundle_id: 'nope', method: 'ideal' })).json()).toMatchObject({ error: 'bundle_not_found', message: 'Dit pakket bestaat niet (meer)' })
    expect((await buy(a.cookie, { bundle_id: 'starter', method: 'bancontact' })).statusCode).toBe(422)
    expect((await buy(a.cookie, { bundle_id: 'starter', method: 'bitcoin' })).statusCode).toBe(400)
    expect((await get('/api/payment.php?id=1')).statusCode).toBe(403)
    const { payment_id } = (await buy(a.cookie, { bundle_id: 'starter', method: 'ideal' })).json()
    expect((await get(`/api/payment.php?id=${payment_id}`, b.cookie)).statusCode).toBe(404)
    expect((await get(`/api/transactions.php?id=${payment_id}`, b.cookie)).statusCode).toBe(404)
    expect((await get('/api/transactions.php', b.cookie)).json().transactions).toEqual([])
  })

  it('repeats the last paid order with its method', async () => {
    const { cookie } = await member()
    expect((await get('/api/repeat-order.php', cookie)).json()).toMatchObject({ error: 'no_previous_order' })
    expect((await post('/api/repeat-order.php', {}, cookie)).statusCode).toBe(404)
    const p = (await buy(cookie, { bundle_id: 'value', method: 'applepay' })).json()
    await checkout(p.checkout_url, 'paid')
    expect((await get('/api/repeat-order.php', cookie)).json()).toEqual({ bundle_id: 'value', credits: 250, method: 'applepay', amount_cents: 5250, currency: 'EUR' })
    const again = (await post('/api/repeat-order.php', {}, cookie)).json()
    await checkout(again.checkout_url, 'paid')
    expect((await get(`/api/payment.php?id=${again.payment_id}`, cookie)).json()).toMatchObject({ status: 'paid', method: 'applepay', balance: 500 })
  })

  it('runs the time bonus for a non-paid member within 4 hours of signup and redeems TIMEBONUS25 once', async () => {
    expect((await get('/api/time-bonus.php')).json()).toEqual({ visible: false, seconds_left: 0, code: 'TIMEBONUS25', percentage: 25 })
    const { account, cookie } = await member()
    const bonus = (await get('/api/time-bonus.php', cookie)).json()
    expect(bonus.visible).toBe(true)
    expect(bonus.seconds_left).toBeGreaterThan(14_390)
    expect(bonus.seconds_left).toBeLessThanOrEqual(14_400)
    const welcome = await get('/api/discountcode.php?welcome=true&bundle_id=popular', cookie)
    expect(welcome.json()).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, status: 'active', expired: false, user_id: account.id, order: { amount_cents: 2750, discount_cents: 688, total_cents: 2062 } })

    const p = (await buy(cookie, { bundle_id: 'popular', method: 'ideal', discount_code: 'timebonus25' })).json()
    expect((await get(`/api/payment.php?id=${p.payment_id}`, cookie)).json()).toMatchObject({ amount_cents: 2062, discount_code: 'TIMEBONUS25' })
    await checkout(p.checkout_url, 'paid')
    // Paid now: no bonus, and the code is spent.
    expect((await get('/api/time-bonus.php', cookie)).json().visible).toBe(false)
    expect((await get('/api/discountcode.php?welcome=true', cookie)).statusCode).toBe(404)
    expect((await get('/api/discountcode.php?code=TIMEBONUS25', cookie)).json()).toMatchObject({ error: 'code_used', message: 'Code reeds gebruikt' })

    // Signed up more than 4 hours ago: no bonus.
    const old = await member()
    await db().update(accounts).set({ createdAt: new Date(Date.now() - 14_401_000) }).where(eq(accounts.id, old.account.id))
    expect((await get('/api/time-bonus.php', old.cookie)).json().visible).toBe(false)
    expect((await get('/api/discountcode.php?welcome=true', old.cookie)).json()).toMatchObject({ error: 'code_not_found', message: 'Code niet gevonden' })
  })

  it('redeems a code once per member under 20 concurrent payments, and frees it when the payment fails', async () => {
    const { account, cookie } = await member()
    await get('/api/discountcode.php?welcome=true', cookie)
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(cookie, { bundle_id: 'starter', method: 'ideal', discount_code: 'TIMEBONUS25' })))
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)
    expect(await db().select().from(discountRedemptions).where(eq(discountRedemptions.accountId, account.id))).toHaveLength(1)
    const winner = results.find((r) => r.statusCode === 200)!.json()
    await checkout(winner.checkout_url, 'failed')
    // Failed: the member may use the code again.
    expect((await buy(cookie, { bundle_id: 'starter', method: 'ideal', discount_code: 'TIMEBONUS25' })).statusCode).toBe(200)
  })

  it('checks codes: not found, expired, minimum order value, country, payment method; the stay discount is redeemable', async () => {
    const { account, cookie } = await member()
    const code = (c: Partial<typeof discountCodes.$inferInsert> & { code: string }) => db().insert(discountCodes).values({ pool: 'main', valuePercentage: 10, ...c })
    await code({ code: 'OUD10', expiresAt: new Date(Date.now() - 1000) })
    await code({ code: 'GROOT10', minimumOrderValueCents: 5000 })
    await code({ code: 'BELG10', country: 'BE' })
    await code({ code: 'PAYPAL10', paymentMethods: ['paypal'] })
    await code({ code: 'ANDER10', accountId: (await createMember(db())).account.id })
    const check = (q: string) => get(`/api/discountcode.php?${q}`, cookie)
    expect((await check('code=NIETS')).json()).toMatchObject({ error: 'code_not_found', message: 'Code niet gevonden' })
    expect((await check('code=ANDER10')).statusCode).toBe(404)
    expect((await check('code=OUD10')).json()).toMatchObject({ error: 'code_expired' })
    expect((await check('code=GROOT10&bundle_id=starter')).json()).toMatchObject({ error: 'minimum_order_value', message: 'Deze code geldt vanaf een bestelling van EUR 50.00' })
    expect((await check('code=GROOT10&bundle_id=value')).json()).toMatchObject({ minimum_order_value: 50, order: { total_cents: 4725 } })
    expect((await check('code=BELG10')).json()).toMatchObject({ error: 'country_not_allowed' })
    expect((await check('code=PAYPAL10&method=ideal')).json()).toMatchObject({ error: 'method_not_allowed' })
    expect((await check('code=paypal10&method=paypal')).json()).toMatchObject({ code: 'PAYPAL10', paymentmethods: ['paypal'] })
    expect((await buy(cookie, { bundle_id: 'starter', method: 'ideal', discount_code: 'PAYPAL10' })).statusCode).toBe(422)

    const tenant = (await loadTenants()).all.find((t) => t.id === 'datingstad')!
    const stay = await claimStayDiscount(db(), { tenant, account })
    const p = (await buy(cookie, { bundle_id: 'deluxe', method: 'ideal', discount_code: stay!.code })).json()
    expect((await get(`/api/payment.php?id=${p.payment_id}`, cookie)).json().amount_cents).toBe(4750)
    await checkout(p.checkout_url, 'paid')
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, stay!.code))
    expect(row.status).toBe('used')
  })

  it('takes credits back on a refund after some were spent: what is left, recording the shortfall; a chargeback flags the account', async () => {
    const { account, cookie } = await member()
    const p = (await buy(cookie, { bundle_id: 'popular', method: 'ideal' })).json()
    await checkout(p.checkout_url, 'paid')
    await applyCredits(db(), { pool: 'main', accountId: account.id, delta: -100, reason: 'message', reference: 'message:test' })
    const provider = paymentServices(app.services).testProvider!
    const providerId = providerIdOf(p.checkout_url)
    // Half the price back: 60 credits wanted, 20 left.
    await provider.refund(providerId, 1375)
    await app.services.jobs.runDue()
    const [refund] = await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'refund')))
    expect(refund).toMatchObject({ delta: -20, shortfall: 40, balanceAfter: 0 })
    expect(await ledgerOk(account.id)).toBe(0)

    const q = (await buy(cookie, { bundle_id: 'starter', method: 'ideal' })).json()
    await checkout(q.checkout_url, 'paid')
    await provider.chargeback(providerIdOf(q.checkout_url), 1250)
    await app.services.jobs.runDue()
    expect((await get(`/api/payment.php?id=${q.payment_id}`, cookie)).json()).toMatchObject({ status: 'charged_back', balance: 0 })
    const [acc] = await db().select().from(accounts).where(eq(accounts.id, account.id))
    expect(acc.paymentFlag).toBe('chargeback')
    expect(await ledgerOk(account.id)).toBe(0)
    // A repeated webhook takes nothing twice.
    await syncPayment(db(), provider, providerIdOf(q.checkout_url))
    expect(await db().select().from(creditLedger).where(and(eq(creditLedger.accountId, account.id), eq(creditLedger.reason, 'chargeback')))).toHaveLength(1)
    // Direct debit is closed to a flagged account.
    const dd = await post('/api/directdebit.php', { bundle_id: 'starter', iban: 'NL91ABNA0417164300', account_holder: 'A. Koper', street: 'Dam', house_number: '1', zip: '1012 JS', city: 'Amsterdam', phone: '0612345678' }, cookie)
    expect(dd.json()).toMatchObject({ error: 'account_blocked' })
  })

  it('keeps balance = ledger sum, never negative, under 50 concurrent spends and purchases', async () => {
    const { account, cookie } = await member()
    const provider = paymentServices(app.services).testProvider!
    const bought = await Promise.all(Array.from({ length: 10 }, () => buy(cookie, { bundle_id: 'starter', method: 'ideal' }).then((r) => r.json())))
    await Promise.all(bought.map((b) => provider.choose(providerIdOf(b.checkout_url), 'paid')))
    let refused = 0
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? syncPayment(db(), provider, providerIdOf(bought[i / 5].checkout_url))
          : applyCredits(db(), { pool: 'main', accountId: account.id, delta: -15, reason: 'message', reference: `message:c${i}` }).catch((err) => {
              if (!(err instanceof InsufficientCredits)) throw err
              refused++
            }),
      ),
    )
    const balance = await ledgerOk(account.id)
    const spent = (40 - refused) * 15
    expect(balance).toBe(500 - spent)
    expect(refused).toBeGreaterThan(0)
  })

  it('debits directly with an SMS code: IBAN and code errors, expiry, tries, the monthly limit', async () => {
    const { account, cookie } = await member()
    const form = { bundle_id: 'deluxe', iban: 'NL91 ABNA 0417 1643 00', account_holder: 'Anna de Vries', street: 'Dam', house_number: '1', zip: '1012 JS', city: 'Amsterdam', phone: '+31 6 12345678' }
    const start = (over: object = {}) => post('/api/directdebit.php', { ...form, ...over }, cookie)
    const confirm = (request_id: string, code: string) => post('/api/directdebit-confirm.php', { request_id, code }, cookie)
    const smsCode = async () => {
      const rows = (await db().execute(sql`select text from dev_mails where to_address = 'sms:+31612345678' order by id desc limit 1`)) as unknown as { rows: { text: string }[] }
      return rows.rows[0].text.match(/\b(\d{6})\b/)![1]
    }
    expect((await start({ iban: 'NL91ABNA0417164301' })).json()).toMatchObject({ error: 'iban_invalid', message: 'Ongeldig IBAN-nummer' })
    expect((await start({ iban: 'hallo' })).statusCode).toBe(400)
    expect((await start({ phone: '12' })).statusCode).toBe(400)
    expect((await start({ account_holder: '' })).statusCode).toBe(400)

    // Three wrong codes end the request.
    const first = (await start()).json()
    expect(first).toMatchObject({ expires_in: 600, phone_hint: '+316 ••• ••• 78' })
    const right = await smsCode()
    const wrong = right === '000000' ? '111111' : '000000'
    expect((await confirm(first.request_id, wrong)).json()).toMatchObject({ error: 'code_invalid', message: 'Code ongeldig' })
    expect((await confirm(first.request_id, wrong)).statusCode).toBe(400)
    expect((await confirm(first.request_id, wrong)).json()).toMatchObject({ error: 'too_many_tries' })
    expect((await confirm(first.request_id, right)).json()).toMatchObject({ error: 'too_many_tries' })

    // An expired code.
    const second = (await start()).json()
    await db().execute(sql`update direct_debit_requests set expires_at = now() - interval '1 second' where id = ${second.request_id}`)
    expect((await confirm(second.request_id, await smsCode())).json()).toMatchObject({ error: 'code_expired' })

    // The right code: a paid sdd payment, credits at once.
    const third = (await start()).json()
    const done = await confirm(third.request_id, await smsCode())
    expect(done.statusCode).toBe(200)
    const payment = (await get(`/api/payment.php?id=${done.json().payment_id}`, cookie)).json()
    expect(payment).toMatchObject({ status: 'paid', method: 'sdd', recurring: true, credits: 500, balance: 500, paid_user: true })
    // Confirming again gives the same payment, nothing more.
    expect((await confirm(third.request_id, await smsCode())).json().payment_id).toBe(done.json().payment_id)
    await app.services.jobs.runDue()
    expect(await ledgerOk(account.id)).toBe(500)
    // Datingstad's limit is EUR 150 a month: 95 debited, another 95 is too much, 52.50 fits.
    expect((await start()).json()).toMatchObject({ error: 'limit_reached' })
    expect((await start({ bundle_id: 'value' })).statusCode).toBe(200)
    // Another member's request is not found.
    const other = await member()
    expect((await post('/api/directdebit-confirm.php', { request_id: third.request_id, code: '123456' }, other.cookie)).statusCode).toBe(404)
    // At most 5 text messages an hour.
    const sends = []
    for (let i = 0; i < 6; i++) sends.push((await post('/api/directdebit.php', { ...form, bundle_id: 'starter' }, other.cookie)).statusCode)
    expect(sends).toEqual([200, 200, 200, 200, 200, 429])
  })

  it("tells the sender's tabs the new balance after a chat message", async () => {
    const { account, cookie } = await member()
    const other = await createMember(db())
    await applyCredits(db(), { pool: 'main', accountId: account.id, delta: 100, reason: 'correction', reference: 'test' })
    const events: string[] = []
    const detach = app.services.realtime.attach(account.id, { send: (d) => events.push(d) })
    const res = await app.inject({ method: 'POST', url: `/api/message.php?member_id=${other.account.id}`, headers: { host, cookie }, payload: { kind: 'text', client_id: 'balance-test-1', text: 'Hoi!' } })
    expect(res.statusCode).toBe(201)
    detach()
    const credits = res.json().credits
    expect(credits).toBeLessThan(100)
    expect(events.map((e) => JSON.parse(e))).toContainEqual({ type: 'balance', credits, paid_user: false })
    expect(await ledgerOk(account.id)).toBe(credits)
  })

  it('adds the signup bonus as a ledger entry', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host },
      payload: { email: `nieuw-${kind}@example.nl`, name: 'Nieuwkomer', password: 'correct horse battery', date_of_birth: '1990-01-01' },
    })
    expect(res.statusCode).toBe(201)
    const [acc] = await db().select().from(accounts).where(eq(accounts.email, `nieuw-${kind}@example.nl`))
    expect(acc.credits).toBe(20)
    expect(await ledgerOk(acc.id)).toBe(20)
    expect((await get('/api/user.php', sessionCookie(res.headers['set-cookie']))).json().user.credits).toBe(20)
  })
})
