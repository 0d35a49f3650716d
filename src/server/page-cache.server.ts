// The rendered-HTML cache of anonymous pages (issue 15, docs/decisions/033): documents that hold nothing personal
// (landing page, landers, info pages, member landings, the logged-out search page, 404 pages) are rendered once per
// key and time limit and then served from memory, compressed once per entry, with an ETag and a Cache-Control a
// CDN may honour. Anything that could make markup personal or tracked (a session or any cookie but the language
// cookie, a query parameter outside the allow-list, a Set-Cookie, a status other than 200 and 404) bypasses it.
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { LANGUAGE_COOKIE } from '../shared/locales'
import { cspNonce } from './security-headers.server'
import { compressHtml } from './compress-html.server'
import { hostName } from './tenants.server'
import { TRACKING_FIELDS } from '../shared/tracking'
import { FIRST_TOUCH_COOKIE } from '../features/tracking/first-touch.server'

/** How long an entry is served (the same as s-maxage below). */
export const PAGE_CACHE_TTL_MS = 60_000
/** Cached pages: browsers revalidate every time (ETag), a CDN may hold them a minute and serve stale a while longer. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** Every other page: possibly personal, kept by nobody. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'
/**
 * What a cached page depends on among the request headers: the encoding, the language (Accept-Language and the
 * language cookie) and the cookies (any other cookie bypasses the cache). The visitor's country cannot be named in
 * Vary: a CDN in front must add it to its cache key itself (docs/decisions/033).
 */
export const SHARED_VARY = 'Accept-Encoding, Accept-Language, Cookie'

/**
 * Query parameters that change a cacheable page. Empty: no cacheable page reads its query. The tracking parameters
 * are not among them: they are taken out of the key and of the address the page is rendered from (below). Any other
 * parameter sends the request past the cache.
 */
export const PAGE_QUERY_ALLOW_LIST: ReadonlySet<string> = new Set<string>()

/**
 * Tracking parameters (network, ref, sub1-3, clickid): not part of the key, never in the address a shared page is
 * rendered from. What needs them reads them elsewhere: the first-touch cookie is set by the request hook
 * (captureFirstTouch) as a header of the response, never stored; the browser's copy reads location.search.
 */
const TRACKING_PARAMS: ReadonlySet<string> = new Set<string>(TRACKING_FIELDS)
/** Cookies a shared page may come with: the language (part of the key) and the first touch (read by no shared page but those below). */
const SHAREABLE_COOKIES: ReadonlySet<string> = new Set([LANGUAGE_COOKIE, FIRST_TOUCH_COOKIE])
/**
 * Cacheable pages whose markup depends on the visitor's tracking: the logged-out search shows results only with a
 * traffic source (logged_out_search_trafficsource). A tracked request (parameters or first-touch cookie) for one of
 * them is rendered for itself and never stored; its untracked entry is never served to it.
 */
const TRACKING_PAGE_IDS: ReadonlySet<string> = new Set(['/pages/members-search'])

/** Vike page ids of the documents that hold nothing personal for a visitor. */
const CACHEABLE_PAGE_IDS = new Set(['/pages/index', '/pages/member-landing', '/pages/members-search', '/pages/pages/@token', '/pages/_error'])
const CACHEABLE_PAGE_PREFIXES = ['/pages/landers/']

/** Whether a rendered page of this id and status may be shared: one of the pages above, answering 200 or 404. */
export function isCacheablePage(pageId: string | null | undefined, statusCode: number): boolean {
  if (statusCode !== 200 && statusCode !== 404) return false
  if (!pageId) return false
  return CACHEABLE_PAGE_IDS.has(pageId) || CACHEABLE_PAGE_PREFIXES.some((p) => pageId.startsWith(p))
}

/** What the renderer made of a request. */
export interface RenderedPage {
  statusCode: number
  headers: ReadonlyArray<readonly [string, string]>
  body: string
  /** The Vike page id (pageContext.pageId); undefined or null when no page rendered. */
  pageId?: string | null
}

type Encoding = 'gzip' | 'br'

export interface PageCacheEntry {
  statusCode: number
  /** The page it holds (Vike page id): pages that read tracking are not served to tracked requests. */
  pageId: string | null

