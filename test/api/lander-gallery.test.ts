// The marketers' lander gallery (/admin/landers, decision 029): its endpoints refuse visitors and members and
// answer staff with every tenant's landers and slugs on the tenant's own origin, and the traffic figures; only
// the landers may be framed, only by the network's sites, and only the gallery frames them.
import { describeEachDb } from '../support/db'
import { createMember, staffCookie, suiteApp } from '../support/app'
import { createSession } from '../../src/features/accounts/sessions.server'
import { gallerySlugs, landerHref } from '../../src/features/landers/gallery'
import { chooseLanguage } from '../../src/server/request-context.server'
import { loadTenants } from '../../src/server/tenants.server'

jest.setTimeout(60_000)

describe('gallery slugs and links', () => {
  it('shows every niche on a general tenant and its own niche on a niche tenant', () => {
    expect(gallerySlugs(1, 'NL')).toEqual(['', 'dating', 'chat', 'dating-amsterdam', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'])
    expect(gallerySlugs(6, 'NL')).toEqual(['', 'milf', 'milf-chat', 'milf-amsterdam'])
    expect(gallerySlugs(7, 'BE')).toEqual(['', 'gay', 'gay-chat', 'gay-brussel'])
  })
  it('builds a tracking link with only the filled parameters and the language', () => {
    expect(landerHref('https://rijpedates.nl', 'gallery', 'milf-amsterdam', { network: 'daisycon', ref: ' ', sub1: 'a b', clickid: '{clickid}' }, 'en')).toBe(
      'https://rijpedates.nl/landers/gallery/milf-amsterdam?network=daisycon&sub1=a+b&clickid=%7Bclickid%7D&lang=en',
    )
    expect(landerHref('http://mannenmatch.localhost:3284', 'tinderswipe', '', {})).toBe('http://mannenmatch.localhost:3284/landers/tinderswipe')
  })
  it('previews a language the tenant offers through ?lang=, and ignores one it does not', async () => {
    const tenants = await loadTenants()
    const be = tenants.all.find((t) => t.id === 'flirtbelgie')!
    expect(chooseLanguage(be, { requested: 'fr', cookie: 'nl', country: 'BE' })).toBe('fr')
    expect(chooseLanguage(be, { requested: 'pl', cookie: 'nl', country: 'BE' })).toBe('nl')
  })
})

describeEachDb('the lander gallery endpoints', (kind) => {
  const suite = suiteApp(kind)
  const app = () => suite.app
  // A member's session, or a console session (decision 028) of a staff role: 'staff' is an admin.
  const cookieOf = async (role: 'member' | 'staff' | 'marketer' | 'moderator') => {
    const email = `${role}-${Date.now()}-${Math.random()}@example.nl`
    if (role === 'member') {
      const { account } = await createMember(suite.database.db, { email })
      return `sid=${await createSession(suite.database.db, account, account.tenantId)}`
    }
    return (await staffCookie(suite.database.db, suite.app, role === 'staff' ? 'admin' : role, { email })).cookie
  }
  const get = (url: string, cookie?: string, host = 'datingstad.localhost:3284') => app().inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } })

  it('refuses visitors and members, answers staff', async () => {
    for (const url of ['/api/admin/landers.php', '/api/admin/traffic.php?tenant=datingstad', '/api/admin/page-bounces.php?tenant=datingstad']) {
      const visitor = await get(url)
      expect(visitor.statusCode).toBe(403)
      expect(visitor.json()).toMatchObject({ error: 'authentication_required' })
      // A member session never opens a console endpoint; a moderator's role may not use the gallery.
      const member = await get(url, await cookieOf('member'))
      expect(member.statusCode).toBe(403)
      expect(member.json()).toMatchObject({ error: 'authentication_required' })
      const moderator = await get(url, await cookieOf('moderator'))
      expect(moderator.statusCode).toBe(403)
      expect(moderator.json()).toMatchObject({ error: 'forbidden' })
      expect((await get(url, await cookieOf('staff'))).statusCode).toBe(200)
      expect((await get(url, await cookieOf('marketer'))).statusCode).toBe(200)
    }
  })

  it("lists every tenant with its niche's slugs, languages and theme, on its own host", async () => {
    const staff = await cookieOf('staff')
    const local = (await get('/api/admin/landers.php', staff)).json()
    expect(local.designs).toHaveLength(9)
    expect(local.tenants.map((t: { id: string }) => t.id).sort()).toEqual(['datingstad', 'euroflirt', 'flirtbelgie', 'mannenmatch', 'rijpedates'])
    const rijpe = local.tenants.find((t: { id: string }) => t.id === 'rijpedates')
    expect(rijpe).toMatchObject({ niche: 6, origin: 'http://rijpedates.localhost:3284', slugs: ['', 'milf', 'milf-chat', 'milf-amsterdam'], default_language: 'nl' })
    expect(rijpe.theme.primary).toMatch(/^#[0-9a-f]{6}$/i)
    const be = local.tenants.find((t: { id: string }) => t.id === 'flirtbelgie')
    expect(be.languages).toEqual(expect.arrayContaining(['nl', 'fr']))
    // On a public host: the tenant's public address (PUBLIC_URL of the test config, http://{id}.localhost:3000).
    const pub = (await get('/api/admin/landers.php', staff, 'datingstad.nl')).json()
    expect(pub.tenants.find((t: { id: string }) => t.id === 'mannenmatch').origin).toBe('http://mannenmatch.localhost:3000')
    // A marketer sees the tenants of its own pool only, and not another pool's traffic.
    const marketer = await cookieOf('marketer')
    const own = (await get('/api/admin/landers.php', marketer)).json()
    expect(own.tenants.map((t: { id: string }) => t.id).sort()).toEqual(['datingstad', 'euroflirt', 'flirtbelgie', 'rijpedates'])
    expect((await get('/api/admin/traffic.php?tenant=mannenmatch', marketer)).statusCode).toBe(404)
    // Nothing secret: no postback templates.
    expect(JSON.stringify(local)).not.toMatch(/postback/)
  })

  it('counts visits, signups and first purchases per landing and source', async () => {
    const staff = await cookieOf('staff')
    const landing = await get('/landers/video/milf-utrecht?network=gal-net&ref=g1&sub1=x', undefined, 'rijpedates.nl')
    const ft = String(landing.headers['set-cookie']).split(';')[0]
    const signup = await app().inject({ method: 'POST', url: '/api/signup.php', headers: { host: 'rijpedates.nl', cookie: ft }, payload: { email: `gal-${kind}@example.nl`, name: 'Galerij', password: 'lang genoeg 123', date_of_birth: '1980-01-02' } })
    expect(signup.statusCode).toBe(201)
    await get('/landers/video/milf-utrecht?network=gal-net&ref=g1&sub1=x', undefined, 'rijpedates.nl')
    const res = (await get('/api/admin/traffic.php?tenant=rijpedates', staff)).json()
    expect(res).toMatchObject({ tenant: 'rijpedates', days: 30 })
    expect(res.rows).toContainEqual({ landing: '/landers/video/milf-utrecht', network: 'gal-net', ref: 'g1', sub1: 'x', sub2: null, sub3: null, visits: 2, signups: 1, first_purchases: 0, revenue: [] })
    // Another tenant's traffic is not in it.
    expect((await get('/api/admin/traffic.php?tenant=datingstad', staff)).json().rows.filter((r: { network: string }) => r.network === 'gal-net')).toEqual([])
    expect((await get('/api/admin/traffic.php?tenant=nope', staff)).statusCode).toBe(404)
  })

  it('shows the page bounces logged with ?lb=1 per page of the tenant: count, median time on the page, last one', async () => {
    const staff = await cookieOf('staff')
    const beacon = (host: string, path: string, ms: number) =>
      app().inject({ method: 'POST', url: `/api/page-hidden.php?lb=1&path=${encodeURIComponent(path)}&ms=${ms}`, headers: { host, 'content-type': 'application/json' }, payload: '{}' })
    for (const ms of [1000, 3000, 8000]) expect((await beacon('flirtbelgie.localhost:3284', `/landers/video/bounce-${kind}`, ms)).statusCode).toBe(204)
    expect((await beacon('flirtbelgie.localhost:3284', `/landers/gallery/bounce-${kind}`, 500)).statusCode).toBe(204)
    // Another tenant's bounce, and a beacon without lb (no logging), count nowhere here.
    expect((await beacon('datingstad.localhost:3284', `/landers/video/bounce-${kind}`, 700)).statusCode).toBe(204)
    await app().inject({ method: 'POST', url: `/api/page-hidden.php?path=/x-${kind}&ms=5`, headers: { host: 'flirtbelgie.localhost:3284', 'content-type': 'application/json' }, payload: '{}' })
    const res = await get('/api/admin/page-bounces.php?tenant=flirtbelgie', staff)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ tenant: 'flirtbelgie', days: 30 })
    const mine = body.rows.filter((r: { path: string }) => r.path.endsWith(`bounce-${kind}`))
    expect(mine.map((r: { path: string; bounces: number; median_ms: number }) => [r.path, r.bounces, r.median_ms])).toEqual([
      [`/landers/video/bounce-${kind}`, 3, 3000],
      [`/landers/gallery/bounce-${kind}`, 1, 500],
    ])
    expect(Date.parse(mine[0].last_at)).toBeGreaterThan(Date.now() - 60_000)
    expect(body.total).toBeGreaterThanOrEqual(4)
    expect(body.rows.some((r: { path: string }) => r.path === `/x-${kind}`)).toBe(false)
    // A marketer sees only the tenants of its pool; an unknown tenant is not found.
    expect((await get('/api/admin/page-bounces.php?tenant=mannenmatch', await cookieOf('marketer'))).statusCode).toBe(404)
    expect((await get('/api/admin/page-bounces.php?tenant=nope', staff)).statusCode).toBe(404)
  })

  it('lets only the network’s sites frame a lander, only the gallery frame, and nothing else', async () => {
    const lander = await get('/landers/gallery/milf')
    const csp = String(lander.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'self' http://datingstad.localhost:3000")
    expect(csp).toContain('http://*.localhost:*')
    expect(csp).toContain("frame-src 'none'")
    expect(lander.headers['x-frame-options']).toBeUndefined()
    const gallery = await get('/admin/landers')
    expect(String(gallery.headers['content-security-policy'])).toMatch(/frame-src http:\/\/datingstad\.localhost:3000 .*http:\/\/\*\.localhost:\*/)
    expect(String(gallery.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
    for (const url of ['/', '/members', '/signup', '/admin/photos']) {
      const res = await get(url)
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
      expect(String(res.headers['content-security-policy'])).toContain("frame-src 'none'")
      expect(res.headers['x-frame-options']).toBe('DENY')
    }
  })
})
