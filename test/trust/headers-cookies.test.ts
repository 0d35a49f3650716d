// Trust: security headers on every answer, the session cookie from configuration (__Host- and Secure on https),
// and TRUST_PROXY as a list of proxies or a hop count, never "anyone".
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { loadConfig } from '../../src/server/config.server'
import { COMPLAINTS_PER_ADDRESS_PER_HOUR } from '../../src/features/complaints/routes.server'

jest.setTimeout(120_000)

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy
  it('takes false, a hop count or a list of addresses and CIDR ranges', () => {
    expect(trust('false')).toBe(false)
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(trust('2')).toBe(2)
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'])
  })
  it('refuses true (any sender) and anything that is not an address', () => {
    expect(() => trust('true')).toThrow(/TRUST_PROXY: "true" would trust any sender/)
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY: not an address or CIDR range: 10.0.0.0\/99/)
    expect(() => trust('proxy.example')).toThrow(/TRUST_PROXY/)
  })
  it('makes cookies secure from PUBLIC_URL, not from the request', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://{domain}' })).toMatchObject({ secureCookies: true, sessionCookie: '__Host-sid' })
    expect(loadConfig({ PUBLIC_URL: 'http://{id}.localhost:3000' })).toMatchObject({ secureCookies: false, sessionCookie: 'sid' })
  })
})

