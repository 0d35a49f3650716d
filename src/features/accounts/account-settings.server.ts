// Changing the password (old one checked, the two new ones equal) and the e-mail address (confirmed by a mail
// to the new address), SPEC.md section 5.
import { and, eq, ne, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db } from '../../db/client.server'
import { accounts, profiles, sessions } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import { hashPassword, verifyPassword } from './passwords.server'
import { consumeToken, issueToken } from './tokens.server'
import { hashToken, type Account } from './sessions.server'
import { queueMail } from '../mail/index.server'
import { isUniqueViolation } from '../../db/sql-errors'
import { MIN_PASSWORD } from './signup.server'

export const MAIL_CHANGE_TTL_S = 24 * 3600
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i

export type Outcome = { ok: true; email?: string } | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> }

const invalid = (t: TFunction, fields: Record<string, string>): Outcome => ({ ok: false, status: 400, code: 'invalid_input', message: t('errors.invalid_input'), fields })

/** Sets a new password; every other session of the member ends. */
export async function changePassword(db: Db, opts: { account: Account; sessionToken: string | undefined; old: string; password: string; repeat: string; t: TFunction }): Promise<Outcome> {
  const { t } = opts
  if (!(await verifyPassword(opts.account.passwordHash, opts.old))) return invalid(t, { old_password: t('settings.old_password_wrong') })
  if (opts.password.length < MIN_PASSWORD) return invalid(t, { password: t('signup.password_short', { min: MIN_PASSWORD }) })
  if (opts.password !== opts.repeat) return invalid(t, { password_repeat: t('reset.mismatch') })
  const passwordHash = await hashPassword(opts.password)
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, opts.account.id))
    const current = opts.sessionToken ? hashToken(opts.sessionToken) : ''
    await tx.delete(sessions).where(and(eq(sessions.accountId, opts.account.id), ne(sessions.tokenHash, current)))
  })
  return { ok: true }
}

/** Mails a confirmation link to the new address; the address changes when it is followed. */
export async function requestEmailChange(db: Db, opts: { tenant: Tenant; account: Account; email: string; t: TFunction }): Promise<Outcome> {
  const { t, tenant, account } = opts
  const email = opts.email.trim()
  if (!EMAIL_RE.test(email)) return invalid(t, { email: t('settings.new_email_invalid') })
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${email})`))
    .limit(1)
  if (taken) return invalid(t, { email: t('settings.email_taken') })
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.accountId, account.id))
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, account, 'mail_change', MAIL_CHANGE_TTL_S, { email })
    await queueMail(tx, { tenantId: tenant.id, to: email, lng: account.language, kind: 'mail_change', name: profile?.name ?? '', path: `/mail-change/do?token=${encodeURIComponent(token)}` })
  })
  return { ok: true, email }
}

export async function confirmEmailChange(db: Db, opts: { tenant: Tenant; token: string; t: TFunction }): Promise<Outcome> {
  const { t } = opts
  const taken = { ok: false, status: 409, code: 'email_taken', message: t('settings.email_taken') } as const
  // A signup or another change that takes the address at the same moment loses nothing: the unique index
  // refuses the second, which answers as if the address had been taken before (the token stays unused).
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, opts.token, 'mail_change', opts.tenant.pool)
    const email = (row?.payload as { email?: string } | null)?.email
    if (!row || !email) return { ok: false, status: 400, code: 'token_invalid', message: t('reset.link_invalid') } as const
    const [other] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.pool, opts.tenant.pool), sql`lower(${accounts.email}) = lower(${email})`, ne(accounts.id, row.accountId)))
      .limit(1)
    if (other) return taken
    // Following the link proves the new address: it counts as confirmed.
    await tx
      .update(accounts)
      .set({ email, confirmedAt: sql`now()`, status: sql`case when ${accounts.status} = 'not_confirmed' then 'active' else ${accounts.status} end` })
      .where(eq(accounts.id, row.accountId))
    return { ok: true, email } as const
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) return taken
    throw err
  })
}
