// Web push for a new message when the recipient had no open tab: queued as a durable job in the message's own
// transaction, sent by the worker in the recipient's language and brand to every push subscription they have.
import { and, eq, or } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { accounts, blocks, conversationMembers, conversations, messages, profiles } from '../../db/schema'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import type { I18nService } from '../../server/i18n.server'
import type { TenantRegistry } from '../../server/tenants.server'
import { isLocale } from '../../shared/locales'
import { pushWanted, type PushNotification, type PushSender } from '../notifications/index.server'

export const MESSAGE_PUSH_JOB = 'push.message'
/** A message notification is stale after a few hours: push jobs give up after 5 attempts (about 4 minutes). */
export const MESSAGE_PUSH_ATTEMPTS = 5

const messagePushJob = z.object({
  messageId: z.number().int().positive(),
  recipientId: z.number().int().positive(),
  /** A follow-up for the subscriptions that failed while others got it (they are not sent to twice). */
  subscriptionIds: z.array(z.number().int().positive()).optional(),
})
export type MessagePushJob = z.infer<typeof messagePushJob>

/** Queues the push of a stored message. (sendMessage queues it in the message's own statement, the same job.) */
export async function queueMessagePush(tx: Db | Tx, job: MessagePushJob, runAt?: Date) {
  await enqueueJob(tx as Db, MESSAGE_PUSH_JOB, job, { maxAttempts: MESSAGE_PUSH_ATTEMPTS, runAt })
}

/** The notification of a message as the recipient sees it: their language, their site's name, no message text. */
export function renderMessagePush(opts: { t: I18nService['base']['t']; site: string; senderName: string; kind: string; conversationId: number }): PushNotification {
  const kind = ['text', 'image', 'gift', 'gif'].includes(opts.kind) ? opts.kind : 'text'
  return {
    title: opts.t('push.title', { ns: 'mail', site: opts.site, name: opts.senderName }),
    body: opts.t(`push.${kind}`, { ns: 'mail', site: opts.site, name: opts.senderName }),
    url: `/chats/${opts.conversationId}`,
    tag: `chat-${opts.conversationId}`,
    icon: '/favicon.ico',
    conversation_id: opts.conversationId,
  }
}

export function messagePushHandler(deps: { db: Db; tenants: TenantRegistry; i18n: I18nService; push: PushSender; isOnline: (accountId: number) => Promise<boolean> }): JobHandler {
  const { db } = deps
  return async (payload) => {
    const job = messagePushJob.parse(payload)
    const [row] = await db
      .select({ message: messages, conversation: conversations, recipient: accounts, read: conversationMembers.lastReadMessageId, senderName: profiles.name })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(accounts, eq(accounts.id, job.recipientId))
      .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.accountId, job.recipientId)))
      .innerJoin(profiles, eq(profiles.accountId, messages.senderId))
      .where(and(eq(messages.id, job.messageId), eq(accounts.pool, messages.pool)))
      .limit(1)
    // Gone since (deleted message, account or conversation), sent by the recipient, or read already: nothing to say.
    if (!row || row.message.senderId === job.recipientId || (row.read ?? 0) >= row.message.id) return
    if (row.recipient.status !== 'active' && row.recipient.status !== 'not_confirmed') return
    const [blocked] = await db
      .select({ x: blocks.blockerId })
      .from(blocks)
      .where(
        and(
          eq(blocks.pool, row.message.pool),
          or(and(eq(blocks.blockerId, job.recipientId), eq(blocks.blockedId, row.message.senderId)), and(eq(blocks.blockerId, row.message.senderId), eq(blocks.blockedId, job.recipientId))),
        ),
      )
      .limit(1)
    if (blocked) return
    if (!(await pushWanted(db, job.recipientId))) return
    // A tab opened since the message was sent: it shows the message, a notification would be noise.
    if (!job.subscriptionIds && (await deps.isOnline(job.recipientId).catch(() => false))) return
    const tenant = deps.tenants.byId.get(row.recipient.tenantId)
    if (!tenant) throw new Error(`unknown tenant ${row.recipient.tenantId}`)
    const lng = isLocale(row.recipient.language) ? row.recipient.language : tenant.default_locale
    const notification = renderMessagePush({ t: deps.i18n.forRequest(lng).t, site: tenant.name, senderName: row.senderName, kind: row.message.kind, conversationId: row.conversation.id })
    const outcome = await deps.push.send(db, { accountId: job.recipientId, pool: row.message.pool, subscriptionIds: job.subscriptionIds }, notification, { subject: `mailto:${tenant.support_email}` })
    if (outcome.failed.length === 0) return
    // Nothing got through: the job is retried as a whole. Some did: only the failed ones are tried again.
    if (outcome.sent === 0 && outcome.removed === 0) throw new Error(outcome.lastError ?? 'push failed')
    await queueMessagePush(db, { ...job, subscriptionIds: outcome.failed }, new Date(Date.now() + 5000))
  }
}
