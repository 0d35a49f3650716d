// A complaint reaches someone: stored, mailed to the tenant's support address with its reference number, and its
// receipt mailed to the member in their language with the promised handling time (COMPLAINT_HANDLING_DAYS).
import type { Db } from '../../db/client.server'
import { complaints } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import { COMPLAINT_HANDLING_DAYS, type ComplaintRequest } from '../../shared/contracts'
import type { Locale } from '../../shared/locales'
import { queueMail } from '../mail/index.server'

/** K<year of filing>-<number, five digits or more>: K2026-00042. */
export function complaintReference(id: number, createdAt: Date) {
  return `K${createdAt.getUTCFullYear()}-${String(id).padStart(5, '0')}`
}

export async function fileComplaint(db: Db, opts: { tenant: Tenant; accountId?: number; lng: Locale; body: ComplaintRequest }) {
  const { tenant, body } = opts
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(complaints)
      .values({
        pool: tenant.pool,
        tenantId: tenant.id,
        accountId: opts.accountId ?? null,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        profileUrl: body.profile_url || null,
      })
      .returning({ id: complaints.id, createdAt: complaints.createdAt })
    const reference = complaintReference(row.id, row.createdAt)
    const vars = { reference, days: COMPLAINT_HANDLING_DAYS }
    // To support, in the brand's own language; a reply goes straight to the member.
    await queueMail(tx, {
      tenantId: tenant.id,
      to: tenant.support_email,
      lng: tenant.default_locale,
      kind: 'complaint_support',
      name: tenant.name,
      path: '/',
      replyTo: body.email,
      vars: { ...vars, subject: body.subject, from: body.name, email: body.email, member: opts.accountId ? `#${opts.accountId}` : '-' },
      details: [body.message, body.profile_url ? `\n${body.profile_url}` : ''].join(''),
    })
    // The receipt, in the language the member filed it in.
    await queueMail(tx, { tenantId: tenant.id, to: body.email, lng: opts.lng, kind: 'complaint_receipt', name: body.name, path: '/complaints', replyTo: tenant.support_email, vars: { ...vars, email: tenant.support_email } })
    return { id: row.id, reference }
  })
}
