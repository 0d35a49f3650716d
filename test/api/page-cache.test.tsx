// The rendered-HTML cache of anonymous pages (issue 15, docs/decisions/033), through app.inject: the real request
// hooks (tenant, language, session, helmet's CSP nonce) and servePage, with the real landing page rendered in its
// shell as src/server/vike.server.ts would (Vike itself is ESM only and needs a build; its part is the same call).
import { renderToString } from 'react-dom/server'
import createEmotionServer from '@emotion/server/create-instance'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PageContext } from 'vike/types'
import { buildApp } from '../../src/server/app.server'
import { servePage, pageCacheKey, createPageCache, SHARED_CACHE_CONTROL, PERSONAL_CACHE_CONTROL, type RenderedPage } from '../../src/server/page-cache.server'
import { cspNonce } from '../../src/server/security-headers.server'
import { publicTenant } from '../../src/server/public-tenant.server'
import { presentUser } from '../../src/features/accounts/sessions.server'
import { PageShell } from '../../renderer/page-shell'
import { createPageCache as createEmotionCache } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { LandingPage } from '../../src/features/landing/landing-page'
import type { Database } from '../../src/db/client.server'
import { openTestDatabase } from '../support/db'
import { loggedInMember, makeServices } from '../support/app'

jest.setTimeout(60_000)

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`)

let renders = 0
/** Holds the next render until released (a clear() during a render). */
let gate: Promise<void> | undefined

/**
 * The landing page as Vike renders it (shell, Emotion styles and a script with the response's nonce), and what a
 * careless page would do besides: write the request's URL into the markup. Other paths: /login (a page that is
 * never shared), /sets-cookie and /late-cookie (a page whose response sets a cookie), /boom (a 500), anything else the 404 page.
 */
async function render(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, url: string): Promise<RenderedPage> {
  renders++
  if (gate) await gate
  const ctx = req.ctx
  const path = url.split('?')[0]
  const nonce = cspNonce(reply)
  const user = ctx.account ? await presentUser(app.services.database.db, ctx.account, ctx.tenant.cdn_prefix) : null
  const pageContext = { urlPathname: path, urlOriginal: url, tenant: publicTenant(app.services, ctx), lng: ctx.lng, user, config: { layout: 'default' } } as unknown as PageContext
  const emotionCache = createEmotionCache(nonce)
  const emotion = createEmotionServer(emotionCache)
  const html = renderToString(
    <PageShell pageContext={pageContext} cache={emotionCache} i18n={ctx.i18n} store={createSessionStore(user)}>
      {path === '/' || path === '/sets-cookie' || path === '/login' ? <LandingPage /> : <h1>{ctx.t('errors.not_found')}</h1>}
    </PageShell>,
  )
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
  const json = JSON.stringify({ tenant: ctx.tenant.id, lng: ctx.lng, user: user?.id ?? null })
  const body = `<!DOCTYPE html><html lang="${ctx.lng}"><head>${styles}<script id="ctx" type="application/json" nonce="${nonce}">${json}</script></head><body><div id="root">${html}</div><p id="url">${escapeHtml(url)}</p></body></html>`
  const headers: [string, string][] = [['Content-Type', 'text/html;charset=utf-8']]
  if (path === '/') return { statusCode: 200, headers, body, pageId: '/pages/index' }
  // The logged-out search: the one shared page that reads tracking (a traffic source lets a visitor search).
  if (path === '/members') return { statusCode: 200, headers, body, pageId: '/pages/members-search' }
  if (path === '/login') return { statusCode: 200, headers, body, pageId: '/pages/login' }
  if (path === '/sets-cookie') return { statusCode: 200, headers: [...headers, ['Set-Cookie', 'first_touch=abc; Path=/']], body, pageId: '/pages/index' }
  if (path === '/late-cookie') {
    // Another part of the server sets a cookie on the reply (written by @fastify/cookie only when the reply is sent).
    reply.setCookie('first_touch', 'campaign-9', { path: '/' })
    return { statusCode: 200, headers, body, pageId: '/pages/index' }
  }
  if (path === '/boom') return { statusCode: 500, headers, body, pageId: '/pages/_error' }
  return { statusCode: 404, headers, body, pageId: '/pages/_error' }
}

let database: Database
let app: FastifyInstance

beforeAll(async () => {
  database = await openTestDatabase('pglite')
  const services = await makeServices(database)
  app = await buildApp({
    services,
    pages: async (a) => {
      a.get('/*', { compress: false }, (req, reply) => {
        if (!req.ctx || req.url.startsWith('/api/')) return reply.callNotFound()
        return servePage(req, reply, { cache: a.services.pageCache, buildId: 'test-build', render: (url) => render(a, req, reply, url) })
      })
    },
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})
beforeEach(() => {
  app.services.pageCache.clear()
  renders = 0
  gate = undefined
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'datingstad.nl', ...headers } })
const cspNonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1]
const bodyNonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])

describe('rendered-HTML cache of anonymous pages', () => {
  it('serves a second identical visitor request from the cache, with shared Cache-Control and Vary', async () => {
    const first = await get('/')
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('miss')
    const second = await get('/')
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.body).toBe(first.body)
    expect(second.headers['cache-control']).toBe(SHARED_CACHE_CONTROL)
    expect(second.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie')
    expect(renders).toBe(1)
    expect(app.services.pageCache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 })
    // A HEAD is answered from the same entry.
    const head = await app.inject({ method: 'HEAD', url: '/', headers: { host: 'datingstad.nl' } })
    expect(head.headers['x-cache']).toBe('hit')
    expect(renders).toBe(1)
  })

  it('never serves a logged-in request from the cache and never stores its page', async () => {
    await get('/')
    expect((await get('/')).headers['x-cache']).toBe('hit')
    const { cookie } = await loggedInMember(app, database.db, `cache-member-${Date.now()}@example.com`)
    const member = await get('/', { cookie })
    expect(member.headers['x-cache']).toBe('bypass')
    expect(member.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    expect(member.body).toContain('Je bent ingelogd als')
    // The visitor still gets the visitor's page.
    const visitor = await get('/')
    expect(visitor.headers['x-cache']).toBe('hit')
    expect(visitor.body).not.toContain('Je bent ingelogd als')
    // A stale or forged session cookie is no visitor either.
    expect((await get('/', { cookie: 'sid=not-a-session' })).headers['x-cache']).toBe('bypass')
  })

  it("never serves one tenant's page on another tenant's host", async () => {
    const datingstad = await get('/')
    expect(datingstad.body).toContain('"tenant":"datingstad"')
    const mannenmatch = await get('/', { host: 'mannenmatch.nl' })
    expect(mannenmatch.headers['x-cache']).toBe('miss')
    expect(mannenmatch.body).toContain('"tenant":"mannenmatch"')
    expect(mannenmatch.body).not.toContain('"tenant":"datingstad"')
    expect((await get('/', { host: 'mannenmatch.nl' })).headers['x-cache']).toBe('hit')
    expect((await get('/')).body).toContain('"tenant":"datingstad"')
  })

  it('gives each locale its own text (Accept-Language and the language cookie)', async () => {
    const fr = await get('/', { host: 'flirtbelgie.be', 'accept-language': 'fr-BE,fr;q=0.9' })
    expect(fr.body).toContain('Flirter sans frontières en Belgique')
    const de = await get('/', { host: 'flirtbelgie.be', 'accept-language': 'de-DE,de;q=0.9' })
    expect(de.headers['x-cache']).toBe('miss')
    expect(de.body).toContain('Flirten ohne Grenzen in Belgien')
    expect(de.body).not.toContain('Flirter sans frontières')
    // The language cookie is the one cookie a shared page may come with; it chooses the language too.
    const cookieDe = await get('/', { host: 'flirtbelgie.be', 'accept-language': 'fr-BE,fr;q=0.9', cookie: 'lang=de' })
    expect(cookieDe.headers['x-cache']).toBe('miss')
    expect(cookieDe.body).toContain('Flirten ohne Grenzen in Belgien')
    expect((await get('/', { host: 'flirtbelgie.be', 'accept-language': 'fr-BE,fr;q=0.9', cookie: 'lang=de' })).headers['x-cache']).toBe('hit')
    expect((await get('/', { host: 'flirtbelgie.be', 'accept-language': 'fr-BE,fr;q=0.9' })).body).toContain('Flirter sans frontières en Belgique')
  })

  it('never stores a response that sets a cookie', async () => {
    const first = await get('/sets-cookie')
    expect(first.headers['set-cookie']).toBeDefined()
    expect(first.headers['x-cache']).toBe('miss')
    expect(first.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    const second = await get('/sets-cookie')
    expect(second.headers['x-cache']).toBe('miss')
    expect(second.headers['set-cookie']).toBeDefined()
    expect(renders).toBe(2)
    expect(app.services.pageCache.stats().entries).toBe(0)
  })

  it('makes a response personal and drops its entry when something else sets a cookie on it', async () => {
    const first = await get('/late-cookie')
    expect(String(first.headers['set-cookie'])).toContain('first_touch=campaign-9')
    expect(first.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    expect(first.headers.etag).toBeUndefined()
    expect(app.services.pageCache.stats().entries).toBe(0)
    expect((await get('/late-cookie')).headers['x-cache']).toBe('miss')
    expect(renders).toBe(2)
  })

  it('serves tracked visitors from the cache: no parameter in the markup, the first-touch cookie in a header of its own', async () => {
    const tracked = await get('/?network=adnet-77&sub1=click-123&clickid=cid-555')
    expect(tracked.statusCode).toBe(200)
    // Rendered from the address without its tracking parameters, stored, and sent to this visitor with the cookie.
    expect(tracked.headers['x-cache']).toBe('miss')
    const cookie = String(tracked.headers['set-cookie'])
    expect(cookie).toMatch(/^ft=/)
    // The response sets a cookie: no shared cache in front may keep it, the entry in memory is still shared.
    expect(tracked.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    for (const value of ['adnet-77', 'click-123', 'cid-555', 'network=', 'sub1=']) expect(tracked.body).not.toContain(value)
    expect(app.services.pageCache.stats().entries).toBe(1)
    // An untracked visitor gets that entry; so does the next tracked one (its own cookie, the same markup).
    const visitor = await get('/')
    expect(visitor.headers['x-cache']).toBe('hit')
    expect(visitor.headers['set-cookie']).toBeUndefined()
    expect(visitor.headers['cache-control']).toBe(SHARED_CACHE_CONTROL)
    for (const param of ['network', 'ref', 'sub1', 'sub2', 'sub3', 'clickid']) {
      const next = await get(`/?${param}=tracked-${param}`)
      expect(next.headers['x-cache']).toBe('hit')
      expect(String(next.headers['set-cookie'])).toMatch(/^ft=/)
      expect(next.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
      expect(next.headers.etag).toBeUndefined()
      expect(next.body).not.toContain('tracked-')
      expect(next.body).toBe(visitor.body)
    }
    // A returning visitor with the first-touch cookie (and the language cookie) is served from the cache too.
    const returning = await get('/?ref=again', { cookie: `${cookie.split(';')[0]}; lang=nl` })
    expect(returning.headers['x-cache']).toBe('hit')
    expect(returning.headers['set-cookie']).toBeUndefined()
    expect(renders).toBe(1)
    // A parameter outside the tracking fields and the allow-list still bypasses the cache.
    expect((await get('/?network=n&other=1')).headers['x-cache']).toBe('bypass')
    expect(app.services.pageCache.stats().entries).toBe(1)
  })

  it('renders the logged-out search per request for a tracked visitor (its traffic source decides what it shows)', async () => {
    const plain = await get('/members')
    expect(plain.headers['x-cache']).toBe('miss')
    expect((await get('/members')).headers['x-cache']).toBe('hit')
    const tracked = await get('/members?network=adnet-9')
    expect(tracked.headers['x-cache']).toBe('miss')
    expect(tracked.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    // This page reads its traffic source: the tracked visitor's own render has it, the shared entry never does.
    expect(tracked.body).toContain('network=adnet-9')
    const visitor = await get('/members')
    expect(visitor.headers['x-cache']).toBe('hit')
    expect(visitor.body).not.toContain('adnet-9')
    // With the first-touch cookie and no parameter, the same: its own render, never stored.
    const withCookie = await get('/members', { cookie: String(tracked.headers['set-cookie']).split(';')[0] })
    expect(withCookie.headers['x-cache']).toBe('miss')
    expect((await get('/members')).body).toBe(visitor.body)
    expect(app.services.pageCache.stats().entries).toBe(1)
  })

  it('answers If-None-Match with 304 and carries the entry nonce in the policy', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip, br' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+-br"$/)
    expect(first.headers['content-encoding']).toBe('br')
    const revalidated = await get('/', { 'if-none-match': etag })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')
    expect(revalidated.headers.etag).toBeDefined()
    expect(cspNonceOf(revalidated.headers['content-security-policy'])).toBe(cspNonceOf(first.headers['content-security-policy']))
    // Another representation's tag of the same body, a list and the weak form match too; another body's does not.
    expect((await get('/', { 'if-none-match': `"x", W/${etag.replace('-br"', '-gzip"')}` })).statusCode).toBe(304)
    expect((await get('/', { 'if-none-match': '"something-else"' })).statusCode).toBe(200)
  })

  it('gives a hit the CSP nonce of the nonces in its HTML', async () => {
    const miss = await get('/')
    const nonces = bodyNonces(miss.body)
    expect(nonces.length).toBeGreaterThan(1)
    const hit = await get('/')
    expect(hit.headers['x-cache']).toBe('hit')
    const policy = String(hit.headers['content-security-policy'])
    const headerNonce = cspNonceOf(policy)
    expect(new Set(bodyNonces(hit.body))).toEqual(new Set([headerNonce]))
    expect(policy).toContain(`script-src 'self' 'nonce-${headerNonce}'`)
    expect(policy).toContain(`style-src-elem 'self' 'nonce-${headerNonce}'`)
    // A page rendered for one request carries that request's fresh nonce.
    const personal = await get('/login')
    expect(new Set(bodyNonces(personal.body))).toEqual(new Set([cspNonceOf(personal.headers['content-security-policy'])]))
    expect(cspNonceOf(personal.headers['content-security-policy'])).not.toBe(headerNonce)
  })

  it('shows a changed catalogue or tenant at once after clear(), also for a render under way', async () => {
    const nl = app.services.i18n.base
    const before = (await get('/')).body
    expect(before).toContain('Veilig en discreet')
    expect((await get('/')).headers['x-cache']).toBe('hit')
    nl.addResource('nl', 'common', 'landing.why_safe_title', 'Veilig, discreet en vernieuwd')
    try {
      app.services.pageCache.clear()
      const after = await get('/')
      expect(after.headers['x-cache']).toBe('miss')
      expect(after.body).toContain('Veilig, discreet en vernieuwd')
      // A render that began before the reload is served once but never kept.
      app.services.pageCache.clear()
      let release = () => {}
      gate = new Promise((r) => (release = r))
      const during = get('/')
      while (renders < 3) await new Promise((r) => setImmediate(r))
      app.services.pageCache.clear()
      release()
      expect((await during).headers['x-cache']).toBe('miss')
      gate = undefined
      expect((await get('/')).headers['x-cache']).toBe('miss')
    } finally {
      nl.addResource('nl', 'common', 'landing.why_safe_title', 'Veilig en discreet')
    }
  })

  it('shows a reloaded tenant file at once: replacing the tenants empties the cache', async () => {
    const registry = app.services.tenants
    const original = registry.all
    expect((await get('/')).headers['x-cache']).toBe('miss')
    expect((await get('/')).headers['x-cache']).toBe('hit')
    try {
      registry.replace(original.map((t) => (t.id === 'datingstad' ? { ...t, name: 'Datingstad Vernieuwd' } : t)))
      const after = await get('/')
      expect(after.headers['x-cache']).toBe('miss')
      expect(after.body).toContain('Datingstad Vernieuwd')
    } finally {
      registry.replace(original)
    }
  })

  it('renders concurrent misses of one page once', async () => {
    let release = () => {}
    gate = new Promise((r) => (release = r))
    const all = Promise.all([get('/'), get('/'), get('/')])
    while (renders < 1) await new Promise((r) => setImmediate(r))
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
    release()
    const answers = await all
    expect(renders).toBe(1)
    expect(answers.map((a) => a.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'miss'])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
  })

  it('shares 404 pages but no other error and no page outside the list', async () => {
    const missing = await get('/no-such-page')
    expect(missing.statusCode).toBe(404)
    const again = await get('/no-such-page')
    expect(again.statusCode).toBe(404)
    expect(again.headers['x-cache']).toBe('hit')
    expect(again.headers.etag).toBeUndefined()
    for (const url of ['/boom', '/login']) {
      await get(url)
      const second = await get(url)
      expect(second.headers['x-cache']).toBe('miss')
      expect(second.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL)
    }
    // Not GET or HEAD: never from the cache.
    await get('/')
    const post = await app.inject({ method: 'POST', url: '/', headers: { host: 'datingstad.nl' } })
    expect(post.headers['x-cache']).not.toBe('hit')
  })
})

describe('page cache key', () => {
  const request = (over: Partial<{ url: string; method: string; headers: Record<string, string>; country: string; account: unknown }> = {}) =>
    ({
      method: over.method ?? 'GET',
      url: over.url ?? '/',
      headers: { host: 'datingstad.nl', ...over.headers },
      ctx: { tenant: { id: 'datingstad' }, lng: 'nl', country: over.country, account: over.account },
    }) as unknown as FastifyRequest

  it('differs by visitor country, host, build, first language tag and exact URL', () => {
    const base = pageCacheKey(request(), 'b1')
    expect(base).toBeDefined()
    const others = [
      pageCacheKey(request({ country: 'BE' }), 'b1'),
      pageCacheKey(request({ headers: { host: 'www.datingstad.nl' } }), 'b1'),
      pageCacheKey(request(), 'b2'),
      pageCacheKey(request({ headers: { 'accept-language': 'en-US,en' } }), 'b1'),
      pageCacheKey(request({ url: '/?' }), 'b1'),
      pageCacheKey(request({ url: '/pages/terms' }), 'b1'),
    ]
    expect(new Set([base, ...others]).size).toBe(7)
  })

  it('is undefined for members, other methods, cookies, credentials, odd languages and unknown parameters', () => {
    expect(pageCacheKey(request({ account: { id: 1 } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ method: 'POST' }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { cookie: 'sid=x' } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { cookie: 'lang=nl; other=1' } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { cookie: 'garbage' } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { authorization: 'Basic eDp5' } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { 'accept-language': '<script>' } }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ url: '/?utm_source=x' }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ url: '/api/settings.php' }), 'b')).toBeUndefined()
    expect(pageCacheKey(request({ headers: { cookie: 'lang=de' } }), 'b')).toBeDefined()
  })
})

describe('page cache store', () => {
  const page = (body: string): RenderedPage => ({ statusCode: 200, headers: [['Content-Type', 'text/html'], ['Set-Cookie', 'x=1']], body, pageId: '/pages/index' })

  it('evicts the least recently used entries beyond its bytes, and expires entries after their time', () => {
    // lru-cache counts a start time of 0 as none (never stale): the clock starts later, as performance.now() does.
    let now = 1_000
    const cache = createPageCache({ maxBytes: 4000, ttlMs: 60_000, now: () => now })
    const body = 'x'.repeat(400)
    for (const key of ['a', 'b', 'c']) cache.internal.store(key, page(body), 'n', 0)
    expect(cache.get('a')).toBeDefined() // a is now the most recently used
    for (let i = 0; i < 7; i++) cache.internal.store(`k${i}`, page(body), 'n', 0)
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.internal.store('big', page('y'.repeat(600)), 'n', 0)).toBeUndefined() // over an eighth of the budget
    expect(cache.get('k6')?.headers).toEqual([['Content-Type', 'text/html']])
    // A compressed copy made later grows the entry but does not lengthen its life.
    now = 30_000
    cache.internal.encode('k6', cache.get('k6')!, 'gzip')
    now = 61_000
    expect(cache.get('k6')).toBeDefined()
    now = 61_001
    expect(cache.get('k6')).toBeUndefined()
    expect(cache.stats().entries).toBeLessThan(10)
  })

  it('counts compressed copies in its bytes and makes each once', () => {
    const cache = createPageCache({ maxBytes: 1_000_000 })
    const entry = cache.internal.store('a', page('<p>hello</p>'.repeat(200)), 'n', 0)!
    const before = cache.stats().bytes
    const br = cache.internal.encode('a', entry, 'br')
    expect(cache.internal.encode('a', entry, 'br')).toBe(br)
    expect(cache.stats().bytes).toBe(before + br.length)
    // A copy of an entry that is no longer the key's (replaced meanwhile) is not counted.
    const next = cache.internal.store('a', page('<p>hi</p>'.repeat(300)), 'n', 0)!
    const replaced = cache.stats().bytes
    cache.internal.encode('a', entry, 'gzip')
    expect(cache.stats().bytes).toBe(replaced)
    expect(cache.get('a')).toBe(next)
  })
})
