// Makes the services the app runs on, once at start (and in tests, over a test database).
import type { Config } from './config.server'
import type { Database } from '../db/client.server'
import { tenantsDir, type TenantRegistry } from './tenants.server'
import type { Services } from './context.server'
import { createI18nService } from './i18n.server'
import { openGeoIp } from './geoip.server'
import { loadVapidKeys } from './vapid.server'
import { createJobWorker, enqueueJob, ensureJob } from './jobs.server'
import { createRealtime } from './realtime.server'
import { createRateLimiter } from './rate-limit.server'
import { createMailer } from '../features/mail/mailer.server'
import { MAIL_JOB, mailJobHandler } from '../features/mail/send-mail.server'
import { PURGE_JOB, purgeJobHandler } from '../features/accounts/deletion.server'
import { unsubscribeSecret, unsubscribeToken } from '../features/notifications/notifications.server'
import { createPushSender } from '../features/notifications/push.server'
import { notificationMailHandlers } from '../features/notifications/notify-mail.server'
import { MESSAGE_PUSH_JOB, messagePushHandler } from '../features/chat/message-push.server'
import { createGifSource } from '../features/chat/gifs.server'
import { TEST_WEBHOOK_JOB, testWebhookHandler } from '../features/payments/provider.server'
import { MEDIA_DELETE_JOB, MEDIA_ORPHANS_JOB, ORPHAN_MIN_AGE_MS, mediaDeleteJobHandler, removeOrphanMedia } from '../features/photos/photos.server'
import { createMediaStorage, type MediaStorage } from './media-storage.server'
import type https from 'node:https'
import { redactText } from './log-redact.server'
import { installId, redisNamespace } from './install-id.server'
import { createFragmentCache } from './fragment-cache.server'
import { createPageCache } from './page-cache.server'
import { POSTBACK_JOB } from '../features/tracking/conversions.server'
import { postbackJobHandler } from '../features/tracking/postback.server'
import { PGLITE_UPKEEP_EVERY_MS, PGLITE_UPKEEP_JOB, pgliteUpkeepJobHandler } from '../db/pglite-upkeep.server'

/**
 * jobIntervalMs 0 leaves the job worker to explicit runDue() calls (tests). pushAgent is for tests only: the
 * HTTPS agent that reaches a local push service with a self-signed certificate.
 */
export async function createServices(opts: { config: Config; database: Database; tenants: TenantRegistry; tenantsDir?: string; media?: MediaStorage; jobIntervalMs?: number; log?: (m: string) => void; pushAgent?: https.Agent }): Promise<Services> {
  const { config, database, tenants } = opts
  // Every line of the services' log (jobs, Redis, GIPHY) passes the same redaction as the request log.
  const rawLog = opts.log
  const log = rawLog && ((m: string) => rawLog(redactText(m)))
  const i18n = createI18nService()
  const mailer = createMailer(database.db, config.smtpUrl)
  // Read once, on the first mail that needs it.
  let secret: Promise<Buffer> | undefined
  const vapid = await loadVapidKeys(database.db)
  const redisPrefix = redisNamespace(config.redisPrefix, await installId(database.db))
  const realtime = createRealtime({ redisUrl: config.redisUrl, prefix: redisPrefix, log: (m, err) => log?.(`${m}${err ? `: ${String(err)}` : ''}`) })
  const push = createPushSender({ vapid, agent: opts.pushAgent, allowPrivateHosts: config.pushAllowPrivateHosts })
  const gifs = createGifSource({ giphyApiKey: config.giphyApiKey, giphyApiUrl: config.giphyApiUrl, log })
  const media = opts.media ?? createMediaStorage(config)
  const handlers = {
    [MAIL_JOB]: mailJobHandler({ tenants, i18n, mailer, publicUrl: config.publicUrl, unsubscribeToken: async (id) => unsubscribeToken(await (secret ??= unsubscribeSecret(database.db)), id) }),
    [PURGE_JOB]: purgeJobHandler(database.db, media, (pool) => tenants.all.filter((t) => t.pool === pool).map((t) => t.id)),
    [TEST_WEBHOOK_JOB]: testWebhookHandler({ port: config.port }),
    // Hourly: media files of refused or interrupted uploads that no photo or message names.
    [MEDIA_ORPHANS_JOB]: async () => {
      await removeOrphanMedia(database.db, media)
      await enqueueJob(database.db, MEDIA_ORPHANS_JOB, {}, { runAt: new Date(Date.now() + ORPHAN_MIN_AGE_MS) })
    },
    [MEDIA_DELETE_JOB]: mediaDeleteJobHandler(media),
    [MESSAGE_PUSH_JOB]: messagePushHandler({ db: database.db, tenants, i18n, push, isOnline: (id) => realtime.isOnline(id) }),
    // New message, digest, likes, match, activation reminders: decided when they run, sent through mail.send.
    ...notificationMailHandlers({ db: database.db, isOnline: (id) => realtime.isOnline(id) }),
    [POSTBACK_JOB]: postbackJobHandler({ db: database.db, tenants, allowPrivateHosts: config.postbackAllowPrivateHosts, log }),
    // Every 6 hours on PGlite: vacuum and fresh planner statistics, as PostgreSQL's autovacuum keeps them.
    [PGLITE_UPKEEP_JOB]: pgliteUpkeepJobHandler(database),
  }
  const jobs = createJobWorker(database.db, handlers, { intervalMs: opts.jobIntervalMs, log })
  // A process that runs the worker keeps the recurring jobs queued (tests run jobs by hand and queue none).
  if (opts.jobIntervalMs !== 0) await ensureJob(database.db, MEDIA_ORPHANS_JOB, 60)
  // The start's warm-up has just analysed it: the first upkeep comes one interval later.
  if (opts.jobIntervalMs !== 0 && database.kind === 'pglite') await ensureJob(database.db, PGLITE_UPKEEP_JOB, PGLITE_UPKEEP_EVERY_MS / 1000)
  const limiter = createRateLimiter({ redisUrl: config.redisUrl, prefix: redisPrefix, log: (m, err) => log?.(`${m}${err ? `: ${String(err)}` : ''}`) })
  const pageCache = createPageCache({ maxBytes: config.pageCacheBytes })
  const fragmentCache = createFragmentCache({ maxBytes: config.fragmentCacheBytes })
  // A reloaded tenant file shows at once: no page or member card rendered from the old one is served again
  // (decisions 033 and 050).
  tenants.onReplace(() => {
    pageCache.clear()
    fragmentCache.clear()
  })
  return { config, database, tenants, tenantsDir: opts.tenantsDir ?? tenantsDir(), i18n, geoip: await openGeoIp(), vapid, mailer, jobs, realtime, gifs, limiter, pageCache, fragmentCache, media }
}
