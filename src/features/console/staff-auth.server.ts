// Console sessions and staff login (decision 028). Staff log in at /admin/login with their own cookie and their
// own session table: a member session never opens the console, a staff session never acts as a member. Stricter
// than the member's: 3 failed logins block for an hour (members: 5 and 15 minutes), sessions end after 30 minutes
// without use and 8 hours after login whatever happens.
import crypto from 'node:crypto'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, staffSessions } from '../../db/schema'
import { verifyPassword } from '../accounts/index.server'
import { hashToken, type Account } from '../accounts/index.server'
import type { LimitRule, RateLimiter } from '../../server/rate-limit.server'
import { STAFF_ROLES } from '../../shared/staff-policy'

export const STAFF_MAX_FAILED_LOGINS = 3
export const STAFF_BLOCK_MINUTES = 60
export const STAFF_SESSION_MAX_S = 8 * 3600
export const STAFF_SESSION_IDLE_S = 30 * 60

/** The console's cookie: host-only like the member's (`__Host-` on https), another name. */
export const staffCookieName = (memberCookie: string) => (memberCookie.startsWith('__Host-') ? '__Host-staff' : 'staff')

export function staffCookieOptions(secure: boolean, maxAge?: number) {
  // strict: the console is never entered from a link on another site with its session.
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, ...(maxAge !== undefined ? { maxAge } : {}) }
}

export async function createStaffSession(db: Db, staff: { id: number }, tenantId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), accountId: staff.id, tenantId, expiresAt: new Date(Date.now() + STAFF_SESSION_MAX_S * 1000) })
  return token
}

export async function destroyStaffSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)))
}

/** The staff account of a console session on this brand: not expired, not idle, still a staff role and active. */
export async function staffForSession(db: Db, token: string | undefined, tenantId: string): Promise<Account | undefined> {
  if (!token || token.length > 100) return undefined
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({ account: accounts })
    .from(staffSessions)
    .innerJoin(accounts, eq(accounts.id, staffSessions.accountId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        eq(staffSessions.tenantId, tenantId),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${STAFF_SESSION_IDLE_S})`),
        inArray(accounts.role, [...STAFF_ROLES]),
        eq(accounts.status, 'active'),
      ),
    )
    .limit(1)
  if (!row) return undefined
  await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.tokenHash, tokenHash))
  return row.account
}

export type StaffLoginResult = { ok: true; staff: Account } | { ok: false; reason: 'failed' } | { ok: false; reason: 'blocked'; minutes: number }

const UNKNOWN_RULE: LimitRule = { limit: STAFF_MAX_FAILED_LOGINS - 1, windowSeconds: 24 * 3600, blockSeconds: STAFF_BLOCK_MINUTES * 60 }
const unknownKey = (email: string) => `staff-login-unknown:${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex')}`

/**
 * A staff login by e-mail over the whole network (staff accounts live in a pool, the console serves every host).
 * An address without a staff account is counted like a wrong password, so answers never tell which exist.
 */
export async function attemptStaffLogin(db: Db, limiter: RateLimiter, email: string, password: string): Promise<StaffLoginResult> {
  const [staff] = await db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.role, [...STAFF_ROLES]), sql`lower(${accounts.email}) = lower(${email})`, eq(accounts.status, 'active')))
    .orderBy(accounts.id)
    .limit(1)
  if (!staff) {
    const key = unknownKey(email)
    const blocked = await limiter.peek(key, UNKNOWN_RULE)
    if (!blocked.allowed) return { ok: false, reason: 'blocked', minutes: Math.ceil(blocked.retryAfterS / 60) }
    await verifyPassword(undefined, password)
    const counted = await limiter.consume(key, UNKNOWN_RULE)
    if (!counted.allowed) return { ok: false, reason: 'blocked', minutes: STAFF_BLOCK_MINUTES }
    return { ok: false, reason: 'failed' }
  }
  if (staff.blockedUntil && staff.blockedUntil.getTime() > Date.now()) {
    return { ok: false, reason: 'blocked', minutes: Math.ceil((staff.blockedUntil.getTime() - Date.now()) / 60000) }
  }
  if (!(await verifyPassword(staff.passwordHash, password))) {
    const [row] = await db
      .update(accounts)
      .set({
        failedLogins: sql`case when ${accounts.blockedUntil} is not null and ${accounts.blockedUntil} <= now() then 1 else ${accounts.failedLogins} + 1 end`,
        blockedUntil: sql`case when ${accounts.blockedUntil} is not null and ${accounts.blockedUntil} <= now() then null when ${accounts.failedLogins} + 1 >= ${STAFF_MAX_FAILED_LOGINS} then now() + make_interval(mins => ${STAFF_BLOCK_MINUTES}) else null end`,
      })
      .where(eq(accounts.id, staff.id))
      .returning({ failedLogins: accounts.failedLogins })
    if (row.failedLogins >= STAFF_MAX_FAILED_LOGINS) return { ok: false, reason: 'blocked', minutes: STAFF_BLOCK_MINUTES }
    return { ok: false, reason: 'failed' }
  }
  const [updated] = await db.update(accounts).set({ failedLogins: 0, blockedUntil: null, lastLoginAt: sql`now()` }).where(eq(accounts.id, staff.id)).returning()
  return { ok: true, staff: updated }
}
