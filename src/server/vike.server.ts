// Hands page requests to Vike with the tenant, session and i18n of the request.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { renderPage } from 'vike/server'
import type { Services } from './context.server'
import { pick } from '../features/settings/settings.server'
import { publicTenant } from './public-tenant.server'
import { servePage, type RenderedPage } from './page-cache.server'
import { presentUser } from '../features/accounts/sessions.server'
import { cspNonce } from './security-headers.server'

// Texts of our own catalogues (no markup in them), in the language of the request.
const FALLBACK_HTML = (message: string, home: string, lng: string) =>
  `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem"><h1>${message}</h1><p><a href="/">${home}</a></p></body></html>`

/**
 * A GET of our own API as the visitor who asked for the page (same host, cookie and language), answered in
 * process. +data hooks use it so the first paint carries exactly what the page would fetch: the same
 * presenters and visibility rules, no second copy of them for pages.
 */
function apiGetAs(app: FastifyInstance | undefined, req: FastifyRequest) {
  return async (url: string): Promise<{ status: number; body: unknown }> => {
    if (!app || !url.startsWith('/api/')) throw new Error(`not an API path: ${url}`)
    const headers: Record<string, string> = { host: String(req.headers.host ?? ''), accept: 'application/json' }
    for (const name of ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'] as const) {
      const value = req.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: req.ip })
    let body: unknown = null
    try {
      body = res.json()
    } catch {
      body = null
    }
    return { status: res.statusCode, body }
  }
}

export async function pageContextInit(services: Services, req: FastifyRequest, app?: FastifyInstance) {
  const ctx = req.ctx
  const { tenant, lng } = ctx
  return {
    urlOriginal: req.url,
    headersOriginal: req.headers,
    tenant: publicTenant(services, ctx),
    user: ctx.account ? await presentUser(services.database.db, ctx.account, tenant.cdn_prefix) : null,
    lng,
    i18nBundleUrl: services.i18n.bundleUrl(lng),
    i18nServer: ctx.i18n,
    services: {
      api: apiGetAs(app, req),
      extraPage(token: string) {
        const page = tenant.extra_pages[token]
        return page ? { title: pick(page.title, lng, tenant.default_locale), body: pick(page.body, lng, tenant.default_locale) } : undefined
      },
    },
  }
}

/**
 * What makes one production build unlike another: a hash of Vike's asset manifest, the page bundle and the
 * server bundle, read once at start. Part of every page cache key.
 */
export function productionBuildId(root: string): string {
  const hash = crypto.createHash('sha256')
  const add = (file: string) => {
    if (!fs.existsSync(file)) return
    const st = fs.statSync(file)
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(file).sort()) add(path.join(file, name))
    } else if (/\.(json|mjs|js)$/.test(file)) {
      hash.update(file).update(fs.readFileSync(file))
    }
  }
  for (const part of ['dist/assets.json', 'dist/server', 'dist/node/main.mjs']) add(path.join(root, part))
  return hash.digest('base64url').slice(0, 16)
}

export function vikePages(opts: { dev: boolean; root?: string }) {
  return async (app: FastifyInstance) => {
    const root = opts.root ?? process.cwd()
    if (opts.dev) {
      const { default: middie } = await import('@fastify/middie')
      const { createDevMiddleware } = await import('vike/server')
      await app.register(middie)
      const { devMiddleware } = await createDevMiddleware({ root })
      app.use(devMiddleware)
    } else {
      await app.register(fastifyStatic, {
        root: path.join(root, 'dist/client/assets'),
        prefix: '/assets/',
        decorateReply: false,
        maxAge: '365d',
        immutable: true,
      })
    }

    // Development renders every request: the code under the pages changes without a new build.
    const cache = opts.dev ? undefined : app.services.pageCache
    const buildId = opts.dev ? 'dev' : productionBuildId(root)
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.ctx || req.url.startsWith('/api/')) return reply.callNotFound()
      return servePage(req, reply, {
        cache,
        buildId,
        render: async (): Promise<RenderedPage> => {
          // The response's CSP nonce (security-headers.server.ts): Vike puts it on its scripts, Emotion on its styles.
          const pageContext = await renderPage({ ...(await pageContextInit(app.services, req, app)), cspNonce: cspNonce(reply) })
          const res = pageContext.httpResponse
          // Even the error page could not be rendered.
          if (!res) return { statusCode: 500, headers: [['Content-Type', 'text/html; charset=utf-8']], body: FALLBACK_HTML(req.ctx.t('errors.error_page_failed'), req.ctx.t('errors.home_link'), req.ctx.lng) }
          return { statusCode: res.statusCode, headers: res.headers, body: res.body, pageId: pageContext.pageId }
        },
      })
    }
    // Pages compress themselves (below): synchronous compression of one string is several times cheaper per
    // request than the plugin's streams (bench/ssr).
    app.get('/*', { compress: false }, handler)
  }
}