  /** The renderer's headers without Content-Security-Policy, Cache-Control, Vary and Set-Cookie. */
  headers: [string, string][]
  body: string
  /** The CSP nonce the body's scripts and styles carry: a hit's policy names this one. */
  nonce: string
  /** Hash of the body: the strong ETag of each representation (an encoding suffix for the compressed ones). */
  hash: string
  encoded: Partial<Record<Encoding, Buffer>>
  /** What the entry takes: the body, the key and the compressed copies made so far. */
  bytes: number
}

export interface PageCacheStats {
  hits: number
  misses: number
  bypasses: number
  entries: number
  bytes: number
}

export interface PageCache {
  /** False when PAGE_CACHE_MB is 0: every request renders. */
  readonly enabled: boolean
  /** A live entry, made most recently used; undefined when absent or expired. */
  get(key: string): PageCacheEntry | undefined
  /** Drops every entry, and every render that started before, so a changed tenant or catalogue shows at once. */
  clear(): void
  stats(): PageCacheStats
  /** @internal for servePage */
  readonly internal: CacheInternals
}

interface CacheInternals {
  generation: number
  inflight: Map<string, Promise<PageCacheEntry | undefined>>
  store(key: string, page: RenderedPage, nonce: string, generation: number): PageCacheEntry | undefined
  /** The body compressed once, kept with the entry (and counted in its size while it is the key's entry). */
  encode(key: string, entry: PageCacheEntry, encoding: Encoding): Buffer
  /** Drops the entry of a key if it is still this one. */
  forget(key: string, entry: PageCacheEntry): void
  count(outcome: 'hits' | 'misses' | 'bypasses'): void
}

/** Headers that the cache sets itself, or that make a response uncacheable. */
const OWN_HEADERS = new Set(['content-security-policy', 'cache-control', 'vary', 'set-cookie', 'etag', 'content-length', 'content-encoding'])

const BROTLI_PARAMS = (size: number) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
})

/**
 * An LRU of entries bounded by bytes (bodies and their compressed copies), each living PAGE_CACHE_TTL_MS (lru-cache,
 * decision 051). maxBytes 0: nothing is kept.
 */
export function createPageCache(opts: { maxBytes: number; ttlMs?: number; now?: () => number }): PageCache {
  const now = opts.now ?? (() => performance.now())
  // ttlResolution 0: the clock is read at every get, so an injected clock (tests) counts at once.
  // Each entry sits in a box of its own: lru-cache counts a value's size when it is set, and setting the same value
  // again changes nothing, so an entry that grows (a compressed copy) is set again in a new box.
  const entries = opts.maxBytes > 0
    ? new LRUCache<string, { entry: PageCacheEntry }>({ maxSize: opts.maxBytes, sizeCalculation: (box) => box.entry.bytes, ttl: opts.ttlMs ?? PAGE_CACHE_TTL_MS, ttlResolution: 0, perf: { now } })
    : undefined
  const counters = { hits: 0, misses: 0, bypasses: 0 }

  const internal: CacheInternals = {
    generation: 0,
    inflight: new Map(),
    store(key, page, nonce, generation) {
      // A render that began before clear() may hold the old tenant or catalogue: served once, never kept.
      if (!entries || generation !== internal.generation) return undefined
      const body = page.body
      const size = Buffer.byteLength(body)
      // One entry may take an eighth of the budget at most (its compressed copies come on top).
      if (size * 8 > opts.maxBytes) return undefined
      const entry: PageCacheEntry = {
        statusCode: page.statusCode,
        pageId: page.pageId ?? null,
        headers: page.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())).map(([n, v]) => [n, v]),
        body,
        nonce,
        hash: crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32),
        encoded: {},
        bytes: size + key.length,
      }
      entries.set(key, { entry })
      return entry
    },
    encode(key, entry, encoding) {
      const done = entry.encoded[encoding]
      if (done) return done
      // Once per entry and encoding, at qualities a page cannot afford per request: brotli 5 is ~7% smaller than gzip.
      const made = encoding === 'br' ? zlib.brotliCompressSync(entry.body, { params: BROTLI_PARAMS(entry.body.length) }) : zlib.gzipSync(entry.body, { level: 6 })
      entry.encoded[encoding] = made
      entry.bytes += made.length
      // Still the cached entry (not replaced or evicted meanwhile): set again, it is counted at its new size and
      // keeps the time it has left.
      if (entries?.peek(key)?.entry === entry) entries.set(key, { entry }, { noUpdateTTL: true })
      return made
    },
    forget(key, entry) {
      if (entries?.peek(key)?.entry === entry) entries.delete(key)
    },
    count(outcome) {
      counters[outcome]++
    },
  }

  return {
    enabled: entries !== undefined,
    get: (key) => entries?.get(key)?.entry,
    clear() {
      entries?.clear()
      internal.generation++
      internal.inflight.clear()
    },
    stats: () => ({ ...counters, entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0 }),
    internal,
  }
}

