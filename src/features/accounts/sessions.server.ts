// Sessions: a random token in a host-only httpOnly cookie, only its sha256 stored.
import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { perDatabase } from '../../db/per-database.server'
import { accounts, activityDays, profiles, photos, sessions, notificationSettings } from '../../db/schema'
import type { PresentedUser } from '../../shared/contracts'

/** SPEC.md section 9: auth cookie 30 days. */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

export async function createSession(db: Db, account: { id: number; pool: string }, tenantId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    pool: account.pool,
    tenantId,
    accountId: account.id,
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
  })
  await recordActivity(db, account, tenantId)
  return token
}

/** The member used the site today (the console's active members per day); once per member and day. */
export async function recordActivity(db: Db, account: { id: number; pool: string }, tenantId: string): Promise<void> {
  await db
    .insert(activityDays)
    .values({ day: sql`current_date`, accountId: account.id, pool: account.pool, tenantId })
    .onConflictDoNothing()
}

export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

/** How often a session's use is written down: its last_seen_at and the member's last_active_at (search order). */
export const ACTIVITY_INTERVAL_S = 5 * 60

/**
 * What presentUser reads besides the account: the profile's name and country, the main photo, notification state;
 * and the profile's gender and sexuality, for the member search's default filters (sessionSearchProfile).
 */
const presentedColumns = {
  profile: { name: profiles.name, country: profiles.country, gender: profiles.gender, sexuality: profiles.sexuality },
  photo: { filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status },
  notifications: { disabledReasons: notificationSettings.disabledReasons },
}
type PresentedRow = {
  profile: { name: string; country: string; gender: string | null; sexuality: string | null } | null
  photo: { filename: string; thumbFilename: string; status: string } | null
  notifications: { disabledReasons: string[] } | null
}

