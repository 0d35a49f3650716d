// Resolves tenant, language, country and session of each request; the pool comes from the tenant only.
import type { FastifyRequest } from 'fastify'
import { LANGUAGE_COOKIE, isLocale, type Locale } from '../shared/locales'
import type { Tenant } from '../shared/tenant-schema'
import { accountForSessionCached, lookUpSession, type Account } from '../features/accounts/sessions.server'
import { localesFor, selectedCountry, tenantLocales } from '../features/settings/settings.server'
import type { RequestContext, Services } from './context.server'
import { staffCookieName, staffForSession } from '../features/console/staff-auth.server'

/**
 * The request's language: the address's ?lang= (a campaign's landing in its language, the marketers' gallery
 * previews; this request only), else the cookie, else the member's own, else the browser's among the country's,
 * else the tenant's. A language the tenant does not offer is ignored.
 */
export function chooseLanguage(tenant: Tenant, opts: { requested?: string; cookie?: string; account?: Account; acceptLanguage?: string; country: string }): Locale {
  const allowed = tenantLocales(tenant)
  if (isLocale(opts.requested) && allowed.includes(opts.requested)) return opts.requested
  if (isLocale(opts.cookie) && allowed.includes(opts.cookie)) return opts.cookie
  if (opts.account && isLocale(opts.account.language) && allowed.includes(opts.account.language)) return opts.account.language
  const offered = localesFor(tenant, opts.country)
  for (const part of (opts.acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim()
    const exact = offered.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const base = offered.find((l) => l === tag.split('-')[0].toLowerCase())
    if (base) return base
  }
  return offered.includes(tenant.default_locale) ? tenant.default_locale : offered[0]
}

/** cachedSession: the route checks the session itself (sessionCheckedByHandler), the account may come from the cache. */
export async function buildRequestContext(services: Services, req: FastifyRequest, tenant: Tenant, opts: { cachedSession?: boolean } = {}): Promise<RequestContext> {
  const country = services.geoip(req.ip)
  const token = req.cookies[services.config.sessionCookie]
  let account: Account | undefined
  let sessionHash: string | undefined
  let sessionBanned = false
  if (opts.cachedSession) {
    const cached = await accountForSessionCached(services.database.db, token, tenant)
    account = cached?.account
    if (cached?.account) sessionHash = cached.tokenHash
    sessionBanned = cached?.banned === true
  } else {
    const found = await lookUpSession(services.database.db, token, tenant)
    account = found?.account
    sessionBanned = found?.banned === true
  }
  // The console's session is looked up only when its cookie came along (never for members' requests).
  const staffToken = req.cookies[staffCookieName(services.config.sessionCookie)]
  const staff = staffToken ? await staffForSession(services.database.db, staffToken, tenant.id) : undefined
  const q = req.url.indexOf('?')
  const lng = chooseLanguage(tenant, {
    requested: q >= 0 && req.url.includes('lang=', q) ? (new URLSearchParams(req.url.slice(q + 1)).get('lang') ?? undefined) : undefined,
    cookie: req.cookies[LANGUAGE_COOKIE],
    account,
    acceptLanguage: req.headers['accept-language'],
    country: selectedCountry(tenant, country),
  })
  const i18n = services.i18n.forRequest(lng)
  return { tenant, lng, i18n, t: i18n.t.bind(i18n), country, account, staff, ...(sessionHash ? { sessionHash } : {}), ...(sessionBanned ? { sessionBanned } : {}) }
}