const LANGUAGE_TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/

/** A request's place in the cache: the key, the address a shared page is rendered from, and whether it is tracked. */
export interface PageCacheTarget {
  key: string
  /** The request's URL without its tracking parameters: what the page is rendered from and keyed by. */
  url: string
  /** Tracking parameters or a first-touch cookie came with it (pages that read tracking render it for itself). */
  tracked: boolean
}

/**
 * Where a request stands in the cache, or undefined when it must be rendered for itself: not GET or HEAD, a member,
 * an Authorization header, any cookie but the language and first-touch cookies, a query parameter outside the
 * allow-list and the tracking parameters, an odd Accept-Language. The key holds everything a cacheable page's markup
 * depends on: the build, tenant and host, the chosen language and the first Accept-Language tag (the info pages pick
 * US English by it), the visitor's country (GeoIP) and the path and query without tracking parameters.
 */
export function pageCacheTarget(req: FastifyRequest, buildId: string): PageCacheTarget | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined
  const ctx = req.ctx
  if (!ctx || ctx.account) return undefined
  if (req.headers.authorization !== undefined) return undefined
  let tracked = false
  const cookie = req.headers.cookie
  if (cookie !== undefined) {
    // Any other cookie (a session, a stale session, anything unknown) makes the request personal.
    for (const part of cookie.split(';')) {
      if (part.trim() === '') continue
      const eq = part.indexOf('=')
      const name = eq < 0 ? '' : part.slice(0, eq).trim()
      if (!SHAREABLE_COOKIES.has(name)) return undefined
      if (name === FIRST_TOUCH_COOKIE) tracked = true
    }
  }
  let url = req.url
  if (url.length > 2048 || url.startsWith('/api/')) return undefined
  const q = url.indexOf('?')
  if (q >= 0) {
    const params = new URLSearchParams(url.slice(q + 1))
    for (const name of params.keys()) if (!PAGE_QUERY_ALLOW_LIST.has(name) && !TRACKING_PARAMS.has(name)) return undefined
    const kept = url
      .slice(q + 1)
      .split('&')
      .filter((pair) => {
        const name = pair.split('=')[0]
        let decoded = name
        try {
          decoded = decodeURIComponent(name.replace(/\+/g, ' '))
        } catch {
          return true
        }
        return !TRACKING_PARAMS.has(decoded)
      })
    if (kept.length < url.slice(q + 1).split('&').length) {
      tracked = true
      // The query as sent minus the tracking pairs; no query at all when nothing else was in it.
      url = kept.length > 0 ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q)
    }
  }
  const first = String(req.headers['accept-language'] ?? '').split(',')[0].split(';')[0].trim().toLowerCase()
  if (first.length > 35 || (first !== '' && first !== '*' && !LANGUAGE_TAG.test(first))) return undefined
  const host = hostName(req.headers.host)
  if (!host) return undefined
  return { key: JSON.stringify([buildId, ctx.tenant.id, host, ctx.lng, first, ctx.country ?? '', url]), url, tracked }
}

/** The cache key of a request (pageCacheTarget's), or undefined when the request must be rendered for itself. */
export function pageCacheKey(req: FastifyRequest, buildId: string): string | undefined {
  return pageCacheTarget(req, buildId)?.key
}

