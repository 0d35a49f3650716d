// Signup (SPEC.md sections 3, 5, 6, 8): validation with the spec's messages, the account in the tenant's pool,
// the signup credits as a ledger entry, and the activation mail through a durable job.
import { and, eq, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db } from '../../db/client.server'
import { accounts, notificationSettings, profiles } from '../../db/schema'
import { applyCredits } from '../payments/index.server'
import type { Tenant } from '../../shared/tenant-schema'
import type { Tracking } from '../../shared/contracts'
import type { SignupRequest } from './endpoints'
import type { Locale } from '../../shared/locales'
import { suggestEmail } from '../../shared/email-suggest'
import { hashPassword } from './passwords.server'
import { issueToken } from './tokens.server'
import { queueActivationReminders } from '../notifications/index.server'
import { queueMail } from '../mail/index.server'
import type { Account } from './sessions.server'
import { isUniqueViolation } from '../../db/sql-errors'
import { hasTrafficSource } from '../../shared/tracking'
import type { AccountTracking } from '../tracking/index.server'
import { recordConversion } from '../tracking/index.server'
import { ageOn } from '../../shared/dates'

export const MIN_AGE = 18
export const MIN_PASSWORD = 8
export const ACTIVATION_TTL_S = 7 * 24 * 3600
export const DELETION_GRACE_DAYS = 14
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i

export type SignupOutcome =
  | { ok: true; account: Account }
  | { ok: false; status: number; code: string; message: string; fields?: Record<string, string>; suggestion?: string }

/** A signup's age (ageOn of src/shared/dates.ts), or undefined for an invalid date or an implausible age. */
export function ageOf(dateOfBirth: string, now = new Date()): number | undefined {
  const age = ageOn(dateOfBirth, now)
  return age !== undefined && age >= 0 && age < 120 ? age : undefined
}

export function validateSignup(input: SignupRequest, t: TFunction): { fields: Record<string, string>; suggestion?: string } {
  const fields: Record<string, string> = {}
  const email = input.email.trim()
  const name = input.name.trim()
  if (!EMAIL_RE.test(email)) fields.email = t('validation.email_invalid')
  const suggestion = suggestEmail(email)
  if (!name) fields.name = t('validation.required')
  else if (name.toLowerCase() === email.toLowerCase()) fields.name = t('signup.name_is_email')
  else if (name.startsWith('@')) fields.name = t('signup.name_at')
  else if (name.length < 2) fields.name = t('validation.too_short', { min: 2 })
  if (input.password.length < MIN_PASSWORD) fields.password = t('signup.password_short', { min: MIN_PASSWORD })
  if (!input.date_of_birth) fields.date_of_birth = t('signup.dob_required', { min_age: MIN_AGE })
  else {
    const age = ageOf(input.date_of_birth)
    if (age === undefined || age < MIN_AGE) fields.date_of_birth = t('signup.dob_invalid')
  }
  return { fields, suggestion }
}

/** Signups as the tenant's setting says: all, or with_trafficsource when the landing address named a source. */
export function signupAllowed(tenant: Tenant, tracking: Tracking | undefined): boolean {
  if (tenant.features.signups === 'all') return true
  if (tenant.features.signups === 'with_trafficsource') return hasTrafficSource(tracking)
  return false
}

/**
 * `tracking` is the visitor's traffic data as the route resolved it (the first-touch cookie, else the body's copy:
 * first-touch.server.ts); without it the body's copy.
 */
export async function signup(db: Db, opts: { tenant: Tenant; lng: Locale; country: string; input: SignupRequest; t: TFunction; tracking?: AccountTracking }): Promise<SignupOutcome> {
  const { tenant, input, t } = opts
  const tracking: AccountTracking = opts.tracking ?? input.tracking ?? {}
  if (!signupAllowed(tenant, tracking)) {
    return { ok: false, status: 403, code: 'signups_closed', message: t('signup.closed') }
  }
  const { fields, suggestion } = validateSignup(input, t)
  if (Object.keys(fields).length > 0) {
    return { ok: false, status: 400, code: 'invalid_input', message: t('errors.invalid_input'), fields, suggestion }
  }
  const email = input.email.trim()
  const [existing] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.pool, tenant.pool), sql`lower(${accounts.email}) = lower(${email})`))
    .limit(1)
  if (existing) {
    if (existing.status === 'deleted') {
      return { ok: false, status: 409, code: 'account_deleted', message: t('signup.account_deleted', { email: tenant.support_email }) }
    }
    return { ok: false, status: 409, code: 'account_exists', message: t('signup.account_exists') }
  }
  const passwordHash = await hashPassword(input.password)
  const account = await createAccount().catch((err: unknown) => {
    // A parallel signup with this address got there first (the unique index on the pool and address): the
    // same answer as for an address known before.
    if (isUniqueViolation(err)) return undefined
    throw err
  })
  if (!account) return { ok: false, status: 409, code: 'account_exists', message: t('signup.account_exists') }
  return { ok: true, account }

  function createAccount() {
    return db.transaction(async (tx) => {
      const [acc] = await tx
        .insert(accounts)
        .values({
          pool: tenant.pool,
          tenantId: tenant.id,
          email,
          passwordHash,
          status: 'not_confirmed',
          language: opts.lng,
          trackingNetwork: tracking.network || null,
          trackingRef: tracking.ref || null,
          trackingSub1: tracking.sub1 || null,
          trackingSub2: tracking.sub2 || null,
          trackingSub3: tracking.sub3 || null,
          trackingClickid: tracking.clickid || null,
          trackingLanding: tracking.landing || null,
          trackingAt: tracking.at ?? null,
          signupMessage: input.signup_message?.trim() || null,
        })
        .returning()
      await tx.insert(profiles).values({ accountId: acc.id, pool: acc.pool, name: input.name.trim(), birthDate: input.date_of_birth, country: opts.country })
      await tx.insert(notificationSettings).values({ accountId: acc.id, pool: acc.pool })
      if (tenant.credits.signup_credits > 0) {
        // The signup bonus is the account's first ledger entry.
        acc.credits = (await applyCredits(tx, { pool: acc.pool, accountId: acc.id, delta: tenant.credits.signup_credits, reason: 'signup', reference: 'signup' })).balance
      }
      const token = await issueToken(tx, acc, 'activate', ACTIVATION_TTL_S)
      await queueMail(tx, { tenantId: tenant.id, to: email, lng: opts.lng, kind: 'activation', name: input.name.trim(), path: `/api/activate.php?token=${token}`, accountId: acc.id })
      // Reminders a day and three days later, sent only while the address is still unconfirmed.
      await queueActivationReminders(tx as unknown as Db, acc.id)
      // A tracked signup: the marketers' count and the traffic source's postback.
      await recordConversion(tx, { accountId: acc.id, kind: 'signup' })
      return acc
    })
  }
}

/** Issues a fresh activation link and queues its mail. */
export async function resendActivation(db: Db, tenant: Tenant, account: Account) {
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.accountId, account.id))
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, account, 'activate', ACTIVATION_TTL_S)
    await queueMail(tx, { tenantId: tenant.id, to: account.email, lng: account.language, kind: 'activation', name: profile?.name ?? '', path: `/api/activate.php?token=${token}`, accountId: account.id })
  })
}
