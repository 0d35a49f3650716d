// The e-mails, localized in the member's language and in the tenant's brand; links use the tenant's own domain.
import type { TFunction } from 'i18next'
import type { Tenant } from '../../shared/tenant-schema'
import { escapeHtml } from '../../shared/escape-html'

export const MAIL_KINDS = [
  'activation', 'reset_password', 'mail_change', 'reactivate', 'purchase',
  // Staff's reply to a complaint from the console (decision 028).
  'complaint_reply',
  // Notification mails (src/features/notifications/notify-mail.server.ts): they carry the link to the settings.
  'new_message', 'message_digest', 'new_likes', 'match', 'activation_reminder',
  // Complaints: the receipt to the member, the complaint itself to the tenant's support address.
  'complaint_receipt', 'complaint_support',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

const esc = escapeHtml

/** An absolute address on the tenant's own domain, from the PUBLIC_URL template (never from a request's Host). */
export function tenantUrl(template: string, tenant: Tenant, pathAndQuery: string): string {
  return template.replace('{domain}', tenant.domains[0]).replace('{id}', tenant.id).replace(/\/$/, '') + pathAndQuery
}

/**
 * vars: the kind's own values in its texts (a purchase's credits and amount). details: text written by a person
 * (a complaint), quoted as it is. settingsLink: the notification settings, named under the text of a mail the
 * member may switch off.
 */
export function renderMail(kind: MailKind, opts: { tenant: Tenant; t: TFunction; name: string; link: string; vars?: Record<string, string | number>; details?: string; settingsLink?: string }) {
  const { tenant, t } = opts
  const vars = { ...opts.vars, ns: 'mail', site: tenant.name, name: opts.name }
  const subject = t(`${kind}.subject`, vars)
  const intro = t(`${kind}.intro`, vars)
  const button = t(`${kind}.button`, vars)
  const outro = t(`${kind}.outro`, vars)
  const greeting = t('greeting', vars)
  const footer = t('footer', { ns: 'mail', site: tenant.name, company: tenant.company.name, email: tenant.support_email })
  const settings = opts.settingsLink ? t('settings_line', { ns: 'mail', site: tenant.name }) : ''
  const details = opts.details ? `\n\n${opts.details}` : ''
  const settingsText = opts.settingsLink ? `\n${settings}: ${opts.settingsLink}` : ''
  const text = `${greeting}\n\n${intro}${details}\n\n${button}: ${opts.link}\n\n${outro}\n\n-- \n${footer}${settingsText}\n`
  const c = tenant.theme.primary
  const html = `<!DOCTYPE html><html><body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:12px;border-top:6px solid ${c}" cellpadding="0" cellspacing="0">
<tr><td style="padding:24px 28px 0;font-size:24px;font-weight:bold;color:${c}">${esc(tenant.name)}</td></tr>
<tr><td style="padding:16px 28px;font-size:16px;line-height:1.5"><p>${esc(greeting)}</p><p>${esc(intro)}</p>${opts.details ? `<p style="white-space:pre-wrap;background:#f5f5f5;border-radius:8px;padding:12px">${esc(opts.details)}</p>` : ''}
<p style="text-align:center;margin:28px 0"><a href="${esc(opts.link)}" style="background:${c};color:#fff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px;display:inline-block">${esc(button)}</a></p>
<p style="font-size:13px;color:#666;word-break:break-all">${esc(opts.link)}</p><p>${esc(outro)}</p></td></tr>
<tr><td style="padding:16px 28px 24px;font-size:12px;color:#888">${esc(footer)}${opts.settingsLink ? `<br><a href="${esc(opts.settingsLink)}" style="color:#888">${esc(settings)}</a>` : ''}</td></tr></table></td></tr></table></body></html>`
  return { subject, text, html }
}
