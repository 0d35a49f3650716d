// The offline page of the installed app (issue 14): what the service worker (public/sw.js) shows for a navigation
// without network. Self-contained (styles inline under the response's CSP nonce, the heart as inline SVG, no
// script), in the tenant's colours and the request's language; the worker keeps the response in its cache.
import type { Tenant } from '../../shared/tenant-schema'
import { themeFor } from '../../../themes/build-theme'
import { HEART_PATH } from './manifest.server'
import { escapeHtml } from '../../shared/escape-html'

const esc = escapeHtml

export function renderOfflinePage(opts: { tenant: Tenant; lang: string; t: (key: string, vars?: Record<string, unknown>) => string; nonce: string }): string {
  const { tenant, t } = opts
  const c = themeFor(tenant.theme).colors
  const title = t('offline.title')
  const css =
    `body{margin:0;font-family:'Segoe UI',system-ui,-apple-system,Roboto,Arial,sans-serif;background:${c.background};color:${c.text};line-height:1.5}` +
    `header{background:${c.primary};color:${c.onPrimary};padding:14px 20px;font-weight:800;font-size:1.3rem;display:flex;align-items:center;gap:10px}` +
    `header svg{width:28px;height:28px}` +
    `main{max-width:36rem;margin:12vh auto 0;padding:0 20px;text-align:center}main svg{width:72px;height:72px;opacity:.85}` +
    `h1{font-size:1.6rem;margin:12px 0;color:${c.primaryDark}}p{margin:0 0 24px;color:${c.text}}` +
    `a{display:inline-block;background:${c.primary};color:${c.onPrimary};padding:12px 24px;border-radius:999px;font-weight:700;text-decoration:none}` +
    `a:hover,a:focus-visible{background:${c.primaryDark}}a:focus-visible{outline:3px solid ${c.text};outline-offset:2px}`
  const heart = (fill: string) => `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><path fill="${fill}" d="${HEART_PATH}"/></svg>`
  return (
    `<!DOCTYPE html><html lang="${esc(opts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="${esc(c.primary)}"><title>${esc(`${title} · ${tenant.name}`)}</title>` +
    `<link rel="icon" href="/favicon.ico"><style nonce="${esc(opts.nonce)}">${css}</style></head>` +
    `<body><header>${heart(c.onPrimary)}<span>${esc(tenant.name)}</span></header>` +
    `<main data-testid="offline-page">${heart(c.primary)}<h1>${esc(title)}</h1><p>${esc(t('offline.body', { site: tenant.name }))}</p>` +
    `<a href="">${esc(t('offline.retry'))}</a></main></body></html>`
  )
}
