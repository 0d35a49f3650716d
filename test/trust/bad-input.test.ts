// Finding 2 of issue 17: bad input from anyone gets a clear, translated 4xx in the API's error shape, never a
// 500: forged paging cursors, a NUL character in any field, repeated one-time token parameters, and requests
// that race for one unique rule.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { loggedInMember, suiteApp } from '../support/app'
import { accounts } from '../../src/db/schema'
import { isPgTimestamp } from '../../src/features/discovery/search.server'
import { nulPath } from '../../src/server/input-guard.server'
import { issueToken } from '../../src/features/accounts/tokens.server'

jest.setTimeout(60_000)

const HOST = { host: 'datingstad.nl' }
const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url')
const uniqueEmail = (n: string) => `${n}-${crypto.randomBytes(4).toString('hex')}@example.com`

/** The API's error shape with a translated message. */
function expectClientError(res: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { error?: unknown; message?: unknown }
  expect(typeof body.error).toBe('string')
  if (code) expect(body.error).toBe(code)
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(3)
  return body as { error: string; message: string; fields?: Record<string, string> }
}

describe('input checks (unit)', () => {
  it('a cursor timestamp must name a real moment', () => {
    expect(isPgTimestamp('2026-11-23 12:00:00.123456+00')).toBe(true)
    expect(isPgTimestamp('2026-11-23 12:00:00+05:30')).toBe(true)
    for (const bad of ['2026-13-01 00:00:00+00', '2026-02-30 00:00:00+00', '2026-01-01 25:00:00+00', '2026-01-01 00:61:00+00', '2026-01-01 00:00:61+00', '2026-01-01 00:00:00+99', '0000-01-01 00:00:00+00']) {
      expect(isPgTimestamp(bad)).toBe(false)
    }
  })
  it('finds NUL characters in nested values and keys', () => {
    expect(nulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1')
    expect(nulPath({ ['k\u0000']: 1 })).toBe('k')
    expect(nulPath({ a: 'fine', n: 1, z: null })).toBeUndefined()
  })
})

describeEachDb('bad input answers 4xx, never 5xx', (kind) => {
  const suite = suiteApp(kind)

  it('forged paging cursors with impossible dates or ids are a 400', async () => {
    const { app, database } = suite
    const { cookie } = await loggedInMember(app, database.db, uniqueEmail('cursor'))
    const forged = [
      ['2026-13-45 25:61:61+99', 1],
      ['2026-02-30 10:00:00+00', 5],
      ['9999-12-31 23:59:59+15', 1e300],
      ['2026-01-01 00:00:00+00', 2 ** 80],
    ]
    for (const [at, id] of forged) {
      expectClientError(await app.inject({ method: 'GET', url: `/api/search.php?cursor=${cursorOf([at, id])}`, headers: { ...HOST, cookie } }), 400, 'invalid_input')
      for (const type of ['received', 'given', 'matches']) {
        const res = await app.inject({ method: 'GET', url: `/api/likes.php?type=${type}&cursor=${cursorOf([1, at, id])}`, headers: { ...HOST, cookie } })
        expectClientError(res, 400, 'invalid_input')
      }
    }
  })

  it('a NUL character in any text field is a 400 naming the field', async () => {
    const { app, database } = suite
    const { cookie } = await loggedInMember(app, database.db, uniqueEmail('nul'))
    const cases: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; field: string; auth?: boolean }[] = [
      { method: 'POST', url: '/api/signup.php', payload: { email: uniqueEmail('a'), name: 'Nul\u0000naam', password: 'lang genoeg 123', date_of_birth: '1990-01-01' }, field: 'name' },
      { method: 'POST', url: '/api/signup.php', payload: { email: `x\u0000${uniqueEmail('b')}`, name: 'Anna', password: 'lang genoeg 123', date_of_birth: '1990-01-01' }, field: 'email' },
      { method: 'POST', url: '/api/signup.php', payload: { email: uniqueEmail('c'), name: 'Anna', password: 'lang genoeg 123', date_of_birth: '1990-01-01', tracking: { ref: 'r\u0000' } }, field: 'tracking.ref' },
      { method: 'POST', url: '/api/user.php', payload: { email: 'a\u0000@example.com', password: 'x' }, field: 'email' },
      { method: 'POST', url: '/api/reset-password.php', payload: { email: 'a\u0000@example.com' }, field: 'email' },
      { method: 'POST', url: '/api/complaints.php', payload: { name: 'A', email: 'a@example.com', message: 'klacht\u0000' }, field: 'message' },
      { method: 'PUT', url: '/api/profile.php', payload: { about: 'over mij\u0000' }, field: 'about', auth: true },
      { method: 'GET', url: '/api/search.php?city=Amster%00dam', field: 'city', auth: true },
      { method: 'GET', url: '/api/activate.php?token=ab%00cd', field: 'token' },
    ]
    for (const c of cases) {
      const res = await app.inject({ method: c.method, url: c.url, headers: { ...HOST, ...(c.auth ? { cookie } : {}) }, payload: c.payload as Record<string, unknown> })
      const body = expectClientError(res, 400, 'invalid_input')
      expect(body.fields?.[c.field]).toBe('Dit veld bevat een ongeldig teken.')
    }
  })

  it('a repeated token parameter is a 400 on activate, reactivate and unsubscribe', async () => {
    const { app } = suite
    for (const [method, url] of [
      ['GET', '/api/activate.php'],
      ['GET', '/api/reactivate.php'],
      ['GET', '/api/unsubscribe.php'],
      ['POST', '/api/unsubscribe.php'],
    ] as const) {
      const body = expectClientError(await app.inject({ method, url: `${url}?token=a&token=b`, headers: HOST }), 400, 'invalid_input')
      expect(body.fields?.token).toBe('Geef dit veld maar één keer op.')
    }
  })

  it('parallel signups with one address answer 201 once and 409 account_exists for the others', async () => {
    const { app } = suite
    const email = uniqueEmail('race')
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/signup.php', headers: HOST, payload: { email, name: 'Race', password: 'lang genoeg 123', date_of_birth: '1990-01-01' } })),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, 409, 409, 409])
    for (const r of results.filter((x) => x.statusCode === 409)) expectClientError(r, 409, 'account_exists')
  })

  it('parallel confirmations of one new address: one wins, the other answers 409 email_taken', async () => {
    const { app, database } = suite
    const target = uniqueEmail('target')
    // Two members asked to move to one new address; both follow their link at the same moment.
    const links: string[] = []
    for (const n of ['one', 'two']) {
      const { account } = await loggedInMember(app, database.db, uniqueEmail(n))
      links.push(await issueToken(database.db, account, 'mail_change', 3600, { email: target }))
    }
    const results = await Promise.all(links.map((token) => app.inject({ method: 'POST', url: '/api/mail-change-do.php', headers: HOST, payload: { token } })))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expectClientError(results.find((r) => r.statusCode === 409)!, 409, 'email_taken')
    expect((await database.db.select().from(accounts).where(eq(accounts.email, target))).length).toBe(1)
  })
})
