// Notification e-mails (docs/decisions/031-notification-mails.md): a new message when the member has no open tab,
// new likes in a batch, a match, and the activation reminders. Each is a durable job queued with the change that
// causes it; its handler decides at run time, on what is true then, whether the mail goes out, records it in
// notification_mails and queues the mail itself (mail.send) in one transaction.
//
// Nobody gets one who is deleted or banned (status deleted, disabled), whose e-mail is off (a bounce, a spam report
// or an unsubscribe: disabled_reasons), who switched that kind off on /notifications, or who is in invisible mode
// (taking a break: SPEC.md's "Neem een pauze").
import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { accounts, blocks, conversationMembers, jobs, likes, messages, notificationMails, notificationSettings, profiles } from '../../db/schema'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import { queueMail } from '../mail/index.server'
import { issueToken } from '../accounts/index.server'

export const MESSAGE_MAIL_JOB = 'notify.message'
export const DIGEST_MAIL_JOB = 'notify.digest'
export const LIKES_MAIL_JOB = 'notify.likes'
export const MATCH_MAIL_JOB = 'notify.match'
export const ACTIVATION_REMINDER_JOB = 'notify.activation_reminder'

/** A message is mailed when still unread this long after it came and the member has no open tab. */
export const MESSAGE_MAIL_DELAY_S = 5 * 60
/** At most one message mail per conversation per this period (later messages in it are covered by that mail). */
export const MESSAGE_MAIL_PER_CONVERSATION_S = 3600
/** Message mails per member per 24 hours; beyond them, one daily digest of the unread conversations. */
export const MESSAGE_MAILS_PER_DAY = 3
/** New likes are collected this long before one mail names them all. */
export const LIKES_BATCH_S = 30 * 60
/** Activation reminders: a day and three days after signup, while the address is unconfirmed. */
export const ACTIVATION_REMINDERS_S = [24 * 3600, 3 * 24 * 3600]
const ACTIVATION_TOKEN_TTL_S = 7 * 24 * 3600
const DAY_S = 24 * 3600

type Switch = 'emailMessages' | 'emailLikes' | 'emailMatches'

interface Recipient {
  id: number
  pool: string
  tenantId: string
  email: string
  language: string
  status: string
  name: string
}

/**
 * The member, when a notification mail of this kind may go to them now: an active (or, for the activation
 * reminder, unconfirmed) account, visible, e-mail not switched off for a reason, and the kind's switch on.
 */
export async function mailRecipient(db: Db, accountId: number, want: Switch | 'activation'): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ a: accounts, name: profiles.name, n: notificationSettings })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(notificationSettings, eq(notificationSettings.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1)
  if (!row) return undefined
  const { a, n } = row
  if (want === 'activation' ? a.status !== 'not_confirmed' : a.status !== 'active' && a.status !== 'not_confirmed') return undefined
  if (a.fictional || a.role !== 'member') return undefined
  if (n && n.disabledReasons.length > 0) return undefined
  if (want !== 'activation') {
    if (a.invisible) return undefined
    // No settings row yet: the defaults (every kind on).
    if (n && !n[want]) return undefined
  }
  return { id: a.id, pool: a.pool, tenantId: a.tenantId, email: a.email, language: a.language, status: a.status, name: row.name }
}

async function blockedEitherWay(db: Db, pool: string, a: number, b: number) {
  const [row] = await db
    .select({ x: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.pool, pool), sql`((${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`))
    .limit(1)
  return row !== undefined
}

