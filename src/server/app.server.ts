// The Fastify app: tenant resolution, API plugins, media, and the Vike hand-off for pages.
import path from 'node:path'
import fs from 'node:fs'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import { ApiError, sendError, type Services } from './context.server'
import { buildRequestContext } from './request-context.server'
import { hostName } from './tenants.server'
import { userRoutes } from '../features/accounts/user-routes.server'
import { settingsRoutes } from '../features/settings/routes.server'
import { complaintRoutes } from '../features/complaints/routes.server'
import { consoleRoutes } from '../features/console/routes.server'
import { operatorRoutes } from '../features/console/operator-routes.server'
import { consoleTenantRoutes } from '../features/console/tenant-routes.server'
import { consoleStaffRoutes } from '../features/console/staff-routes.server'
import { consoleVulnerableRoutes } from '../features/console/vulnerable-routes.server'
import { accountRoutes } from '../features/accounts/routes.server'
import { accountSettingsRoutes } from '../features/accounts/settings-routes.server'
import { notificationRoutes } from '../features/notifications/routes.server'
import { openApiOptions, openApiRoutes } from './openapi.server'
import { createSerializerCompiler, describeServerError, toApiError, validatorCompiler } from './endpoint.server'
import { photoRoutes } from '../features/photos/routes.server'
import { mediaVariantRoutes } from '../features/photos/variants.server'
import { geocodeRoutes, profileRoutes } from '../features/profile/routes.server'
import { devMailRoutes } from './dev-mail.server'
import { chatRoutes } from '../features/chat/routes.server'
import { discoveryRoutes } from '../features/discovery/routes.server'
import { paymentRoutes } from '../features/payments/routes.server'
import { landerRoutes } from '../features/landers/landers.server'
import { shellRoutes } from '../features/shell/routes.server'
import websocket from '@fastify/websocket'
import { renderHostPage } from './host-pages.server'
import { DEFAULT_LOCALE } from '../shared/locales'
import { preferredEncoding } from './compress-html.server'
import { loggerOptions } from './log-redact.server'
import { apiErrorOfDatabase, refuseNul } from './input-guard.server'
import { cspNonce, registerSecurityHeaders } from './security-headers.server'
import { sendMaintenance } from './maintenance.server'
import { keepCookiesOutOfSharedCaches } from './page-cache.server'
import { captureFirstTouch } from '../features/tracking/first-touch.server'
import { closeLiveSockets, registerHealth, requestId } from './lifecycle.server'
import { core } from './core.server'

export interface AppOptions {
  services: Services
  /** Registers the page renderer (Vike); API tests leave it out. */
  pages?: (app: FastifyInstance) => Promise<void>
  logger?: boolean
  /** Sees every route as it is registered (the OpenAPI test compares them with /api/openapi.json). */
  onRoute?: (route: { method: string | string[]; url: string }) => void
  /** Where the log goes (tests capture it); stdout when left out. */
  logStream?: { write(line: string): void }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FILE_PATHS = /^\/(assets|media|static|i18n)\/|^\/(favicon\.ico|sw\.js)(\?|$)/

export async function buildApp({ services, pages, logger = false, onRoute, logStream }: AppOptions): Promise<FastifyInstance> {
  // Errors and requests are logged through redacting serializers: no query parameters, tokens or addresses.
  const logOptions: FastifyServerOptions['logger'] = logger || logStream ? { ...loggerOptions(services.config.logLevel), ...(logStream ? { stream: logStream } : {}) } : false
  const app = Fastify({
    logger: logOptions,
    trustProxy: trustProxyOption(services.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A bad Host or a path with odd bytes is a 4xx, never a crash.
    return503OnClosing: true,
    // The load balancer's (or the calling instance's) X-Request-Id, else a new one: the reqId of every log line.
    genReqId: requestId,
  })
  app.decorate('services', services)
  if (onRoute) app.addHook('onRoute', onRoute)
  // Endpoint definitions (src/shared/endpoint.ts) are zod schemas: route() validates and serializes with them;
  // outside production a 2xx answer with keys its schema lacks is an error too (docs/decisions/016).
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(createSerializerCompiler({ strict: services.config.env !== 'production' }))
  await app.register(swagger, openApiOptions)
  app.addHook('onClose', async () => {
    await Promise.all([services.realtime.close(), services.limiter.close()])
    services.media.close()
  })
  await app.register(cookie)
  // After the cookie plugin's own onSend: a cached page's response that sets a cookie is made personal (decision 033).
  app.addHook('onSend', keepCookiesOutOfSharedCaches)
  await app.register(compress, { global: true, threshold: 1024 })
  // Security headers (helmet, CSP with a nonce per response) on every answer, the unknown-host page included.
  await registerSecurityHeaders(app, services.config, () => services.tenants.all)

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
    if (req.url === '/health' || req.url === '/ready') return
    const tenant = services.tenants.resolve(req.headers.host)
    if (!tenant) {
      const lang = /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : DEFAULT_LOCALE
      const t = services.i18n.forRequest(lang).t
      if (req.url.startsWith('/api/')) {
        return reply.code(404).send({ error: 'unknown_host', message: t('unknown_host.title') })
      }
      const html = renderHostPage({ host: hostName(req.headers.host) ?? '', tenants: services.tenants.all, port: services.config.port, t, lang, nonce: cspNonce(reply) })
      return reply.code(isLoopback(req.headers.host) ? 200 : 404).type('text/html; charset=utf-8').send(html)
    }
    // Files (built assets, media, favicon, service worker) need no session, language or GeoIP lookup.
    if (FILE_PATHS.test(req.url)) return
    // A tenant switched off answers 503 before any session or database lookup (docs/decisions/027).
    if (tenant.maintenance) return sendMaintenance(services, req, reply, tenant)
    // A route that checks the session in its own statement (the chat's send) may take the account from the cache.
    req.ctx = await buildRequestContext(services, req, tenant, { cachedSession: (req.routeOptions.config as { cachedSession?: boolean } | undefined)?.cachedSession === true })
    // A page (any landing address) with tracking parameters: the first-touch cookie and the marketers' visit (decision 029).
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/i18n/')) await captureFirstTouch(services.database.db, req, reply, { secure: services.config.secureCookies })
    // A state-changing API request from another origin is refused.
    if (!SAFE_METHODS.has(req.method) && req.url.startsWith('/api/')) {
      const origin = req.headers.origin
      if (origin && hostName(safeUrlHost(origin)) !== hostName(req.headers.host)) {
        return sendError(reply, new ApiError(403, 'forbidden_origin', req.ctx.t('errors.forbidden_origin')))
      }
    }
  })

