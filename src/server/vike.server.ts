// Hands page requests to Vike with the tenant, session and i18n of the request.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { renderPage } from 'vike/server'
import type { Services } from './context.server'
import { pick } from '../features/settings/settings.server'
import { publicTenant, publicTenantJson } from './public-tenant.server'
import { servePage, type RenderedPage } from './page-cache.server'
import { presentSessionUser } from '../features/accounts/sessions.server'
import { sessionCookieOptions } from '../features/accounts/user-routes.server'
import { BAN_PAGE } from '../shared/next-path'
import { cspNonce } from './security-headers.server'
import { callInProcess } from './endpoint.server'
import { deferHydration, defersHydration } from './deferred-hydration.server'
import { pageFormPosts } from './page-form-posts.server'

// Texts of our own catalogues (no markup in them), in the language of the request.
const FALLBACK_HTML = (message: string, home: string, lng: string) =>
  `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem"><h1>${message}</h1><p><a href="/">${home}</a></p></body></html>`

/** url: the address to render, req.url or (for a page cache entry) req.url without its tracking parameters. */
export async function pageContextInit(services: Services, req: FastifyRequest, url = req.url) {
  const ctx = req.ctx
  const { tenant, lng } = ctx
  const shown = publicTenant(services, ctx)
  return {
    urlOriginal: url,
    headersOriginal: req.headers,
    tenant: shown,
    tenantJson: publicTenantJson(shown),
    user: ctx.account ? await presentSessionUser(services.database.db, ctx.account, tenant.cdn_prefix) : null,
    lng,
    i18nBundleUrl: services.i18n.bundleUrl(lng),
    i18nServer: ctx.i18n,
    fragmentStore: services.fragmentCache,
    services: {
      // +data hooks call the endpoints' handlers in process with this request's context (decision 026).
      call: (def: Parameters<typeof callInProcess>[2], input: Parameters<typeof callInProcess>[3]) => callInProcess(services, req, def, input),
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
      // This build's own server entry, loaded before the first page: it hands Vike the build (pages, assets manifest)
      // directly. Otherwise Vike finds the build through a file it writes into node_modules at build time, which names
      // whichever checkout built last where several share one node_modules (worktrees).
      await import(pathToFileURL(path.join(root, 'dist/server/entry.mjs')).href)
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
      // A banned member's browser (a reload, a new visit, the open tab sent here): the refused session's cookie goes,
      // and a page is the ban page, where the member reads why and how to object (decision 028, addendum). Client
      // navigation's pageContext.json is left alone: its page answers the same once the cookie is gone.
      if (req.ctx.sessionBanned && !req.url.includes('.pageContext.json')) {
        reply.clearCookie(app.services.config.sessionCookie, sessionCookieOptions(app.services.config))
        if (req.url.split('?')[0] !== BAN_PAGE) return reply.redirect(BAN_PAGE, 303)
      }
      return servePage(req, reply, {
        cache,
        buildId,
        render: async (url): Promise<RenderedPage> => {
          // The response's CSP nonce (security-headers.server.ts): Vike puts it on its scripts, Emotion on its styles.
          const pageContext = await renderPage({ ...(await pageContextInit(app.services, req, url)), cspNonce: cspNonce(reply) })
          const res = pageContext.httpResponse
          // Even the error page could not be rendered.
          if (!res) return { statusCode: 500, headers: [['Content-Type', 'text/html; charset=utf-8']], body: FALLBACK_HTML(req.ctx.t('errors.error_page_failed'), req.ctx.t('errors.home_link'), req.ctx.lng) }
          // A page that renders its own "not found" (the conversation page keeps the chat around it) says so in its
          // data; the document answers with that status, its pageContext.json for client navigation stays 200.
          const asked = (pageContext.data as { httpStatus?: unknown } | undefined)?.httpStatus
          const isHtml = res.headers.some(([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html'))
          const statusCode = res.statusCode === 200 && typeof asked === 'number' && isHtml ? asked : res.statusCode
          // A page paints before its JavaScript is fetched (deferred-hydration.server.ts, decision 041 addenda 2 and 3).
          // A visitor's landing page or lander runs its JavaScript once the visitor acts (decision 052).
          const untilIntent = !req.ctx.account && pageContext.config?.hydration === 'intent'
          const body = isHtml && defersHydration(Boolean(req.ctx.account)) ? deferHydration(res.body, { untilIntent }) : res.body
          return { statusCode, headers: res.headers, body, pageId: pageContext.pageId }
        },
      })
    }
    // Pages compress themselves (below): synchronous compression of one string is several times cheaper per
    // request than the plugin's streams (bench/ssr).
    app.get('/*', { compress: false }, handler)
    // A page's form posted without JavaScript: 303 back (page-form-posts.server.ts).
    await app.register(pageFormPosts)
  }
}
