// A tenant switched off (tenant field maintenance: true): every page answers 503 with a page in the tenant's look and
// language, the API 503 with the error code maintenance; both with Retry-After. docs/decisions/027.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LANGUAGE_COOKIE } from '../shared/locales'
import type { Tenant } from '../shared/tenant-schema'
import { themeFor } from '../../themes/build-theme'
import { selectedCountry } from '../features/settings/settings.server'
import { chooseLanguage } from './request-context.server'
import { ApiError, sendError, type Services } from './context.server'
import { cspNonce } from './security-headers.server'
import { escapeHtml } from '../shared/escape-html'

const esc = escapeHtml

export function renderMaintenancePage(opts: { tenant: Tenant; lang: string; t: (key: string, vars?: Record<string, unknown>) => string; nonce: string }): string {
  const { tenant, t } = opts
  const c = themeFor(tenant.theme).colors
  const title = t('maintenance.title', { site: tenant.name })
  const css =
    `body{margin:0;font-family:'Segoe UI',system-ui,-apple-system,Roboto,Arial,sans-serif;background:${c.background};color:${c.text};line-height:1.5}` +
    `header{background:${c.primary};color:${c.onPrimary};padding:16px 20px;font-weight:800;font-size:1.3rem}` +
    `main{max-width:36rem;margin:12vh auto 0;padding:0 20px;text-align:center}h1{font-size:1.6rem;margin:0 0 12px;color:${c.primaryDark}}` +
    `p{margin:0 0 24px;color:${c.muted}}a{display:inline-block;background:${c.primary};color:${c.onPrimary};padding:12px 24px;border-radius:999px;font-weight:700;text-decoration:none}` +
    `a:hover{background:${c.primaryDark}}`
  return `<!DOCTYPE html><html lang="${esc(opts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="theme-color" content="${c.primary}"><title>${esc(
    title,
  )}</title><link rel="icon" href="/favicon.ico"><style nonce="${opts.nonce}">${css}</style></head><body><header>${esc(tenant.name)}</header><main><h1>${esc(title)}</h1><p>${esc(
    t('maintenance.body'),
  )}</p><a href="">${esc(t('maintenance.retry'))}</a></main></body></html>`
}

/** Answers a request to a tenant in maintenance: the page, or for /api/ the error maintenance; 503 and Retry-After. */
export function sendMaintenance(services: Services, req: FastifyRequest, reply: FastifyReply, tenant: Tenant) {
  const lang = chooseLanguage(tenant, {
    cookie: req.cookies[LANGUAGE_COOKIE],
    acceptLanguage: req.headers['accept-language'],
    country: selectedCountry(tenant, services.geoip(req.ip)),
  })
  const t = services.i18n.forRequest(lang).t
  const headers = { 'retry-after': String(tenant.maintenance_retry_after_minutes * 60), 'cache-control': 'no-store' }
  if (req.url.startsWith('/api/')) return sendError(reply, new ApiError(503, 'maintenance', t('maintenance.api', { site: tenant.name }), undefined, undefined, headers))
  return reply
    .code(503)
    .headers(headers)
    .type('text/html; charset=utf-8')
    .send(renderMaintenancePage({ tenant, lang, t: t as (key: string, vars?: Record<string, unknown>) => string, nonce: cspNonce(reply) }))
}
