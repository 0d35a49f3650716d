// Traffic tracking (issue 12, decision 029): the first touch of a landing address in a cookie (first touch wins,
// 30 days), carried to the signup (signups: all / with_trafficsource) and stored with the account, the first
// purchase attributed to it, and the traffic source's postbacks through the job worker: a local receiver that
// fails twice first gets each event exactly once with the right values; private hosts are refused.
import http from 'node:http'
import net from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { makeTestApp, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, jobs, trafficConversions, trafficVisits } from '../../src/db/schema'
import { decodeFirstTouch, encodeFirstTouch, FIRST_TOUCH_COOKIE } from '../../src/features/tracking/first-touch.server'
import { callPostback, fillPostbackTemplate, postbackJobHandler, PostbackRefused, postbackUrlAllowed } from '../../src/features/tracking/postback.server'
import { POSTBACK_ATTEMPTS, POSTBACK_JOB } from '../../src/features/tracking/conversions.server'
import { loadConfig } from '../../src/server/config.server'

jest.setTimeout(120_000)

const adultDob = '1990-05-17'

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

/** A traffic source's postback receiver: answers 500 to the first `failFirst` calls of each path, then 200. */
function startReceiver() {
  const calls: URL[] = []
  const failures = new Map<string, number>()
  let failFirst = 0
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver')
    calls.push(url)
    const key = url.searchParams.get('event') + ':' + url.searchParams.get('click')
    const failed = failures.get(key) ?? 0
    if (failed < failFirst) {
      failures.set(key, failed + 1)
      res.writeHead(500).end('try again')
    } else res.writeHead(200).end('ok')
  })
  return new Promise<{ port: number; calls: URL[]; failFirst: (n: number) => void; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        calls,
        failFirst: (n) => (failFirst = n),
        close: () => new Promise((r) => server.close(() => r())),
      }),
    )
  })
}

const cookieOf = (setCookie: string | string[] | undefined, name: string): string | undefined => {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.find((c) => c.startsWith(`${name}=`))
}

describe('postback addresses without a database', () => {
  it('fills a template with URL-encoded values and leaves unknown placeholders', () => {
    expect(fillPostbackTemplate('https://n.example/pb?c={clickid}&e={event}&a={amount}&x={other}', { clickid: 'a b&c', event: 'signup', amount: '0.00' })).toBe(
      'https://n.example/pb?c=a%20b%26c&e=signup&a=0.00&x={other}',
    )
  })

  it('allows public http(s) host names only', () => {
    expect(postbackUrlAllowed('https://track.network.example/pb?x=1')).toBe(true)
    expect(postbackUrlAllowed('http://track.network.example/pb')).toBe(true)
    for (const bad of ['http://127.0.0.1/pb', 'http://10.0.0.8/pb', 'http://[::1]/pb', 'http://localhost/pb', 'http://printer.local/pb', 'http://0x7f000001/pb', 'ftp://n.example/pb', 'https://user:pw@n.example/pb', 'http://intranet/pb', 'not a url']) {
      expect(postbackUrlAllowed(bad)).toBe(false)
    }
  })

  it('refuses a name that resolves to a private or loopback address, before connecting', async () => {
    const receiver = await startReceiver()
    try {
      await expect(callPostback(`http://127.0.0.1:${receiver.port}/pb`)).rejects.toBeInstanceOf(PostbackRefused)
      await expect(callPostback('https://pb.network.example/pb', { resolve: async () => [{ address: '10.1.2.3', family: 4 }] })).rejects.toBeInstanceOf(PostbackRefused)
      await expect(callPostback('https://pb.network.example/pb', { resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '::ffff:127.0.0.1', family: 6 }] })).rejects.toBeInstanceOf(PostbackRefused)
      expect(receiver.calls).toHaveLength(0)
    } finally {
      await receiver.close()
    }
  })

  it('keeps POSTBACK_ALLOW_PRIVATE_HOSTS out of production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', POSTBACK_ALLOW_PRIVATE_HOSTS: 'true' })).toThrow(/POSTBACK_ALLOW_PRIVATE_HOSTS/)
  })
})

