// Web push to a member's browsers: encrypted with the subscription's keys and signed with the VAPID keys
// (web-push). A subscription the push service no longer knows (404 or 410) is removed at once.
import type https from 'node:https'
import { and, eq, inArray } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../../db/client.server'
import { notificationSettings, pushSubscriptions } from '../../db/schema'
import { pinnedPushAgent, PushHostRefused } from './push-host.server'

export interface PushNotification {
  title: string
  body: string
  /** The page a click opens, relative to the site of the service worker. */
  url: string
  /** Notifications with the same tag replace each other (one per conversation). */
  tag?: string
  icon?: string
  [key: string]: unknown
}

export interface PushOutcome {
  sent: number
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number
  /** Ids of subscriptions that failed for another reason (worth a retry). */
  failed: number[]
  lastError?: string
}

export interface PushSender {
  send(db: Db, target: { accountId: number; pool: string; subscriptionIds?: number[] }, notification: PushNotification, opts: { subject: string }): Promise<PushOutcome>
}

/** Whether the member wants push notifications (the setting at /notifications; on unless switched off). */
export async function pushWanted(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ push: notificationSettings.push }).from(notificationSettings).where(eq(notificationSettings.accountId, accountId))
  return row?.push ?? true
}

/**
 * A sender with the deployment's VAPID keys. Only public push hosts are reached, each send over a connection
 * pinned to the address just checked (push-host.server.ts). `allowPrivateHosts` and `agent` are for tests only:
 * a local push service with a self-signed certificate (web-push always speaks TLS).
 */
export function createPushSender(opts: { vapid: { publicKey: string; privateKey: string }; agent?: https.Agent; timeoutMs?: number; allowPrivateHosts?: boolean; resolve?: (host: string) => Promise<{ address: string; family: number }[]> }): PushSender {
  const timeoutMs = opts.timeoutMs ?? 10_000
  return {
    async send(db, target, notification, { subject }) {
      const subs = await db
        .select()
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.pool, target.pool),
            eq(pushSubscriptions.accountId, target.accountId),
            target.subscriptionIds ? inArray(pushSubscriptions.id, target.subscriptionIds) : undefined,
          ),
        )
      const outcome: PushOutcome = { sent: 0, removed: 0, failed: [] }
      const payload = JSON.stringify(notification)
      await Promise.all(
        subs.map(async (s) => {
          try {
            const agent = opts.allowPrivateHosts ? opts.agent : await pinnedPushAgent(s.endpoint, { timeoutMs, resolve: opts.resolve })
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
              vapidDetails: { subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey },
              // A message notification is worth little after a day; the member sees the chat anyway.
              TTL: 24 * 3600,
              urgency: 'high',
              timeout: timeoutMs,
              ...(agent ? { agent } : {}),
            })
            outcome.sent++
          } catch (err) {
            if (err instanceof PushHostRefused) {
              // Not a public push service (or no longer one): never tried again.
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id))
              outcome.removed++
              outcome.lastError = err.message
              return
            }
            const status = (err as { statusCode?: number }).statusCode
            if (status === 404 || status === 410) {
              // Gone: the browser unsubscribed or the subscription expired.
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id))
              outcome.removed++
            } else if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
              // The push service refuses this request for good (bad keys, too large): retrying will not help.
              outcome.lastError = `push service answered ${status}`
            } else {
              outcome.failed.push(s.id)
              outcome.lastError = status ? `push service answered ${status}` : (err as Error).message
            }
          }
        }),
      )
      return outcome
    },
  }
}
