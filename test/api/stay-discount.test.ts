import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { createMember, loggedInMember, suiteApp } from '../support/app'
import { accounts, discountCodes } from '../../src/db/schema'
import { claimStayDiscount } from '../../src/features/accounts/stay-discount.server'

jest.setTimeout(60_000)

describeEachDb('the discount offered instead of deleting the account', (kind) => {
  const suite = suiteApp(kind)

  const login = (email: string, host?: string, opts?: { pool?: string; tenantId?: string }) => loggedInMember(suite.app, suite.database.db, email, host, opts)
  const claim = (cookie: string, host = 'datingstad.nl') => suite.app.inject({ method: 'POST', url: '/api/delete-discount.php', headers: { host, cookie }, payload: {} })
  const codesOf = (accountId: number) => suite.database.db.select().from(discountCodes).where(eq(discountCodes.accountId, accountId))

  it("stores one code per member at the tenant's delete_discount, for the member's pool, and keeps the account", async () => {
    const { account, cookie } = await login('blijver@example.nl')
    const first = await claim(cookie)
    expect(first.statusCode).toBe(200)
    const { discount } = first.json()
    expect(discount).toMatchObject({ value_percentage: 50, country: 'NL', currency: 'EUR', status: 'active', minimum_order_value: null, user_id: account.id, validity: 30, expired: false, paymentmethods: null })
    expect(discount.code).toMatch(/^STAY-[A-Z2-9]{8}$/)
    const days = (new Date(discount.expires).getTime() - Date.now()) / 86400_000
    expect(days).toBeGreaterThan(29)
    expect(days).toBeLessThanOrEqual(30)

    // Accepting again (also twice at once) gives the same code and no second row.
    const [again, parallelA, parallelB] = await Promise.all([claim(cookie), claim(cookie), claim(cookie)])
    for (const r of [again, parallelA, parallelB]) expect(r.json().discount.code).toBe(discount.code)
    const rows = await codesOf(account.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ pool: 'main', accountId: account.id, code: discount.code, valuePercentage: 50, status: 'active' })

    // The flow ends without deleting: the account is still active and logged in.
    const [acc] = await suite.database.db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(acc.status).toBe('active')
    expect((await suite.app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })).json().user.id).toBe(account.id)
  })

  it("gives each member a code of their own, at their own tenant's percentage and in their pool", async () => {
    const anna = await login('anna-blijft@example.nl')
    const ben = await login('ben-blijft@example.nl')
    const gay = await login('chris-blijft@example.nl', 'mannenmatch.nl', { pool: 'gay', tenantId: 'mannenmatch' })
    const a = (await claim(anna.cookie)).json().discount
    const b = (await claim(ben.cookie)).json().discount
    const c = (await claim(gay.cookie, 'mannenmatch.nl')).json().discount
    expect(a.code).not.toBe(b.code)
    expect(c.value_percentage).toBe(25)
    const [row] = await codesOf(gay.account.id)
    expect(row).toMatchObject({ pool: 'gay', accountId: gay.account.id })
  })

  it('needs a logged-in member, and is not offered when the tenant gives no discount', async () => {
    const res = await suite.app.inject({ method: 'POST', url: '/api/delete-discount.php', headers: { host: 'datingstad.nl' }, payload: {} })
    expect(res.statusCode).toBe(403)
    expect(res.json().authentication_required).toBe(true)
    const { account } = await createMember(suite.database.db, { email: 'geen-korting@example.nl' })
    const tenant = suite.app.services.tenants.byId.get('datingstad')!
    const none = await claimStayDiscount(suite.database.db, { tenant: { ...tenant, company: { ...tenant.company, delete_discount: 0 } }, account })
    expect(none).toBeUndefined()
    expect(await codesOf(account.id)).toHaveLength(0)
  })
})
