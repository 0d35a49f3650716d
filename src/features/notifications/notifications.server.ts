// Notification settings: e-mail per type, push, invisible mode, and the reasons e-mail was switched off
// (fbl: marked as spam, bounce, listunsubscribe), SPEC.md section 4.
import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, appConfig, notificationSettings } from '../../db/schema'
import type { NotificationSettings } from '../../shared/contracts'

export async function readNotifications(db: Db, accountId: number, pool: string): Promise<NotificationSettings> {
  await db.insert(notificationSettings).values({ accountId, pool }).onConflictDoNothing()
  const [row] = await db
    .select({ n: notificationSettings, invisible: accounts.invisible })
    .from(notificationSettings)
    .innerJoin(accounts, eq(accounts.id, notificationSettings.accountId))
    .where(eq(notificationSettings.accountId, accountId))
  return {
    email_messages: row.n.emailMessages,
    email_likes: row.n.emailLikes,
    email_matches: row.n.emailMatches,
    email_newsletter: row.n.emailNewsletter,
    push: row.n.push,
    invisible: row.invisible,
    disabled_reasons: row.n.disabledReasons as NotificationSettings['disabled_reasons'],
  }
}

/** Where a newsletter consent was given (stored with it). */
export type ConsentSource = 'notifications_page' | 'signup'

export async function updateNotifications(db: Db, accountId: number, pool: string, patch: Partial<Omit<NotificationSettings, 'disabled_reasons'>>, source: ConsentSource = 'notifications_page') {
  await db.insert(notificationSettings).values({ accountId, pool }).onConflictDoNothing()
  const set: Partial<typeof notificationSettings.$inferInsert> = {}
  if (patch.email_messages !== undefined) set.emailMessages = patch.email_messages
  if (patch.email_likes !== undefined) set.emailLikes = patch.email_likes
  if (patch.email_matches !== undefined) set.emailMatches = patch.email_matches
  if (patch.email_newsletter !== undefined) {
    // GDPR: the consent is kept with its time and where it was given; a withdrawal with its time.
    const [current] = await db.select({ on: notificationSettings.emailNewsletter }).from(notificationSettings).where(eq(notificationSettings.accountId, accountId))
    if (patch.email_newsletter && !current?.on) Object.assign(set, { emailNewsletter: true, newsletterConsentAt: new Date(), newsletterConsentSource: source, newsletterWithdrawnAt: null })
    if (!patch.email_newsletter && current?.on) Object.assign(set, { emailNewsletter: false, newsletterWithdrawnAt: new Date() })
  }
  if (patch.push !== undefined) set.push = patch.push
  if (Object.keys(set).length > 0) await db.update(notificationSettings).set(set).where(eq(notificationSettings.accountId, accountId))
  if (patch.invisible !== undefined) await db.update(accounts).set({ invisible: patch.invisible }).where(eq(accounts.id, accountId))
  return readNotifications(db, accountId, pool)
}

/** The members who gave newsletter consent and did not withdraw it, in a pool, with when and where they gave it. */
export async function newsletterSubscribers(db: Db, pool: string) {
  return db
    .select({ id: accounts.id, email: accounts.email, tenantId: accounts.tenantId, language: accounts.language, consentAt: notificationSettings.newsletterConsentAt, source: notificationSettings.newsletterConsentSource })
    .from(notificationSettings)
    .innerJoin(accounts, eq(accounts.id, notificationSettings.accountId))
    .where(
      and(
        eq(notificationSettings.pool, pool),
        eq(notificationSettings.emailNewsletter, true),
        sql`${notificationSettings.newsletterConsentAt} is not null`,
        sql`${notificationSettings.disabledReasons} = '{}'::text[]`,
        sql`${accounts.status} in ('active', 'not_confirmed')`,
        eq(accounts.role, 'member'),
        eq(accounts.fictional, false),
      ),
    )
    .orderBy(notificationSettings.newsletterConsentAt)
}

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused for spreadsheets (CSV injection). */
export function csvField(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** Switches e-mail off for the account with a reason; e-mails are not sent while any reason is present. */
export async function disableEmail(db: Db, accountId: number, pool: string, reason: 'fbl' | 'bounce' | 'listunsubscribe') {
  await db.insert(notificationSettings).values({ accountId, pool }).onConflictDoNothing()
  await db
    .update(notificationSettings)
    .set({ disabledReasons: sql`array(select distinct unnest(${notificationSettings.disabledReasons} || array[${reason}]::text[]))` })
    .where(eq(notificationSettings.accountId, accountId))
}

/** The member turns e-mail back on: the reasons are cleared. */
export async function enableEmail(db: Db, accountId: number) {
  await db.update(notificationSettings).set({ disabledReasons: sql`'{}'::text[]` }).where(eq(notificationSettings.accountId, accountId))
}

/** Bounce or spam complaint for an address: e-mail off for every account with it in the pool. */
export async function mailEvent(db: Db, pool: string, email: string, type: 'bounce' | 'complaint') {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.pool, pool), sql`lower(${accounts.email}) = lower(${email})`))
  for (const r of rows) await disableEmail(db, r.id, pool, type === 'bounce' ? 'bounce' : 'fbl')
  return rows.length
}

/** A stable, unguessable unsubscribe token per account: accountId.HMAC(secret, accountId). */
export async function unsubscribeSecret(db: Db): Promise<Buffer> {
  await db.insert(appConfig).values({ key: 'unsubscribe_secret', value: crypto.randomBytes(32).toString('base64') }).onConflictDoNothing()
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, 'unsubscribe_secret'))
  return Buffer.from(row.value as string, 'base64')
}

export function unsubscribeToken(secret: Buffer, accountId: number): string {
  return `${accountId}.${crypto.createHmac('sha256', secret).update(String(accountId)).digest('base64url')}`
}

export function accountOfUnsubscribeToken(secret: Buffer, token: string | undefined): number | undefined {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '')
  if (!m) return undefined
  const expected = unsubscribeToken(secret, Number(m[1]))
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(token!)) ? Number(m[1]) : undefined
}