  // A NUL character in any incoming string is refused before a handler sees it (PostgreSQL cannot store it).
  app.addHook('preValidation', refuseNul)

  // One error shape for every answer; Fastify's own 4xx (bad JSON, body too large, unsupported media type) get codes
  // of the closed list in src/shared/api-errors.ts, never FST_* codes.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const t = req.ctx?.t ?? services.i18n.forRequest(DEFAULT_LOCALE).t
    // A database error the request caused (a unique rule lost to a parallel request, a value out of range).
    const caused = apiErrorOfDatabase(err, t)
    if (caused) {
      req.log.warn({ err }, 'database refused input')
      return sendError(reply, caused)
    }
    const apiError = toApiError(err, t)
    if (apiError.statusCode >= 500) req.log.error({ err, contract: describeServerError(err) }, 'request failed')
    return sendError(reply, apiError)
  })

  registerHealth(app, services)
  // The UI catalogue of a language, named by its content: cached by browsers for a year.
  app.get<{ Params: { name: string } }>('/i18n/:name', { compress: false }, async (req, reply) => {
    const file = services.i18n.bundleFile(req.params.name)
    if (!file) return reply.code(404).send({ error: 'not_found', message: 'Not found' })
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding').type('application/json; charset=utf-8')
    const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''))
    if (encoding) return reply.header('content-encoding', encoding).send(file[encoding])
    return reply.send(file.json)
  })
  await app.register(userRoutes, { core })
  await app.register(settingsRoutes, { core })
  await app.register(complaintRoutes, { core })
  await app.register(consoleRoutes, { core })
  await app.register(operatorRoutes, { core })
  await app.register(consoleTenantRoutes, { core })
  await app.register(consoleStaffRoutes, { core })
  await app.register(consoleVulnerableRoutes, { core })
  await app.register(accountRoutes, { core })
  await app.register(accountSettingsRoutes, { core })
  await app.register(notificationRoutes, { core })
  await app.register(openApiRoutes)
  await app.register(photoRoutes, { core })
  await app.register(profileRoutes, { core })
  await app.register(geocodeRoutes, { core })
  // The live socket (/api/ws, in chatRoutes); small frames only: clients send typing events and pings.
  // On close (SIGTERM) every socket gets the restart code first (lifecycle.server.ts, decision 035).
  await app.register(websocket, { options: { maxPayload: 4096 }, preClose: closeLiveSockets })
  await app.register(chatRoutes, { core })
  await app.register(discoveryRoutes, { core })
  await app.register(paymentRoutes, { core })
  await app.register(landerRoutes, { core })
  await app.register(shellRoutes, { core })
  if (services.config.devMailbox) await app.register(devMailRoutes)

  // Media: the local directory through @fastify/static, or S3 objects streamed by the server (the bucket is
  // private: no object is reachable but through here, under the names the access rules hand out; decision 035).
  // Before either, the AVIF and WebP copies of photos in the sizes the pages ask for, made on first request (issue 15).
  fs.mkdirSync(services.config.mediaDir, { recursive: true })
  await app.register(mediaVariantRoutes(services.media, services.config.mediaDir))
  if (services.media.kind === 'local') {
    await app.register(fastifyStatic, {
      root: services.config.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      immutable: true,
    })
  } else {
    app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
      const object = await services.media.open(req.params['*'])
      if (!object) return reply.code(404).send({ error: 'not_found', message: (req.ctx?.t ?? services.i18n.forRequest(DEFAULT_LOCALE).t)('errors.not_found') })
      reply.header('cache-control', 'public, max-age=604800, immutable').type('image/webp')
      if (object.length !== undefined) reply.header('content-length', object.length)
      return reply.send(object.body)
    })
  }
  await app.register(fastifyStatic, {
    root: path.resolve(process.cwd(), 'public'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  })
  // The service worker must be served from the root to control the whole site.
  app.get('/sw.js', (_req, reply) => {
    reply.header('Cache-Control', 'no-cache').header('Service-Worker-Allowed', '/').type('text/javascript; charset=utf-8').send(fs.createReadStream(path.resolve(process.cwd(), 'public/sw.js')))
  })
  app.get('/favicon.ico', (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(fs.createReadStream(path.resolve(process.cwd(), 'public/favicon.svg')))
  })

  app.setNotFoundHandler((req, reply) => {
    const t = req.ctx?.t ?? services.i18n.forRequest(DEFAULT_LOCALE).t
    reply.code(404).send({ error: 'not_found', message: t('errors.not_found') })
  })

  if (pages) await pages(app)
  return app
}

/** TRUST_PROXY for Fastify: a list of proxy addresses and ranges, or a hop count (the nearest n hops are proxies). */
function trustProxyOption(trust: false | number | string[]) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

function safeUrlHost(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

function isLoopback(host: string | undefined): boolean {
  const name = hostName(host)
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]'
}
