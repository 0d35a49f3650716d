// The page for a Host that matches no tenant: an explanation, and on localhost the list of sites to preview.
import type { TFunction } from 'i18next'
import type { Tenant } from '../shared/tenant-schema'
import { escapeHtml } from '../shared/escape-html'

const esc = escapeHtml

export function renderHostPage(opts: { host: string; tenants: Tenant[]; port: number; t: TFunction; lang: string; nonce: string }): string {
  const { t } = opts
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(opts.host)
  const list = loopback
    ? `<h2>${esc(t('unknown_host.preview_title'))}</h2><p>${esc(t('unknown_host.preview_body'))}</p><ul>${opts.tenants
        .map((x) => `<li><a href="http://${x.id}.localhost:${opts.port}/" style="color:${x.theme.primary}">${esc(x.name)}</a> <small>${esc(x.domains[0])}</small></li>`)
        .join('')}</ul>`
    : `<h1>${esc(t('unknown_host.title'))}</h1><p>${esc(t('unknown_host.body', { host: opts.host || '?' }))}</p>`
  return `<!DOCTYPE html><html lang="${opts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(
    loopback ? t('unknown_host.preview_title') : t('unknown_host.title'),
  )}</title><link rel="icon" href="/favicon.ico"><style nonce="${opts.nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}li{margin:.5rem 0;font-size:1.1rem}a{font-weight:600}small{color:#666;margin-left:.5rem}</style></head><body>${list}</body></html>`
}
