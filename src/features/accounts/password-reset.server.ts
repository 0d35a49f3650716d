// Password reset (SPEC.md section 8): a mailed single-use link; the new password ends every other session.
import { and, eq, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db } from '../../db/client.server'
import { accounts, profiles, sessions } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { Locale } from '../../shared/locales'
import { hashPassword } from './passwords.server'
import { consumeToken, issueToken } from './tokens.server'
import { queueMail } from '../mail/index.server'
import { MIN_PASSWORD } from './signup.server'

export const RESET_TTL_S = 60 * 60
/** Reset mails per account per day. */
export const RESET_MAILS_PER_DAY = 3

export type ResetOutcome = { ok: true } | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> }

export async function requestPasswordReset(
  db: Db,
  opts: { tenant: Tenant; lng: Locale; email: string; t: TFunction; allow: (accountId: number) => Promise<boolean> },
): Promise<ResetOutcome> {
  const { tenant, t } = opts
  const [row] = await db
    .select({ account: accounts, name: profiles.name })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${opts.email.trim()})`, sql`${accounts.status} <> 'deleted'`, sql`${accounts.passwordHash} is not null`))
    .limit(1)
  if (!row) return { ok: false, status: 404, code: 'email_not_found', message: t('reset.not_found') }
  if (!(await opts.allow(row.account.id))) return { ok: false, status: 429, code: 'too_many_resets', message: t('reset.too_many') }
  const token = await issueToken(db, row.account, 'reset_password', RESET_TTL_S)
  await queueMail(db, {
    tenantId: tenant.id,
    to: row.account.email,
    lng: (row.account.language as Locale) ?? opts.lng,
    kind: 'reset_password',
    name: row.name ?? '',
    path: `/reset-password/do?token=${encodeURIComponent(token)}`,
  })
  return { ok: true }
}

export async function completePasswordReset(db: Db, opts: { tenant: Tenant; token: string; password: string; repeat: string; t: TFunction }): Promise<ResetOutcome> {
  const { t } = opts
  if (opts.password.length < MIN_PASSWORD) {
    return { ok: false, status: 400, code: 'invalid_input', message: t('errors.invalid_input'), fields: { password: t('signup.password_short', { min: MIN_PASSWORD }) } }
  }
  if (opts.password !== opts.repeat) {
    return { ok: false, status: 400, code: 'invalid_input', message: t('errors.invalid_input'), fields: { password_repeat: t('reset.mismatch') } }
  }
  const passwordHash = await hashPassword(opts.password)
  return db.transaction(async (tx) => {
    const token = await consumeToken(tx, opts.token, 'reset_password', opts.tenant.pool)
    if (!token) return { ok: false, status: 400, code: 'token_invalid', message: t('reset.link_invalid') } as const
    // The new password also lifts a login block, and every session of the account ends.
    await tx.update(accounts).set({ passwordHash, failedLogins: 0, blockedUntil: null }).where(eq(accounts.id, token.accountId))
    await tx.delete(sessions).where(eq(sessions.accountId, token.accountId))
    return { ok: true } as const
  })
}

/** Confirms the e-mail address of the activation link's account; its id, or null for an unknown or used token. */
export async function activateAccount(db: Db, tenant: Tenant, token: string | undefined): Promise<number | null> {
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'activate', tenant.pool)
    if (!row) return null
    await tx
      .update(accounts)
      .set({ status: sql`case when ${accounts.status} = 'not_confirmed' then 'active' else ${accounts.status} end`, confirmedAt: sql`coalesce(${accounts.confirmedAt}, now())` })
      .where(eq(accounts.id, row.accountId))
    return row.accountId
  })
}
