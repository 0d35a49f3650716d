// E-mail goes out through a durable job: queued in the same request that needs it, sent (and retried) by the worker.
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import type { I18nService } from '../../server/i18n.server'
import type { TenantRegistry } from '../../server/tenants.server'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import { isLocale, type Locale } from '../../shared/locales'
import type { Mailer } from './mailer.server'
import { MAIL_KINDS, renderMail, tenantUrl, type MailKind } from './templates.server'

const mailJob = z.object({
  tenantId: z.string(),
  to: z.string(),
  lng: z.string(),
  kind: z.enum(MAIL_KINDS),
  name: z.string(),
  /** Path and query on the tenant's domain that the mail's button opens. */
  path: z.string().startsWith('/'),
  /** The member's account: its mails carry List-Unsubscribe headers (except security mails). */
  accountId: z.number().optional(),
  /** The kind's own values in its texts (a purchase's credits and amount). */
  vars: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Text written by a person, quoted in the mail (a complaint). */
  details: z.string().optional(),
  /** Reply-To: the member who wrote (a complaint to support). */
  replyTo: z.string().optional(),
})
export type MailJob = z.infer<typeof mailJob>

export const MAIL_JOB = 'mail.send'

export async function queueMail(db: Db | Tx, job: MailJob & { kind: MailKind }) {
  await enqueueJob(db as Db, MAIL_JOB, job)
}

/** Mails that must reach the member whatever their e-mail settings (security, receipts): no unsubscribe link. */
const SECURITY_MAILS = new Set<MailKind>(['reset_password', 'mail_change', 'purchase', 'complaint_receipt', 'complaint_support', 'complaint_reply'])
/** Mails the member switches on /notifications: they name the notification settings under their text. */
const NOTIFICATION_MAILS = new Set<MailKind>(['new_message', 'message_digest', 'new_likes', 'match', 'activation_reminder'])

export function mailJobHandler(deps: { tenants: TenantRegistry; i18n: I18nService; mailer: Mailer; publicUrl: string; unsubscribeToken: (accountId: number) => Promise<string> }): JobHandler {
  return async (payload) => {
    const job = mailJob.parse(payload)
    const tenant = deps.tenants.byId.get(job.tenantId)
    if (!tenant) throw new Error(`unknown tenant ${job.tenantId}`)
    const lng: Locale = isLocale(job.lng) ? job.lng : tenant.default_locale
    const t = deps.i18n.forRequest(lng).t
    const link = tenantUrl(deps.publicUrl, tenant, job.path)
    const settingsLink = NOTIFICATION_MAILS.has(job.kind) ? tenantUrl(deps.publicUrl, tenant, '/notifications') : undefined
    const mail = renderMail(job.kind, { tenant, t, name: job.name, link, vars: job.vars, details: job.details, settingsLink })
    const headers: Record<string, string> = {}
    if (job.replyTo) headers['Reply-To'] = job.replyTo
    if (job.accountId && !SECURITY_MAILS.has(job.kind)) {
      const url = tenantUrl(deps.publicUrl, tenant, `/api/unsubscribe.php?token=${await deps.unsubscribeToken(job.accountId)}`)
      headers['List-Unsubscribe'] = `<${url}>`
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
    }
    await deps.mailer.send({ tenantId: tenant.id, from: `"${tenant.mail_name}" <noreply@${tenant.domains[0]}>`, to: job.to, ...mail, headers })
  }
}
