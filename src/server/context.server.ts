// What every request handler may use: the services made once at start and the request's own context.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { i18n as I18n } from 'i18next'
import type { Config } from './config.server'
import type { MediaStorage } from './media-storage.server'
import type { Database } from '../db/client.server'
import type { TenantRegistry } from './tenants.server'
import type { I18nService } from './i18n.server'
import type { GeoIp } from './geoip.server'
import type { Tenant } from '../shared/tenant-schema'
import type { Locale } from '../shared/locales'
import type { Account } from '../features/accounts/sessions.server'
import type { Realtime } from './realtime.server'
import type { Mailer } from '../features/mail/mailer.server'
import type { JobWorker } from './jobs.server'
import type { GifSource } from '../features/chat/gifs.server'
import type { RateLimiter } from './rate-limit.server'
import type { PageCache } from './page-cache.server'
import type { FragmentCache } from './fragment-cache.server'
import { ApiError } from '../shared/api-errors'
import { BAN_PAGE } from '../shared/next-path'

export interface Services {
  config: Config
  database: Database
  tenants: TenantRegistry
  /** The folder of the tenant files (the console's maintenance switch writes there; decision 037 addendum). */
  tenantsDir: string
  i18n: I18nService
  geoip: GeoIp
  vapid: { publicKey: string; privateKey: string }
  mailer: Mailer
  jobs: JobWorker
  /** Live events to members' open tabs (in-process, or across instances through Redis). */
  realtime: Realtime
  /** The GIF picker's source: the built-in catalogue, or GIPHY with GIPHY_API_KEY. */
  gifs: GifSource
  /** Every rate limit (rate-limit.server.ts): Redis with REDIS_URL, else this process's memory. */
  limiter: RateLimiter
  /**
   * Rendered HTML of anonymous pages (page-cache.server.ts, docs/decisions/033). Whatever reloads tenants or
   * catalogues in a running process calls pageCache.clear() so the change shows at once.
   */
  pageCache: PageCache
  /** Markup of member cards kept across renders (fragment-cache.server.ts, decision 050), cleared with pageCache. */
  fragmentCache: FragmentCache
  /** Photo and avatar files: the local disk, or S3-compatible storage with MEDIA_S3_URL (media-storage.server.ts). */
  media: MediaStorage
}

export interface RequestContext {
  tenant: Tenant
  lng: Locale
  t: I18n['t']
  i18n: I18n
  country: string | undefined
  account: Account | undefined
  /**
   * Set when account came from the short-lived session cache (a route with sessionCheckedByHandler): the sha256 of
   * the session token, which the handler's own statement must check (the session may have ended since).
   */
  sessionHash?: string
  /** The request's member session belongs to a member staff banned: refused, with account_banned (decision 028). */
  sessionBanned?: boolean
  /** The staff member of the console session (its own cookie, decision 028), apart from any member session. */
  staff: Account | undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request whose Host resolves to a tenant. */
    ctx: RequestContext
  }
  interface FastifyInstance {
    services: Services
  }
}

// The error a handler throws is the API's error shape (src/shared/api-errors.ts), so features throw it without
// importing the core; re-exported for the core's files.
export { ApiError }

/** Sends the JSON error shape of the API: a stable code and a localized message. */
export function sendError(reply: FastifyReply, err: ApiError) {
  if (err.headers) reply.headers(err.headers)
  return reply.code(err.statusCode).send({ error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...err.extra })
}

/** The member of the request, or a 403 authentication_required (account_banned for a banned member's session). */
export function requireAccount(req: FastifyRequest, message = 'errors.authentication_required'): Account {
  const account = req.ctx.account
  if (!account) throw sessionRefused(req, message)
  return account
}

/**
 * The 403 of a member-only request without a member: authentication_required with the flag that logs the tab out,
 * or, for a session of a member staff banned, account_banned with the same flag and the ban page to show instead
 * of the login page (an open tab whose socket missed the live ban event still learns why).
 */
export function sessionRefused(req: FastifyRequest, message = 'errors.authentication_required'): ApiError {
  if (req.ctx.sessionBanned) return new ApiError(403, 'account_banned', req.ctx.t('login.account_banned'), undefined, { authentication_required: true, ban_page: BAN_PAGE })
  return new ApiError(403, 'authentication_required', req.ctx.t(message), undefined, { authentication_required: true })
}