/** Whether an If-None-Match header names this body (any representation of it; * matches anything). */
function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '')
    if (tag === '*') return true
    const value = tag.replace(/^"|"$/g, '')
    return value === hash || value === `${hash}-gzip` || value === `${hash}-br`
  })
}

function acceptsEncoding(acceptEncoding: string, name: Encoding): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';')
    if (token.trim().toLowerCase() !== name) return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

/** This response's CSP with the entry's nonce instead of the response's own. */
function policyWithEntryNonce(reply: FastifyReply, nonce: string) {
  const own = cspNonce(reply)
  if (own === nonce) return
  const policy = reply.getHeader('content-security-policy')
  if (typeof policy !== 'string') return
  reply.raw.removeHeader('content-security-policy')
  reply.header('content-security-policy', policy.replaceAll(`'nonce-${own}'`, `'nonce-${nonce}'`))
}

/** Responses sent from an entry, for the onSend check below; stored: this response's render made the entry. */
const sharedResponses = new WeakMap<FastifyReply, { cache: PageCache; key: string; entry: PageCacheEntry; stored: boolean }>()

/** The names of the cookies a Set-Cookie header (one or several) sets. */
function cookieNames(header: unknown): string[] {
  const lines = Array.isArray(header) ? header.map(String) : [String(header)]
  return lines.map((line) => line.split(';')[0].split('=')[0].trim())
}

/**
 * onSend hook (registered in app.server.ts after @fastify/cookie, whose own onSend writes the cookies set with
 * reply.setCookie): a shared response that ends up setting a cookie is made personal, so no cache in front keeps
 * the cookie. The first-touch cookie is the tracked visitor's own header on a shared page (captureFirstTouch sets it
 * before the page is looked up; the page never sees it): the entry stays. Any other cookie (a hook elsewhere set
 * one) also drops the entry its render made: the markup never held the cookie, but whatever set it may have
 * treated the request as someone's.
 */
export async function keepCookiesOutOfSharedCaches(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const shared = sharedResponses.get(reply)
  if (!shared || !reply.hasHeader('set-cookie')) return payload
  const onlyFirstTouch = cookieNames(reply.getHeader('set-cookie')).every((name) => name === FIRST_TOUCH_COOKIE)
  if (shared.stored && !onlyFirstTouch) shared.cache.internal.forget(shared.key, shared.entry)
  reply.header('Cache-Control', PERSONAL_CACHE_CONTROL).header('Vary', 'Accept-Encoding, Cookie').removeHeader('etag')
  return payload
}

function sendEntry(req: FastifyRequest, reply: FastifyReply, cache: PageCache, entry: PageCacheEntry, outcome: 'hit' | 'miss', key: string) {
  sharedResponses.set(reply, { cache, key, entry, stored: outcome === 'miss' })
  // Scripts and styles of the body carry the entry's nonce; the policy (also of a 304, which browsers merge into
  // their stored response) must name it.
  policyWithEntryNonce(reply, entry.nonce)
  reply.header('Cache-Control', SHARED_CACHE_CONTROL).header('Vary', SHARED_VARY).header('X-Cache', outcome)
  const acceptEncoding = String(req.headers['accept-encoding'] ?? '')
  const encoding: Encoding | undefined = entry.body.length < 1024 ? undefined : acceptsEncoding(acceptEncoding, 'br') ? 'br' : acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : undefined
  // Validators only for 200: a 404 answers every precondition with itself.
  if (entry.statusCode === 200) {
    reply.header('ETag', `"${entry.hash}${encoding ? `-${encoding}` : ''}"`)
    if (matches(req.headers['if-none-match'], entry.hash)) return reply.code(304).send()
  }
  for (const [name, value] of entry.headers) reply.header(name, value)
  if (!encoding) return reply.code(entry.statusCode).send(entry.body)
  return reply.code(entry.statusCode).header('Content-Encoding', encoding).send(cache.internal.encode(key, entry, encoding))
}

