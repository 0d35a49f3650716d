// The console's work (decision 028): the overview's numbers, member lookup and detail, ban, unban, credit
// correction and the complaints inbox. Every function takes the pools the staff member may see (policy.poolsOf)
// and never reads or changes a row outside them: another pool's member is simply not found.
import { and, desc, eq, gt, gte, inArray, isNotNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, activityDays, complaints, creditLedger, orders, payments, photos, profiles, sessions, staffAudit } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { Account } from '../accounts/index.server'
import { applyCredits, type CreditResult } from '../payments/index.server'
import { queueMail } from '../mail/index.server'
import { writeAudit } from './audit.server'
import { POLICY, STAFF_ROLES } from '../../shared/staff-policy'

type Auditor = { staff: Pick<Account, 'id' | 'email' | 'role'>; ip?: string }
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The last `n` days up to today (UTC), oldest first. */
export function lastDays(n: number, now = new Date()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) out.push(isoDay(new Date(now.getTime() - i * 86400_000)))
  return out
}

export async function overview(db: Db, tenants: Tenant[], days: number) {
  const series = lastDays(days)
  const since = new Date(`${series[0]}T00:00:00Z`)
  const ids = tenants.map((t) => t.id)
  if (ids.length === 0) return { days: series, tenants: [] }
  const notStaff = notInArray(accounts.role, [...STAFF_ROLES])
  const [members, signups, active, revenue] = await Promise.all([
    db
      .select({ tenant: accounts.tenantId, n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(and(inArray(accounts.tenantId, ids), ne(accounts.status, 'deleted'), notStaff, eq(accounts.fictional, false)))
      .groupBy(accounts.tenantId),
    db
      .select({ tenant: accounts.tenantId, day: sql<string>`to_char(${accounts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(and(inArray(accounts.tenantId, ids), gte(accounts.createdAt, since), notStaff, eq(accounts.fictional, false)))
      .groupBy(sql`1, 2`),
    db
      .select({ tenant: activityDays.tenantId, day: sql<string>`to_char(${activityDays.day}, 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(activityDays)
      .where(and(inArray(activityDays.tenantId, ids), gte(activityDays.day, series[0])))
      .groupBy(sql`1, 2`),
    db
      .select({ tenant: orders.tenantId, currency: orders.currency, day: sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`, cents: sql<number>`sum(${orders.amountCents})::int` })
      .from(orders)
      .where(and(inArray(orders.tenantId, ids), eq(orders.status, 'paid'), isNotNull(orders.paidAt), gte(orders.paidAt, since)))
      .groupBy(sql`1, 2, 3`),
  ])
  const index = new Map(series.map((d, i) => [d, i]))
  const perDay = (rows: { tenant: string; day: string; n: number }[], tenant: string) => {
    const out = series.map(() => 0)
    for (const r of rows) if (r.tenant === tenant && index.has(r.day)) out[index.get(r.day)!] += Number(r.n)
    return out
  }
  return {
    days: series,
    tenants: tenants.map((t) => {
      const currencies = new Map<string, number[]>()
      for (const r of revenue) {
        if (r.tenant !== t.id || !index.has(r.day)) continue
        if (!currencies.has(r.currency)) currencies.set(r.currency, series.map(() => 0))
        currencies.get(r.currency)![index.get(r.day)!] += Number(r.cents)
      }
      return {
        id: t.id,
        name: t.name,
        domains: t.domains,
        pool: t.pool,
        niche: t.niche,
        members: Number(members.find((m) => m.tenant === t.id)?.n ?? 0),
        signups: perDay(signups, t.id),
        active: perDay(active, t.id),
        revenue: [...currencies].map(([currency, cents]) => ({ currency, cents })),
      }
    }),
  }
}

const summaryColumns = {
  id: accounts.id,
  email: accounts.email,
  name: profiles.name,
  tenantId: accounts.tenantId,
  pool: accounts.pool,
  status: accounts.status,
  credits: accounts.credits,
  paidUser: accounts.paidUser,
  fictional: accounts.fictional,
  createdAt: accounts.createdAt,
}
type SummaryRow = { id: number; email: string; name: string | null; tenantId: string; pool: string; status: string; credits: number; paidUser: boolean; fictional: boolean; createdAt: Date }
export const presentSummary = (r: SummaryRow) => ({
  id: r.id, email: r.email, name: r.name, tenant_id: r.tenantId, pool: r.pool, status: r.status, credits: r.credits, paid_user: r.paidUser, fictional: r.fictional, created_at: r.createdAt.toISOString(),
})

/** Members (never staff) of these pools whose id is q, or whose e-mail or profile name contains q. */
export async function searchMembers(db: Db, pools: string[], q: string) {
  if (pools.length === 0) return []
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const conds: SQL[] = [sql`lower(${accounts.email}) like ${like}`, sql`lower(${profiles.name}) like ${like}`]
  if (/^\d{1,15}$/.test(q)) conds.push(eq(accounts.id, Number(q)))
  const rows = await db
    .select(summaryColumns)
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(inArray(accounts.pool, pools), notInArray(accounts.role, [...STAFF_ROLES]), or(...conds)))
    .orderBy(desc(accounts.id))
    .limit(50)
  return rows.map(presentSummary)
}

async function memberIn(db: Db, pools: string[], id: number) {
  if (pools.length === 0) return undefined
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), inArray(accounts.pool, pools), notInArray(accounts.role, [...STAFF_ROLES])))
    .limit(1)
  return row
}

export async function memberDetail(db: Db, pools: string[], id: number, mediaBase: (tenantId: string) => string) {
  const account = await memberIn(db, pools, id)
  if (!account) return undefined
  const [profile] = await db.select().from(profiles).where(eq(profiles.accountId, id))
  const base = mediaBase(account.tenantId)
  const [photoRows, ledgerRows, paymentRows, complaintRows, sessionRows, auditRows] = await Promise.all([
    db.select().from(photos).where(and(eq(photos.accountId, id), eq(photos.pool, account.pool))).orderBy(desc(photos.id)).limit(50),
    db.select().from(creditLedger).where(and(eq(creditLedger.accountId, id), eq(creditLedger.pool, account.pool))).orderBy(desc(creditLedger.id)).limit(100),
    db
      .select({ p: payments })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(orders.accountId, id), eq(payments.pool, account.pool)))
      .orderBy(desc(payments.id))
      .limit(100),
    db.select().from(complaints).where(and(eq(complaints.accountId, id), eq(complaints.pool, account.pool))).orderBy(desc(complaints.id)).limit(50),
    db.select().from(sessions).where(and(eq(sessions.accountId, id), eq(sessions.pool, account.pool))).orderBy(desc(sessions.createdAt)).limit(50),
    db.select().from(staffAudit).where(and(eq(staffAudit.targetType, 'member'), eq(staffAudit.targetId, String(id)))).orderBy(desc(staffAudit.id)).limit(50),
  ])
  return {
    member: {
      ...presentSummary({ ...account, name: profile?.name ?? null }),
      gender: profile?.gender ?? null,
      birth_date: profile?.birthDate ?? null,
      country: profile?.country ?? null,
      city: profile?.city ?? null,
      about: profile?.about ?? null,
      last_login_at: account.lastLoginAt?.toISOString() ?? null,
      payment_flag: account.paymentFlag,
    },
    photos: photoRows.map((p) => ({ id: p.id, url: `${base}/media/${p.thumbFilename}`, status: p.status, visibility: p.visibility, created_at: p.createdAt.toISOString() })),
    ledger: ledgerRows.map((l) => ({ id: l.id, delta: l.delta, balance_after: l.balanceAfter, reason: l.reason, reference: l.reference, note: l.note, created_at: l.createdAt.toISOString() })),
    payments: paymentRows.map(({ p }) => ({
      id: p.id, order_id: p.orderId, provider: p.provider, method: p.method, status: p.status, amount_cents: p.amountCents, currency: p.currency, refunded_cents: p.refundedCents, created_at: p.createdAt.toISOString(),
    })),
    complaints: complaintRows.map((c) => ({ id: c.id, subject: c.subject, status: c.status, created_at: c.createdAt.toISOString() })),
    logins: sessionRows.map((s) => ({ tenant_id: s.tenantId, created_at: s.createdAt.toISOString(), last_seen_at: s.lastSeenAt.toISOString() })),
    audit: auditRows.map((a) => ({ id: a.id, action: a.action, staff_email: a.staffEmail, created_at: a.createdAt.toISOString(), before: a.before, after: a.after })),
    pool: account.pool,
  }
}

export type BanOutcome = { ok: true; status: string } | { ok: false; reason: 'not_found' | 'already_banned' | 'not_banned' }

/**
 * Bans a member: status banned, with its audit row, in one transaction. Every session is refused from then on (the
 * session lookup reads the status); the rows stay so an open tab's next request learns why (account_banned) and is
 * sent to the ban page, not the login page. An unban deletes them (decision 028, addendum).
 */
export async function banMember(db: Db, pools: string[], id: number, reason: string, who: Auditor): Promise<BanOutcome> {
  return db.transaction(async (tx) => {
    const [acc] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), inArray(accounts.pool, pools.length ? pools : ['']), notInArray(accounts.role, [...STAFF_ROLES])))
      .for('update')
    if (!acc || acc.status === 'deleted') return { ok: false, reason: 'not_found' }
    if (acc.status === 'banned') return { ok: false, reason: 'already_banned' }
    await tx.update(accounts).set({ status: 'banned' }).where(eq(accounts.id, id))
    const ended = await tx.select({ t: sessions.tokenHash }).from(sessions).where(and(eq(sessions.accountId, id), gt(sessions.expiresAt, sql`now()`)))
    await writeAudit(tx, who, { action: 'members.ban', pool: acc.pool, targetType: 'member', targetId: id, before: { status: acc.status }, after: { status: 'banned', reason, sessions_ended: ended.length } })
    return { ok: true, status: 'banned' }
  })
}

/**
 * Lifts a ban: back to the status the ban's audit row found (active, or not_confirmed, disabled). The sessions the
 * ban refused are deleted: the member logs in again, an old cookie never works again.
 */
export async function unbanMember(db: Db, pools: string[], id: number, reason: string, who: Auditor): Promise<BanOutcome> {
  return db.transaction(async (tx) => {
    const [acc] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), inArray(accounts.pool, pools.length ? pools : ['']), notInArray(accounts.role, [...STAFF_ROLES])))
      .for('update')
    if (!acc || acc.status === 'deleted') return { ok: false, reason: 'not_found' }
    if (acc.status !== 'banned') return { ok: false, reason: 'not_banned' }
    const [ban] = await tx
      .select({ before: staffAudit.before })
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'members.ban'), eq(staffAudit.targetType, 'member'), eq(staffAudit.targetId, String(id))))
      .orderBy(desc(staffAudit.id))
      .limit(1)
    const was = (ban?.before as { status?: string } | null)?.status
    const status = was && ['active', 'not_confirmed', 'disabled'].includes(was) ? was : 'active'
    await tx.update(accounts).set({ status, failedLogins: 0, blockedUntil: null }).where(eq(accounts.id, id))
    await tx.delete(sessions).where(eq(sessions.accountId, id))
    await writeAudit(tx, who, { action: 'members.unban', pool: acc.pool, targetType: 'member', targetId: id, before: { status: 'banned' }, after: { status, reason } })
    return { ok: true, status }
  })
}

/**
 * A credit correction through the ledger (reason 'correction', the staff member's text as its note), with its
 * audit row in the same transaction. The reference holds the request id: a repeated submit applies once.
 * A take larger than the balance takes what is there (the rest is the entry's shortfall).
 */
export async function correctCredits(
  db: Db,
  pools: string[],
  input: { id: number; delta: number; reason: string; requestId: string },
  who: Auditor,
): Promise<(CreditResult & { pool: string }) | undefined> {
  return db.transaction(async (tx) => {
    const [acc] = await tx
      .select({ pool: accounts.pool, credits: accounts.credits, status: accounts.status })
      .from(accounts)
      .where(and(eq(accounts.id, input.id), inArray(accounts.pool, pools.length ? pools : ['']), notInArray(accounts.role, [...STAFF_ROLES])))
    if (!acc || acc.status === 'deleted') return undefined
    const reference = `staff:${who.staff.id}:${input.requestId}`
    const result = await applyCredits(tx, { pool: acc.pool, accountId: input.id, delta: input.delta, reason: 'correction', reference, partial: true })
    if (result.applied) {
      await tx
        .update(creditLedger)
        .set({ note: input.reason })
        .where(and(eq(creditLedger.accountId, input.id), eq(creditLedger.reason, 'correction'), eq(creditLedger.reference, reference)))
      await writeAudit(tx, who, {
        action: 'credits.correct', pool: acc.pool, targetType: 'member', targetId: input.id,
        before: { credits: acc.credits }, after: { credits: result.balance, delta: result.delta, shortfall: result.shortfall, reason: input.reason },
      })
    }
    return { ...result, pool: acc.pool }
  })
}

type ComplaintRow = typeof complaints.$inferSelect
export const presentComplaint = (c: ComplaintRow) => ({
  id: c.id, tenant_id: c.tenantId, pool: c.pool, account_id: c.accountId, name: c.name, email: c.email, subject: c.subject, message: c.message,
  profile_url: c.profileUrl, status: c.status, assigned_to: c.assignedTo, reply: c.reply, replied_at: c.repliedAt?.toISOString() ?? null, created_at: c.createdAt.toISOString(),
})

export async function listComplaints(db: Db, pools: string[], status?: string) {
  if (pools.length === 0) return { complaints: [], assignees: [] }
  const where = status ? and(inArray(complaints.pool, pools), eq(complaints.status, status)) : inArray(complaints.pool, pools)
  const rows = await db.select().from(complaints).where(where).orderBy(desc(complaints.id)).limit(200)
  // Whoever may handle complaints and works on one of these pools (admins work on all).
  const assignees = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(and(inArray(accounts.role, [...POLICY['complaints.update']]), eq(accounts.status, 'active'), or(eq(accounts.role, 'admin'), inArray(accounts.pool, pools))))
    .orderBy(accounts.email)
  return { complaints: rows.map(presentComplaint), assignees }
}

export async function updateComplaint(db: Db, pools: string[], input: { id: number; status?: string; assignedTo?: number | null }, who: Auditor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(complaints).where(and(eq(complaints.id, input.id), inArray(complaints.pool, pools.length ? pools : [''])))
    if (!before) return undefined
    if (input.assignedTo) {
      const [assignee] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, input.assignedTo), inArray(accounts.role, [...POLICY['complaints.update']]), or(eq(accounts.role, 'admin'), eq(accounts.pool, before.pool))))
      if (!assignee) return 'bad_assignee' as const
    }
    const set: Partial<ComplaintRow> = {}
    if (input.status) set.status = input.status
    if (input.assignedTo !== undefined) set.assignedTo = input.assignedTo
    if (Object.keys(set).length === 0) return presentComplaint(before)
    const [after] = await tx.update(complaints).set(set).where(eq(complaints.id, input.id)).returning()
    await writeAudit(tx, who, {
      action: 'complaints.update', pool: before.pool, targetType: 'complaint', targetId: before.id,
      before: { status: before.status, assigned_to: before.assignedTo }, after: { status: after.status, assigned_to: after.assignedTo },
    })
    return presentComplaint(after)
  })
}

/** Replies by e-mail (a queued mail in the brand's name and the complainant's language) and marks it in progress. */
export async function replyToComplaint(db: Db, pools: string[], input: { id: number; message: string; lng: string }, who: Auditor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(complaints).where(and(eq(complaints.id, input.id), inArray(complaints.pool, pools.length ? pools : [''])))
    if (!before) return undefined
    let lng = input.lng
    if (before.accountId) {
      const [acc] = await tx.select({ language: accounts.language }).from(accounts).where(eq(accounts.id, before.accountId))
      if (acc) lng = acc.language
    }
    const status = before.status === 'open' ? 'in_progress' : before.status
    const [after] = await tx.update(complaints).set({ reply: input.message, repliedAt: sql`now()`, status }).where(eq(complaints.id, input.id)).returning()
    await queueMail(tx, {
      kind: 'complaint_reply', tenantId: before.tenantId, to: before.email, lng, name: before.name, path: '/complaints',
      vars: { id: before.id, subject: before.subject, reply: input.message },
    })
    await writeAudit(tx, who, {
      action: 'complaints.reply', pool: before.pool, targetType: 'complaint', targetId: before.id,
      before: { status: before.status, reply: before.reply }, after: { status: after.status, reply: input.message },
    })
    return presentComplaint(after)
  })
}

export async function auditPage(db: Db, opts: { before?: number; action?: string }) {
  const conds: SQL[] = []
  if (opts.before) conds.push(lt(staffAudit.id, opts.before))
  if (opts.action) conds.push(eq(staffAudit.action, opts.action))
  const rows = await db.select().from(staffAudit).where(conds.length ? and(...conds) : undefined).orderBy(desc(staffAudit.id)).limit(100)
  return rows.map((a) => ({
    id: a.id, staff_email: a.staffEmail, staff_role: a.staffRole, action: a.action, pool: a.pool, target_type: a.targetType, target_id: a.targetId, before: a.before, after: a.after, ip: a.ip, created_at: a.createdAt.toISOString(),
  }))
}