describeEachDb('traffic tracking, attribution and postbacks', (kind) => {
  let database: Database
  let app: FastifyInstance
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    receiver = await startReceiver()
    // The test provider calls the site's webhook over HTTP on the site's port, like a real provider.
    const port = await freePort()
    app = await makeTestApp(database, { PORT: String(port), POSTBACK_ALLOW_PRIVATE_HOSTS: 'true' })
    await app.listen({ port, host: '127.0.0.1' })
    // datingstad: a postback for the network net-pb (its secret token in the query), and one for any other network
    // on signups only.
    app.services.tenants.byId.get('datingstad')!.tracking.postbacks = [
      { network: 'net-pb', events: ['signup', 'first_purchase'], url: `http://127.0.0.1:${receiver.port}/pb?click={clickid}&event={event}&amount={amount}&cur={currency}&s1={sub1}&token=SECRET-TOKEN-42` },
      { network: '*', events: ['signup'], url: `http://127.0.0.1:${receiver.port}/any?click={clickid}&event={event}&net={network}` },
    ]
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await receiver?.close()
  })
  const db = () => database.db

  let ip = 0
  const get = (url: string, host = 'datingstad.nl', cookie?: string) => app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } })
  let n = 0
  const signup = (host: string, cookie?: string, tracking?: object) =>
    app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host, ...(cookie ? { cookie } : {}) },
      remoteAddress: `198.51.100.${(ip++ % 250) + 1}`,
      payload: { email: `tracked${++n}-${kind}@example.nl`, name: `Bezoeker ${n}`, password: 'lang genoeg 123', date_of_birth: adultDob, ...(tracking ? { tracking } : {}) },
    })
  /** Lands on a page and returns the first-touch cookie for the next request. */
  const land = async (url: string, host = 'datingstad.nl') => {
    const res = await get(url, host)
    const c = cookieOf(res.headers['set-cookie'], FIRST_TOUCH_COOKIE)
    expect(c).toBeDefined()
    return c!.split(';')[0]
  }
  const accountOf = async (res: { json: () => { user: { id: number } } }) => (await db().select().from(accounts).where(eq(accounts.id, res.json().user.id)))[0]
  const runJobs = async () => {
    await db().update(jobs).set({ runAt: sql`now()` }).where(sql`done_at is null`)
    await app.services.jobs.runDue()
  }

  it('sets the first-touch cookie on a landing with tracking parameters and counts a visit; a later landing does not overwrite it', async () => {
    const res = await get('/landers/gallery/milf-amsterdam?network=net-a&ref=r1&sub1=campagne&sub2=banner&clickid=CK-1&email=someone@example.nl')
    const raw = cookieOf(res.headers['set-cookie'], FIRST_TOUCH_COOKIE)!
    expect(raw).toMatch(/HttpOnly/)
    expect(raw).toMatch(/SameSite=Lax/)
    expect(raw).toMatch(/Max-Age=2592000/)
    expect(raw).toMatch(/Path=\//)
    const value = raw.split(';')[0].slice(FIRST_TOUCH_COOKIE.length + 1)
    const ft = decodeFirstTouch(value)!
    // Only the tracking parameters (no e-mail address or other query), the landing path and the time.
    expect(ft).toEqual({ network: 'net-a', ref: 'r1', sub1: 'campagne', sub2: 'banner', clickid: 'CK-1', landing: '/landers/gallery/milf-amsterdam', at: expect.any(Number) })
    expect(Buffer.from(value, 'base64url').toString()).not.toContain('example.nl')
    const visits = await db().select().from(trafficVisits).where(and(eq(trafficVisits.tenantId, 'datingstad'), eq(trafficVisits.network, 'net-a')))
    expect(visits).toEqual([expect.objectContaining({ ref: 'r1', sub1: 'campagne', sub2: 'banner', sub3: null, landing: '/landers/gallery/milf-amsterdam' })])

    // The same browser lands again from another network: the first touch stays, no second visit.
    const again = await get('/?network=net-b&ref=r2', 'datingstad.nl', `${FIRST_TOUCH_COOKIE}=${value}`)
    expect(cookieOf(again.headers['set-cookie'], FIRST_TOUCH_COOKIE)).toBeUndefined()
    expect(await db().select().from(trafficVisits).where(eq(trafficVisits.network, 'net-b'))).toEqual([])

    // An expired first touch (31 days) is replaced; an address without tracking parameters, an API call or a
    // member's page sets nothing.
    const old = encodeFirstTouch({ network: 'net-old', landing: '/', at: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 })
    expect(decodeFirstTouch(old)).toBeUndefined()
    const replaced = await get('/members/1/landing?network=net-c', 'datingstad.nl', `${FIRST_TOUCH_COOKIE}=${old}`)
    expect(decodeFirstTouch(cookieOf(replaced.headers['set-cookie'], FIRST_TOUCH_COOKIE)!.split(';')[0].split('=')[1])).toMatchObject({ network: 'net-c', landing: '/members/1/landing' })
    expect(cookieOf((await get('/landers/video?utm=x')).headers['set-cookie'], FIRST_TOUCH_COOKIE)).toBeUndefined()
    expect(cookieOf((await get('/api/settings.php?network=net-d')).headers['set-cookie'], FIRST_TOUCH_COOKIE)).toBeUndefined()
    const member = await signup('datingstad.nl')
    const memberPage = await get('/?network=net-e', 'datingstad.nl', sessionCookie(member.headers['set-cookie']))
    expect(cookieOf(memberPage.headers['set-cookie'], FIRST_TOUCH_COOKIE)).toBeUndefined()
    // A forged or broken cookie counts as none.
    expect(decodeFirstTouch('not-json')).toBeUndefined()
    expect(decodeFirstTouch(Buffer.from(JSON.stringify({ network: 'x'.repeat(500), landing: '/', at: 1 })).toString('base64url'))).toBeUndefined()
  })

  it('stores the first touch with the account at signup, over the browser copy in the body', async () => {
    const cookie = await land('/landers/socialnetwork/gay-chat?network=net-s&ref=ref-s&sub1=a&sub2=b&sub3=c&clickid=CLICK-S')
    const res = await signup('datingstad.nl', cookie, { network: 'body-net', ref: 'body-ref' })
    expect(res.statusCode).toBe(201)
    const acc = await accountOf(res)
    expect(acc).toMatchObject({ trackingNetwork: 'net-s', trackingRef: 'ref-s', trackingSub1: 'a', trackingSub2: 'b', trackingSub3: 'c', trackingClickid: 'CLICK-S', trackingLanding: '/landers/socialnetwork/gay-chat' })
    expect(acc.trackingAt).toBeInstanceOf(Date)
    const conv = await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, acc.id))
    expect(conv).toEqual([expect.objectContaining({ kind: 'signup', network: 'net-s', ref: 'ref-s', clickid: 'CLICK-S', landing: '/landers/socialnetwork/gay-chat', tenantId: 'datingstad', pool: 'main' })])

    // Without the cookie the body's copy counts (cleaned like an address's parameters).
    const fromBody = await signup('datingstad.nl', undefined, { network: ' body-net ', clickid: 'B1' })
    expect(await accountOf(fromBody)).toMatchObject({ trackingNetwork: 'body-net', trackingClickid: 'B1', trackingLanding: null })
    // Untracked: nothing stored, no conversion.
    const plain = await signup('datingstad.nl')
    expect(await accountOf(plain)).toMatchObject({ trackingNetwork: null, trackingRef: null, trackingClickid: null })
    expect(await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, plain.json().user.id))).toEqual([])
  })

  it('signups: with_trafficsource opens the signup to a first touch naming a source, all to everyone', async () => {
    // rijpedates has signups with_trafficsource.
    expect((await signup('rijpedates.nl')).statusCode).toBe(403)
    const noSource = await land('/landers/video?sub1=only-a-sub', 'rijpedates.nl')
    const refused = await signup('rijpedates.nl', noSource)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('signups_closed')
    const expired = `${FIRST_TOUCH_COOKIE}=${encodeFirstTouch({ network: 'daisycon', landing: '/', at: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 })}`
    expect((await signup('rijpedates.nl', expired)).statusCode).toBe(403)
    const cookie = await land('/landers/alonetonight/milf-utrecht?network=daisycon&sub2=x', 'rijpedates.nl')
    const ok = await signup('rijpedates.nl', cookie)
    expect(ok.statusCode).toBe(201)
    expect(await accountOf(ok)).toMatchObject({ tenantId: 'rijpedates', trackingNetwork: 'daisycon', trackingSub2: 'x', trackingLanding: '/landers/alonetonight/milf-utrecht' })
    // logged_out_search_trafficsource (flirtbelgie) reads the same first touch.
    expect((await get('/api/search.php', 'flirtbelgie.be')).statusCode).toBe(403)
    expect((await get('/api/search.php', 'flirtbelgie.be', await land('/?ref=partner-7', 'flirtbelgie.be'))).statusCode).toBe(200)
    // datingstad has signups all: no source needed.
    expect((await signup('datingstad.nl')).statusCode).toBe(201)
  })

  it('calls the postback of the signup and of the first purchase exactly once, through two failures of the receiver', async () => {
    // The earlier tests' signups (their network matches the '*' entry) are called first.
    await runJobs()
    receiver.calls.length = 0
    receiver.failFirst(2)
    const cookie = await land('/landers/gallery/milf?network=net-pb&sub1=camp-9&clickid=PB-CLICK-1')
    const res = await signup('datingstad.nl', cookie)
    expect(res.statusCode).toBe(201)
    const account = await accountOf(res)
    const conversion = async (k: string) => (await db().select().from(trafficConversions).where(and(eq(trafficConversions.accountId, account.id), eq(trafficConversions.kind, k))))[0]
    const pbJobs = async () => (await db().select().from(jobs).where(eq(jobs.kind, POSTBACK_JOB))).filter((j) => Number((j.payload as { conversionId?: number }).conversionId) > 0 || j.doneAt === null)

    // Nothing is called in the request itself: the job worker does it.
    expect(receiver.calls).toHaveLength(0)
    await app.services.jobs.runDue()
    expect(receiver.calls).toHaveLength(1)
    expect((await conversion('signup')).postbackStatus).toBe('pending')
    // The failure is kept without the address's secret.
    const failed = (await db().select().from(jobs).where(and(eq(jobs.kind, POSTBACK_JOB), sql`done_at is null`)))
    expect(failed).toHaveLength(1)
    expect(failed[0].lastError).toMatch(/postback datingstad signup #\d+ to 127\.0\.0\.1:\d+ answered 500/)
    expect(failed[0].lastError).not.toContain('SECRET')
    // Retried with backoff: not due at once.
    expect(failed[0].runAt.getTime()).toBeGreaterThan(Date.now())
    await runJobs()
    await runJobs()
    await runJobs()
    expect(receiver.calls).toHaveLength(3)
    const last = receiver.calls[2]
    expect(last.pathname).toBe('/pb')
    expect(Object.fromEntries(last.searchParams)).toEqual({ click: 'PB-CLICK-1', event: 'signup', amount: '0.00', cur: '', s1: 'camp-9', token: 'SECRET-TOKEN-42' })
    expect(await conversion('signup')).toMatchObject({ postbackStatus: 'sent', postbackAt: expect.any(Date) })

    // The first purchase: a real order through the test provider's checkout and webhook.
    receiver.calls.length = 0
    const sid = sessionCookie(res.headers['set-cookie'])
    const buy = async () => {
      const order = await app.inject({ method: 'POST', url: '/api/payment.php', headers: { host: 'datingstad.nl', cookie: sid }, payload: { bundle_id: 'popular', method: 'ideal' } })
      expect(order.statusCode).toBe(200)
      const providerId = String(order.json().checkout_url).split('/').pop()
      const paid = await app.inject({ method: 'POST', url: '/api/test-checkout.php', headers: { host: 'datingstad.nl' }, payload: { payment_id: providerId, outcome: 'paid' } })
      expect(paid.statusCode).toBe(200)
      // The webhook job (an HTTP call to this app), then the postback job it queued; two failures first.
      for (let i = 0; i < 4; i++) await runJobs()
    }
    await buy()
    const purchases = receiver.calls.filter((u) => u.searchParams.get('event') === 'first_purchase')
    expect(purchases).toHaveLength(3)
    expect(Object.fromEntries(purchases[2].searchParams)).toEqual({ click: 'PB-CLICK-1', event: 'first_purchase', amount: '27.50', cur: 'EUR', s1: 'camp-9', token: 'SECRET-TOKEN-42' })
    expect(await conversion('first_purchase')).toMatchObject({ postbackStatus: 'sent', amountCents: 2750, currency: 'EUR', network: 'net-pb' })

    // A second purchase is no first purchase: no new conversion, no call; repeated runs call nothing again.
    receiver.calls.length = 0
    await buy()
    await runJobs()
    expect(receiver.calls).toHaveLength(0)
    expect(await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, account.id))).toHaveLength(2)
    expect((await pbJobs()).filter((j) => j.doneAt === null)).toEqual([])
  })

  it("uses the network's own postback, else the one for any network, else none", async () => {
    receiver.calls.length = 0
    receiver.failFirst(0)
    const other = await signup('datingstad.nl', await land('/?network=net-other&clickid=OTHER-1'))
    await runJobs()
    expect(receiver.calls.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual(['/any?click=OTHER-1&event=signup&net=net-other'])
    // The '*' entry is for signups only: this account's first purchase has no postback.
    const [conv] = await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, other.json().user.id))
    expect(conv.postbackStatus).toBe('sent')
    // Another tenant without postbacks: the conversion is recorded, no call.
    receiver.calls.length = 0
    const be = await signup('flirtbelgie.be', await land('/?network=net-pb&clickid=BE-1', 'flirtbelgie.be'))
    await runJobs()
    expect(receiver.calls).toHaveLength(0)
    const [beConv] = await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, be.json().user.id))
    expect(beConv).toMatchObject({ tenantId: 'flirtbelgie', kind: 'signup', postbackStatus: 'none' })
  })

  it('refuses a postback to a private address without retrying it, and calls nothing', async () => {
    receiver.calls.length = 0
    // A handler as production runs it (no test permission for private hosts), over this database.
    const logged: string[] = []
    const handler = postbackJobHandler({ db: db(), tenants: app.services.tenants, allowPrivateHosts: false, log: (m) => logged.push(m) })
    const res = await signup('datingstad.nl', await land('/?network=net-pb&clickid=PRIV-1'))
    const [conv] = await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, res.json().user.id))
    await handler({ conversionId: conv.id }, { attempt: 1, maxAttempts: 8 })
    expect(receiver.calls).toHaveLength(0)
    const [after] = await db().select().from(trafficConversions).where(eq(trafficConversions.id, conv.id))
    expect(after.postbackStatus).toBe('refused')
    expect(logged).toEqual([`postback datingstad signup #${conv.id} to 127.0.0.1:${receiver.port}: refused, not a public address`])
    // The queued job finds it settled and calls nothing either.
    await runJobs()
    expect(receiver.calls).toHaveLength(0)
  })

  it('marks a postback failed after its 8 attempts, and calls nothing after that', async () => {
    receiver.calls.length = 0
    receiver.failFirst(1000)
    const res = await signup('datingstad.nl', await land('/?network=net-pb&clickid=DOWN-1'))
    const [conv] = await db().select().from(trafficConversions).where(eq(trafficConversions.accountId, res.json().user.id))
    const calls = () => receiver.calls.filter((u) => u.searchParams.get('click') === 'DOWN-1').length
    for (let i = 1; i < POSTBACK_ATTEMPTS; i++) {
      await runJobs()
      expect(calls()).toBe(i)
      // Still worth retrying: pending, not failed.
      expect((await db().select().from(trafficConversions).where(eq(trafficConversions.id, conv.id)))[0].postbackStatus).toBe('pending')
    }
    await runJobs()
    expect(calls()).toBe(POSTBACK_ATTEMPTS)
    const [after] = await db().select().from(trafficConversions).where(eq(trafficConversions.id, conv.id))
    expect(after).toMatchObject({ postbackStatus: 'failed', postbackAt: expect.any(Date) })
    await runJobs()
    await runJobs()
    expect(calls()).toBe(POSTBACK_ATTEMPTS)
    receiver.failFirst(0)
  })
})