/** A response rendered for this request alone (personal, or not cacheable): compressed per request, stored by nobody. */
async function sendRendered(req: FastifyRequest, reply: FastifyReply, page: RenderedPage, outcome: 'bypass' | 'miss' | undefined) {
  // Helmet's policy stays: Vike would replace it with a script-src-only one.
  for (const [name, value] of page.headers) if (name.toLowerCase() !== 'content-security-policy') reply.header(name, value)
  reply.header('Cache-Control', PERSONAL_CACHE_CONTROL).header('Vary', 'Accept-Encoding, Cookie')
  if (outcome) reply.header('X-Cache', outcome)
  const encoded = await compressHtml(page.body, String(req.headers['accept-encoding'] ?? ''))
  if (encoded) reply.header('Content-Encoding', encoded.encoding)
  return reply.code(page.statusCode).send(encoded ? encoded.body : page.body)
}

/** Whether what was rendered for a cacheable request may be shared. */
function shareable(page: RenderedPage, reply: FastifyReply): boolean {
  if (!isCacheablePage(page.pageId, page.statusCode)) return false
  if (reply.hasHeader('set-cookie')) return false
  let html = false
  for (const [name, value] of page.headers) {
    const n = name.toLowerCase()
    if (n === 'set-cookie') return false
    if (n === 'content-type' && value.toLowerCase().startsWith('text/html')) html = true
  }
  return html
}

/**
 * Answers a page request: from the cache when the request and the page allow it, else rendered (and stored when
 * shareable). Concurrent misses of one key wait for the first render instead of rendering the same page again.
 * `render` renders for this request with this response's CSP nonce (cspNonce(reply)).
 */
export async function servePage(req: FastifyRequest, reply: FastifyReply, opts: { cache: PageCache | undefined; buildId: string; render: (url: string) => Promise<RenderedPage> }) {
  const { cache } = opts
  const target = cache?.enabled ? pageCacheTarget(req, opts.buildId) : undefined
  if (!cache || target === undefined) {
    cache?.internal.count('bypasses')
    return sendRendered(req, reply, await opts.render(req.url), cache?.enabled ? 'bypass' : undefined)
  }
  const { key, tracked } = target
  // A tracked request for a page that reads tracking: its own render, from its own address.
  const servable = (entry: PageCacheEntry | undefined) => entry && !(tracked && entry.pageId && TRACKING_PAGE_IDS.has(entry.pageId))
  const ownRender = async () => sendRendered(req, reply, await opts.render(req.url), 'miss')
  const hit = cache.get(key)
  if (hit) {
    if (!servable(hit)) {
      cache.internal.count('misses')
      return ownRender()
    }
    cache.internal.count('hits')
    return sendEntry(req, reply, cache, hit, 'hit', key)
  }
  const pending = cache.internal.inflight.get(key)
  if (pending) {
    const entry = await pending
    if (entry && servable(entry)) {
      cache.internal.count('hits')
      return sendEntry(req, reply, cache, entry, 'hit', key)
    }
  }
  cache.internal.count('misses')
  const generation = cache.internal.generation
  let settle: (entry: PageCacheEntry | undefined) => void = () => {}
  const mine = pending ? undefined : new Promise<PageCacheEntry | undefined>((resolve) => (settle = resolve))
  if (mine) cache.internal.inflight.set(key, mine)
  let entry: PageCacheEntry | undefined
  try {
    // Rendered from the address without tracking parameters: nothing of them can reach the markup.
    const page = await opts.render(target.url)
    const readsTracking = Boolean(page.pageId && TRACKING_PAGE_IDS.has(page.pageId))
    // A tracked render of a page that reads tracking saw the first-touch cookie, or lacked the parameters: never kept.
    const keep = !(tracked && readsTracking && hasCookie(req.headers.cookie, FIRST_TOUCH_COOKIE))
    entry = keep && shareable(page, reply) ? cache.internal.store(key, page, cspNonce(reply), generation) : undefined
    if (tracked && readsTracking) {
      if (req.url === target.url) return sendRendered(req, reply, page, 'miss')
      return ownRender()
    }
    if (!entry) return sendRendered(req, reply, page, 'miss')
    return sendEntry(req, reply, cache, entry, 'miss', key)
  } finally {
    if (mine) {
      if (cache.internal.inflight.get(key) === mine) cache.internal.inflight.delete(key)
      settle(entry)
    }
  }
}

function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((part) => part.split('=')[0].trim() === name)
}