describeEachDb('trust: headers and cookies', (kind) => {
  let database: Database
  const apps: FastifyInstance[] = []
  const app = async (env: Record<string, string> = {}) => {
    const made = await makeTestApp(database, env)
    apps.push(made)
    return made
  }
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    for (const a of apps) await a.close()
    await database?.close()
  })

  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const csp = String(headers['content-security-policy'])
    expect(csp).toMatch(/frame-ancestors 'none'/)
    expect(csp).toMatch(/object-src 'none'/)
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]
    expect(scriptSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9_-]{20,}'$/)
    expect(/style-src-elem ([^;]*)/.exec(csp)![1]).not.toMatch(/unsafe-inline/)
  }

  it('hardens JSON answers, errors and the unknown-host page (its style carries the nonce)', async () => {
    const a = await app()
    expectHardened((await a.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'datingstad.nl' } })).headers)
    expectHardened((await a.inject({ method: 'GET', url: '/api/nothing-here', headers: { host: 'datingstad.nl' } })).headers)
    const unknown = await a.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } })
    expectHardened(unknown.headers)
    const nonce = /'nonce-([^']+)'/.exec(String(unknown.headers['content-security-policy']))![1]
    expect(unknown.body).toContain(`<style nonce="${nonce}">`)
    // A new nonce for every answer.
    const again = await a.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } })
    expect(again.headers['content-security-policy']).not.toBe(unknown.headers['content-security-policy'])
    // Local http: no HSTS, no upgrade of the page's requests to https.
    expect(unknown.headers['strict-transport-security']).toBeUndefined()
    expect(String(unknown.headers['content-security-policy'])).not.toMatch(/upgrade-insecure-requests/)
  })

  it('lets images come from GIPHY only when the GIF picker uses it', async () => {
    const without = String((await (await app()).inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'datingstad.nl' } })).headers['content-security-policy'])
    expect(/img-src ([^;]*)/.exec(without)![1]).not.toMatch(/giphy/)
    const withKey = await app({ GIPHY_API_KEY: 'test-giphy-key', GIPHY_API_URL: 'https://127.0.0.1:9443' })
    const csp = String((await withKey.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'datingstad.nl' } })).headers['content-security-policy'])
    expect(/img-src ([^;]*)/.exec(csp)![1].split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://*.giphy.com', 'https://127.0.0.1:9443']))
  })

  it('on an https site: a __Host- session cookie, Secure, host-only; HSTS; the plain name is not read', async () => {
    const a = await app({ PUBLIC_URL: 'https://{domain}' })
    const { password } = await createMember(database.db, { email: 'veilig@example.nl' })
    // Over plain http to the app (TLS ends at the proxy): Secure comes from configuration, not the request.
    const res = await a.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'veilig@example.nl', password } })
    expect(res.statusCode).toBe(200)
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    const sid = setCookie.find((c) => c.startsWith('__Host-sid='))!
    expect(sid).toMatch(/; Path=\//)
    expect(sid).toMatch(/; Secure/)
    expect(sid).toMatch(/; HttpOnly/)
    expect(sid).toMatch(/; SameSite=Lax/)
    expect(sid).not.toMatch(/Domain=/i)
    expect(setCookie.some((c) => c.startsWith('sid='))).toBe(false)
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    const token = sid.split(';')[0].split('=')[1]
    const me = (cookie: string) => a.inject({ method: 'GET', url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })
    expect((await me(`__Host-sid=${token}`)).statusCode).toBe(200)
    expect((await me(`sid=${token}`)).statusCode).toBe(403)
    // The language cookie is Secure too; logging out clears the cookie with the attributes the prefix needs.
    const lang = await a.inject({ method: 'PUT', url: '/api/user.php', headers: { host: 'datingstad.nl', cookie: `__Host-sid=${token}` }, payload: { language: 'nl' } })
    expect(([] as string[]).concat(lang.headers['set-cookie'] ?? []).find((c) => c.startsWith('lang='))).toMatch(/; Secure/)
    const out = await a.inject({ method: 'GET', url: '/api/logout.php', headers: { host: 'datingstad.nl', cookie: `__Host-sid=${token}` } })
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-sid='))).toMatch(/Path=\/.*Secure|Secure.*Path=\//)
  })

  it('on local http: the plain cookie name, not Secure', async () => {
    const a = await app()
    const { password } = await createMember(database.db, { email: 'lokaal@example.nl' })
    const res = await a.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.localhost:3000', 'x-forwarded-proto': 'https' }, payload: { email: 'lokaal@example.nl', password } })
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!
    expect(sid).toBeDefined()
    expect(sid).not.toMatch(/Secure/)
  })

  describe('client addresses', () => {
    const complaint = { name: 'Jan', email: 'jan@example.nl', subject: 'Spam', message: 'Dit profiel stuurt spam.' }
    const complain = (a: FastifyInstance, remoteAddress: string, forwarded: string) =>
      a.inject({ method: 'POST', url: '/api/complaints.php', headers: { host: 'datingstad.nl', 'x-forwarded-for': forwarded }, payload: complaint, remoteAddress })

    it('ignores X-Forwarded-For from a sender that is not a configured proxy (limits cannot be escaped)', async () => {
      const a = await app({ TRUST_PROXY: '10.0.0.0/8' })
      const codes: number[] = []
      for (let i = 0; i <= COMPLAINTS_PER_ADDRESS_PER_HOUR; i++) codes.push((await complain(a, '203.0.113.50', `198.18.0.${i + 1}`)).statusCode)
      expect(codes.at(-1)).toBe(429)
    })

    it('believes X-Forwarded-For from a configured proxy', async () => {
      const a = await app({ TRUST_PROXY: '10.0.0.0/8' })
      const codes: number[] = []
      for (let i = 0; i <= COMPLAINTS_PER_ADDRESS_PER_HOUR; i++) codes.push((await complain(a, '10.1.2.3', `198.18.1.${i + 1}`)).statusCode)
      expect(codes.every((c) => c === 201)).toBe(true)
    })

    it('with a hop count, takes the address the nearest proxy saw', async () => {
      const a = await app({ TRUST_PROXY: '1' })
      const codes: number[] = []
      // The client forges a first entry; the proxy appends the address it saw, which stays the same.
      for (let i = 0; i <= COMPLAINTS_PER_ADDRESS_PER_HOUR; i++) codes.push((await complain(a, '10.9.9.9', `198.18.2.${i + 1}, 198.51.100.77`)).statusCode)
      expect(codes.at(-1)).toBe(429)
    })
  })
})
