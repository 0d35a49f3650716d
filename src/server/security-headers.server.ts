// Browser hardening of every answer (decision 018): helmet with a strict Content-Security-Policy whose script and
// style elements need this response's nonce, X-Content-Type-Options, frame-ancestors 'none' and X-Frame-Options
// DENY, Referrer-Policy, and HSTS when the public address is https. helmet's middlewares are built once and run in
// an onRequest hook: @fastify/helmet builds them again for every answer, and with it every request's objects
// outlived their request by a garbage collection or more (decision 042, sixteenth addendum).
import crypto from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import helmet from 'helmet'
import type { Config } from './config.server'
import type { Tenant } from '../shared/tenant-schema'

const NONCE = Symbol('cspNonce')
type WithNonce = ServerResponse & { [NONCE]?: string }

/** The nonce of this response's policy: Vike's scripts and Emotion's style elements carry it. */
export function cspNonce(reply: FastifyReply): string {
  const res = reply.raw as WithNonce
  return (res[NONCE] ??= crypto.randomBytes(16).toString('base64url'))
}

const originOf = (url: string): string | undefined => {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

/** Where images may come from besides this host: the tenants' CDNs and, with a GIPHY key, GIPHY's image hosts. */
export function imageSources(config: Pick<Config, 'giphyApiKey' | 'giphyApiUrl'>, tenants: Tenant[]): string[] {
  const sources = new Set<string>()
  for (const t of tenants) {
    const cdn = originOf(t.cdn_prefix)
    if (cdn) sources.add(cdn)
  }
  if (config.giphyApiKey) {
    // GIPHY serves its images from media0..4.giphy.com and i.giphy.com; a self-hosted or fake API serves its own.
    sources.add('https://*.giphy.com')
    const api = originOf(config.giphyApiUrl)
    if (api) sources.add(api)
  }
  return [...sources]
}

/** A value made from the running tenants, made again only when they were reloaded (docs/decisions/027). */
function perTenants(tenants: () => Tenant[], make: (running: Tenant[]) => string): () => string {
  let made: { tenants: Tenant[]; value: string } | undefined
  return () => {
    const running = tenants()
    if (made?.tenants !== running) made = { tenants: running, value: make(running) }
    return made.value
  }
}

/** tenants() gives the running tenants: read per answer, so a reload of the tenant files (docs/decisions/027) counts. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, tenants: () => Tenant[]) {
  const images = perTenants(tenants, (running) => imageSources(config, running).join(' ') || "'self'")
  const nonce = (_req: unknown, res: ServerResponse) => `'nonce-${(res as WithNonce)[NONCE] ??= crypto.randomBytes(16).toString('base64url')}'`
  // helmet's middlewares (the policy's among them) are built once here and run for every answer: building them again
  // per answer parsed the policy's directives each time, a visible part of a chat send's CPU (bench/chat, decision
  // 044), and kept each request's objects past it (decision 042, sixteenth addendum). The nonce is still made per
  // answer (a JSON answer's policy carries one too).
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline': Vike's inline scripts carry the nonce, everything else is a file of this host.
        scriptSrc: ["'self'", nonce],
        // Emotion's <style> elements (server-rendered and inserted in the browser) carry the nonce. Style
        // attributes (React's style prop in server HTML) cannot run script; they are allowed, elements are not.
        styleSrc: ["'self'", nonce],
        styleSrcElem: ["'self'", nonce],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', images],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The live socket is this host (ws: and wss: are 'self' in CSP level 3).
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Same-site: media of one brand may be shown by a sibling subdomain or a CDN in front of it.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is https: on local http it would only confuse.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: false } : false,
  })
  app.addHook('onRequest', (req, reply, done) => {
    headers(req.raw, reply.raw, done as (err?: unknown) => void)
  })
  registerLanderFraming(app, config, tenants)
}

/**
 * The marketers' gallery (/admin/landers, decision 029) shows the landers live in frames on each tenant's own
 * host. Only the landers may be framed, and only by the network's own sites (each tenant's public address, and
 * *.localhost for local preview); only the gallery may frame, and only those. Every other page keeps
 * frame-ancestors 'none' and X-Frame-Options DENY.
 */
export function landerFrameSources(config: Pick<Config, 'publicUrl'>, tenants: Tenant[]): string[] {
  const origins = new Set<string>()
  for (const t of tenants) {
    for (const d of t.domains) {
      const origin = originOf(config.publicUrl.replace('{domain}', d).replace('{id}', t.id))
      if (origin) origins.add(origin)
    }
  }
  origins.add('http://*.localhost:*')
  return [...origins]
}

function registerLanderFraming(app: FastifyInstance, config: Config, tenants: () => Tenant[]) {
  const frameSources = perTenants(tenants, (running) => landerFrameSources(config, running).join(' '))
  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.url.split('?')[0]
    const isLander = path.startsWith('/landers/')
    const isGallery = path === '/admin/landers' || path.startsWith('/admin/landers/')
    if (!isLander && !isGallery) return payload
    const csp = reply.getHeader('content-security-policy')
    if (typeof csp !== 'string') return payload
    const sources = frameSources()
    if (isLander) {
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${sources}`))
      reply.removeHeader('x-frame-options')
    } else {
      reply.header('content-security-policy', csp.replace("frame-src 'none'", `frame-src ${sources}`))
    }
    return payload
  })
}