/** A pending job of this kind for the account (its payload's accountId). */
async function pendingJob(db: Db, kind: string, accountId: number) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.doneAt} is null and ${jobs.attempts} < ${jobs.maxAttempts} and (${jobs.payload}->>'accountId')::bigint = ${accountId}`))
    .limit(1)
  return row !== undefined
}

async function lastMail(db: Db, accountId: number, kind: string, conversationId?: number) {
  const [row] = await db
    .select({ sentAt: notificationMails.sentAt })
    .from(notificationMails)
    .where(and(eq(notificationMails.accountId, accountId), eq(notificationMails.kind, kind), conversationId === undefined ? undefined : eq(notificationMails.conversationId, conversationId)))
    .orderBy(desc(notificationMails.sentAt))
    .limit(1)
  return row?.sentAt
}

const since = (seconds: number) => new Date(Date.now() - seconds * 1000)

/** Records the mail and queues it, together: a retried job never mails twice. */
async function send(db: Db, to: Recipient, rec: { kind: string; conversationId?: number }, mail: Omit<Parameters<typeof queueMail>[1], 'tenantId' | 'to' | 'lng' | 'name' | 'accountId'>) {
  await db.transaction(async (tx) => {
    await tx.insert(notificationMails).values({ pool: to.pool, accountId: to.id, kind: rec.kind, conversationId: rec.conversationId ?? null })
    await queueMail(tx, { tenantId: to.tenantId, to: to.email, lng: to.language, name: to.name, accountId: to.id, ...mail })
  })
}

// ---- new message -------------------------------------------------------------------------------------------

const messageJob = z.object({ messageId: z.number().int().positive(), recipientId: z.number().int().positive() })

export function messageMailHandler(deps: { db: Db; isOnline: (accountId: number) => Promise<boolean> }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = messageJob.parse(payload)
    const [row] = await db
      .select({ message: messages, read: conversationMembers.lastReadMessageId, senderName: profiles.name })
      .from(messages)
      .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.accountId, job.recipientId)))
      .innerJoin(profiles, eq(profiles.accountId, messages.senderId))
      .where(eq(messages.id, job.messageId))
      .limit(1)
    // Gone, or read since: nothing to say.
    if (!row || row.message.senderId === job.recipientId || (row.read ?? 0) >= row.message.id) return
    const to = await mailRecipient(db, job.recipientId, 'emailMessages')
    if (!to || to.pool !== row.message.pool) return
    if (await blockedEitherWay(db, to.pool, to.id, row.message.senderId)) return
    // An open tab shows the message.
    if (await deps.isOnline(to.id).catch(() => false)) return
    const conversationId = row.message.conversationId
    // One mail per conversation per hour: it covers the messages after it.
    const last = await lastMail(db, to.id, 'message', conversationId)
    if (last && last > since(MESSAGE_MAIL_PER_CONVERSATION_S)) return
    // Beyond a few a day, one digest.
    const today = await db
      .select({ sentAt: notificationMails.sentAt })
      .from(notificationMails)
      .where(and(eq(notificationMails.accountId, to.id), eq(notificationMails.kind, 'message'), gt(notificationMails.sentAt, since(DAY_S))))
      .orderBy(notificationMails.sentAt)
    if (today.length >= MESSAGE_MAILS_PER_DAY) {
      if (await pendingJob(db, DIGEST_MAIL_JOB, to.id)) return
      const lastDigest = await lastMail(db, to.id, 'digest')
      const from = lastDigest && lastDigest > today[0].sentAt ? lastDigest : today[0].sentAt
      await enqueueJob(db, DIGEST_MAIL_JOB, { accountId: to.id }, { runAt: new Date(from.getTime() + DAY_S * 1000) })
      return
    }
    await send(db, to, { kind: 'message', conversationId }, { kind: 'new_message', path: `/chats/${conversationId}`, vars: { sender: row.senderName } })
  }
}

const accountJob = z.object({ accountId: z.number().int().positive() })

export function digestMailHandler(deps: { db: Db }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = accountJob.parse(payload)
    const to = await mailRecipient(db, job.accountId, 'emailMessages')
    if (!to) return
    const [unread] = await db
      .select({ conversations: sql<number>`count(*)::int`, messages: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.pool, to.pool), eq(conversationMembers.accountId, to.id), gt(conversationMembers.unreadCount, 0), sql`${conversationMembers.hiddenAt} is null`))
    if (!unread || Number(unread.messages) === 0) return
    await send(db, to, { kind: 'digest' }, { kind: 'message_digest', path: '/chats', vars: { count: Number(unread.messages), conversations: Number(unread.conversations) } })
  }
}

// ---- likes and matches -------------------------------------------------------------------------------------

/** Called when a like is stored: a batch mail for the liked member, or a match mail when it is mutual. */
export async function queueLikeMails(db: Db, like: { likerId: number; likedId: number; match: boolean }) {
  if (like.match) {
    await enqueueJob(db, MATCH_MAIL_JOB, { accountId: like.likedId, memberId: like.likerId }, { maxAttempts: 5 })
    return
  }
  if (await pendingJob(db, LIKES_MAIL_JOB, like.likedId)) return
  await enqueueJob(db, LIKES_MAIL_JOB, { accountId: like.likedId }, { runAt: new Date(Date.now() + LIKES_BATCH_S * 1000), maxAttempts: 5 })
}

export function likesMailHandler(deps: { db: Db; isOnline: (accountId: number) => Promise<boolean> }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = accountJob.parse(payload)
    const to = await mailRecipient(db, job.accountId, 'emailLikes')
    if (!to) return
    if (await deps.isOnline(to.id).catch(() => false)) return
    const lastSent = await lastMail(db, to.id, 'likes')
    // New likes since the last likes mail, from members still there, not blocked, and not a match (its own mail).
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .innerJoin(accounts, eq(accounts.id, likes.likerId))
      .where(
        and(
          eq(likes.pool, to.pool),
          eq(likes.likedId, to.id),
          eq(likes.isNew, true),
          lastSent ? gt(likes.createdAt, lastSent) : undefined,
          sql`${accounts.status} = 'active' and ${accounts.pool} = ${to.pool}`,
          sql`not exists (select 1 from likes back where back.pool = ${to.pool} and back.liker_id = ${to.id} and back.liked_id = ${likes.likerId})`,
          sql`not exists (select 1 from blocks b where b.pool = ${to.pool} and ((b.blocker_id = ${to.id} and b.blocked_id = ${likes.likerId}) or (b.blocker_id = ${likes.likerId} and b.blocked_id = ${to.id})))`,
        ),
      )
    const n = Number(row?.n ?? 0)
    if (n === 0) return
    await send(db, to, { kind: 'likes' }, { kind: 'new_likes', path: '/likes', vars: { count: n } })
  }
}

const matchJob = z.object({ accountId: z.number().int().positive(), memberId: z.number().int().positive() })

export function matchMailHandler(deps: { db: Db }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = matchJob.parse(payload)
    const to = await mailRecipient(db, job.accountId, 'emailMatches')
    if (!to) return
    const [member] = await db
      .select({ name: profiles.name, status: accounts.status, pool: accounts.pool })
      .from(accounts)
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(accounts.id, job.memberId))
    if (!member || member.status !== 'active' || member.pool !== to.pool) return
    if (await blockedEitherWay(db, to.pool, to.id, job.memberId)) return
    // Still mutual (an unlike since undoes the match).
    const [mutual] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(eq(likes.pool, to.pool), sql`((${likes.likerId} = ${to.id} and ${likes.likedId} = ${job.memberId}) or (${likes.likerId} = ${job.memberId} and ${likes.likedId} = ${to.id}))`))
    if (Number(mutual?.n) < 2) return
    await send(db, to, { kind: 'match' }, { kind: 'match', path: `/members/${job.memberId}`, vars: { member: member.name } })
  }
}

// ---- activation reminders ----------------------------------------------------------------------------------

export async function queueActivationReminders(db: Db, accountId: number) {
  await enqueueJob(db, ACTIVATION_REMINDER_JOB, { accountId, n: 0 }, { runAt: new Date(Date.now() + ACTIVATION_REMINDERS_S[0] * 1000) })
}

const reminderJob = z.object({ accountId: z.number().int().positive(), n: z.number().int().min(0) })

export function activationReminderHandler(deps: { db: Db }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = reminderJob.parse(payload)
    const to = await mailRecipient(db, job.accountId, 'activation')
    if (!to) return
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, { id: to.id, pool: to.pool }, 'activate', ACTIVATION_TOKEN_TTL_S)
      await tx.insert(notificationMails).values({ pool: to.pool, accountId: to.id, kind: 'activation_reminder' })
      await queueMail(tx, { tenantId: to.tenantId, to: to.email, lng: to.language, name: to.name, accountId: to.id, kind: 'activation_reminder', path: `/api/activate.php?token=${token}` })
      const next = ACTIVATION_REMINDERS_S[job.n + 1]
      if (next !== undefined) {
        const delay = next - ACTIVATION_REMINDERS_S[job.n]
        await enqueueJob(tx as unknown as Db, ACTIVATION_REMINDER_JOB, { accountId: to.id, n: job.n + 1 }, { runAt: new Date(Date.now() + delay * 1000) })
      }
    })
  }
}

export function notificationMailHandlers(deps: { db: Db; isOnline: (accountId: number) => Promise<boolean> }): Record<string, JobHandler> {
  return {
    [MESSAGE_MAIL_JOB]: messageMailHandler(deps),
    [DIGEST_MAIL_JOB]: digestMailHandler(deps),
    [LIKES_MAIL_JOB]: likesMailHandler(deps),
    [MATCH_MAIL_JOB]: matchMailHandler(deps),
    [ACTIVATION_REMINDER_JOB]: activationReminderHandler(deps),
  }
}
