// Hands page requests to Vike with the tenant, session and i18n of the request.
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { renderPage } from 'vike/server'
import type { Services } from './context.server'
import { pick } from '../features/settings/settings.server'
import { publicTenant } from './public-tenant.server'
import { compressHtml } from './compress-html.server'
import { presentUser } from '../features/accounts/sessions.server'
import { cspNonce } from './security-headers.server'
import { callInProcess } from './endpoint.server'

// Texts of our own catalogues (no markup in them), in the language of the request.
const FALLBACK_HTML = (message: string, home: string, lng: string) =>
  `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem 1rem"><h1>${message}</h1><p><a href="/">${home}</a></p></body></html>`

export async function pageContextInit(services: Services, req: FastifyRequest) {
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
      // +data hooks call the endpoints' handlers in process with this request's context (decision 026).
      call: (def: Parameters<typeof callInProcess>[2], input: Parameters<typeof callInProcess>[3]) => callInProcess(services, req, def, input),
      extraPage(token: string) {
        const page = tenant.extra_pages[token]
        return page ? { title: pick(page.title, lng, tenant.default_locale), body: pick(page.body, lng, tenant.default_locale) } : undefined
      },
    },
  }
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

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.ctx || req.url.startsWith('/api/')) return reply.callNotFound()
      // The response's CSP nonce (security-headers.server.ts): Vike puts it on its scripts, Emotion on its styles.
      const pageContext = await renderPage({ ...(await pageContextInit(app.services, req)), cspNonce: cspNonce(reply) })
      const res = pageContext.httpResponse
      if (!res) {
        // Even the error page could not be rendered.
        return reply.code(500).type('text/html; charset=utf-8').send(FALLBACK_HTML(req.ctx.t('errors.error_page_failed'), req.ctx.t('errors.home_link'), req.ctx.lng))
      }
      // Helmet's policy stays: Vike would replace it with a script-src-only one.
      for (const [name, value] of res.headers) if (name.toLowerCase() !== 'content-security-policy') reply.header(name, value)
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Cookie')
      const encoded = compressHtml(res.body, String(req.headers['accept-encoding'] ?? ''))
      if (encoded) reply.header('Content-Encoding', encoded.encoding)
      return reply.code(res.statusCode).send(encoded ? encoded.body : res.body)
    }
    // Pages compress themselves (below): synchronous compression of one string is several times cheaper per
    // request than the plugin's streams (bench/ssr).
    app.get('/*', { compress: false }, handler)
  }
}