function buildSessionQuery(db: Db) {
  return db
    .select({ account: accounts, stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${ACTIVITY_INTERVAL_S})`, ...presentedColumns })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    // The presented user's columns come along (a page shows the user: one query fewer per member page, decision 042).
    .leftJoin(profiles, and(eq(profiles.accountId, accounts.id), eq(profiles.pool, accounts.pool)))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.pool, accounts.pool)))
    .leftJoin(notificationSettings, eq(notificationSettings.accountId, accounts.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        eq(sessions.pool, sql.placeholder('pool')),
        // Decision 002: brands never share a session, not even brands of one pool.
        eq(sessions.tenantId, sql.placeholder('tenant')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_account')
}
/** Every request looks its session up: the query is built once per database and prepared on each connection. */
const sessionQueries = perDatabase<ReturnType<typeof buildSessionQuery>>()
/**
 * The presented user's columns read with a session's account, on that account object (one per request) under a
 * symbol, not enumerable: a copy of the account does not carry them. Not a WeakMap: V8's young-generation collector
 * keeps every value of a WeakMap (and what it reaches) through a collection however dead its key, so each request's
 * row outlived its request (decision 042, sixteenth addendum).
 */
const PRESENTED = Symbol('presentedWithSession')
type WithPresented = Account & { [PRESENTED]?: PresentedRow }

/**
 * What a session token is on a brand: its member's account; `banned` when staff banned that member (the session
 * is refused, and the answer says why: decision 028, addendum); otherwise nothing (no session, another brand's,
 * expired, or a deleted account).
 */
export type SessionLookup = { account: Account; banned?: undefined } | { account?: undefined; banned: true } | undefined

/** The session of a token, only on the brand (tenant) that made it and while not expired (see SessionLookup). */
export async function lookUpSession(db: Db, token: string | undefined, tenant: { id: string; pool: string }): Promise<SessionLookup> {
  const { pool } = tenant
  if (!token || token.length > 100) return undefined
  const tokenHash = hashToken(token)
  const rows = await sessionQueries(db, () => buildSessionQuery(db)).execute({ hash: tokenHash, pool, tenant: tenant.id })
  const account = rows[0]?.account
  if (!account || account.status === 'deleted') return undefined
  // A banned member is logged out everywhere: the ban keeps the session rows only to tell an open tab why, and an
  // unban deletes them, so a ban never ends in the old sessions working again.
  if (account.status === 'banned') return { banned: true }
  const { profile, photo, notifications } = rows[0] as PresentedRow
  Object.defineProperty(account, PRESENTED, { value: { profile, photo, notifications } satisfies PresentedRow })
  // A member in use is active: search lists the most recently active first. Written at most every 5 minutes.
  if (rows[0].stale) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash))
    await db.update(profiles).set({ lastActiveAt: sql`now()` }).where(and(eq(profiles.accountId, account.id), eq(profiles.pool, pool)))
    await recordActivity(db, account, tenant.id)
  }
  return { account }
}

/** The account of a session token (lookUpSession without the reason a session is refused). */
export async function accountForSession(db: Db, token: string | undefined, tenant: { id: string; pool: string }): Promise<Account | undefined> {
  return (await lookUpSession(db, token, tenant))?.account
}

export type Account = typeof accounts.$inferSelect

/**
 * How long a session's account is reused by routes that check the session in their own statement
 * (sessionCheckedByHandler: the chat's send). A logout, ban or expiry still refuses the very next send (the
 * statement checks the session and the account's status); what may be this old is only what the route uses
 * before its statement: the member's id and pool (never change), and the language of an error message.
 */
export const SESSION_CACHE_MS = 60_000
const SESSION_CACHE_MAX = 50_000
const cachedSessions = new WeakMap<Db, Map<string, { account: Account; tokenHash: string; until: number }>>()

/** lookUpSession through the short-lived cache, with the token's hash for the handler's own check. */
export async function accountForSessionCached(db: Db, token: string | undefined, tenant: { id: string; pool: string }): Promise<{ account: Account; tokenHash: string; banned?: undefined } | { account?: undefined; banned: true } | undefined> {
  if (!token || token.length > 100) return undefined
  let cache = cachedSessions.get(db)
  if (!cache) cachedSessions.set(db, (cache = new Map()))
  const key = `${tenant.id}\n${token}`
  const hit = cache.get(key)
  const now = Date.now()
  if (hit && hit.until > now) return hit
  const found = await lookUpSession(db, token, tenant)
  const account = found?.account
  if (!account) {
    cache.delete(key)
    return found
  }
  const entry = { account, tokenHash: hashToken(token), until: now + SESSION_CACHE_MS }
  cache.delete(key)
  if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!)
  cache.set(key, entry)
  return entry
}

/** Drops a session from the cache (its handler found it ended). */
export function forgetCachedSession(db: Db, token: string | undefined, tenant: { id: string }): void {
  if (token) cachedSessions.get(db)?.delete(`${tenant.id}\n${token}`)
}

/** The logged-in user of SPEC.md section 3, field by field: nothing else leaves the server. */
/** mediaBase is the tenant's cdn_prefix: media addresses start with it. */
export async function presentUser(db: Db, account: Account, mediaBase = ''): Promise<PresentedUser> {
  const [row] = await db
    .select(presentedColumns)
    .from(accounts)
    .leftJoin(profiles, and(eq(profiles.accountId, accounts.id), eq(profiles.pool, accounts.pool)))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.pool, accounts.pool)))
    .leftJoin(notificationSettings, eq(notificationSettings.accountId, accounts.id))
    .where(eq(accounts.id, account.id))
    .limit(1)
  return presentedUser(account, row as PresentedRow | undefined, mediaBase)
}

/**
 * The user of a page request (its +data and layout): from the columns the session lookup of this request read with
 * the account (accountForSession), without a query of its own. For any other account object, or where the request
 * may have changed the user since its session was read (API handlers: use presentUser), it queries as presentUser.
 */
export async function presentSessionUser(db: Db, account: Account, mediaBase = ''): Promise<PresentedUser> {
  const row = (account as WithPresented)[PRESENTED]
  return row ? presentedUser(account, row, mediaBase) : presentUser(db, account, mediaBase)
}

/**
 * The gender and sexuality of the member's profile as the session lookup of this request read them with the account
 * (the member search's default filters: one query fewer per search, decision 042), or undefined where that lookup
 * did not give this account object or found no profile in the account's pool: the caller reads the profile itself.
 */
export function sessionSearchProfile(account: Account): { gender: string | null; sexuality: string | null } | undefined {
  const profile = (account as WithPresented)[PRESENTED]?.profile
  return profile ? { gender: profile.gender, sexuality: profile.sexuality } : undefined
}

function presentedUser(account: Account, row: PresentedRow | undefined, mediaBase: string): PresentedUser {
  const profile = row?.profile
  const photo = row?.photo
  return {
    id: account.id,
    email: account.email,
    status: account.status as PresentedUser['status'],
    credits: account.credits,
    paid_user: account.paidUser,
    signup_date: account.createdAt.toISOString(),
    language: account.language,
    fictional_icon: account.fictional,
    notifications_disabled: (row?.notifications?.disabledReasons ?? []) as PresentedUser['notifications_disabled'],
    ...(account.vulnerableAt ? { vulnerable: true as const } : {}),
    profile: profile
      ? {
          id: account.id,
          name: profile.name,
          country: profile.country,
          // Hidden from others until the e-mail address is confirmed, and when disabled.
          status: account.status === 'disabled' || account.status === 'not_confirmed' ? 'disabled' : 'active',
          main_image: photo
            ? { filename: `${mediaBase}/media/${photo.filename}`, thumb_filename: `${mediaBase}/media/${photo.thumbFilename}`, status: photo.status }
            : null,
        }
      : null,
  }
}
