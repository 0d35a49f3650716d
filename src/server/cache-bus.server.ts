// Cache invalidation across instances (decision 035): an instance that reloaded something every instance holds in
// memory (today: the tenant files, and with them the page cache) announces it on a Redis channel, and the other
// instances of the same database do the same reload. Without REDIS_URL there is one instance and nothing to tell.
import crypto from 'node:crypto'
import { Redis } from 'ioredis'
import { closeRedis } from './redis-close.server'

export interface CacheBus {
  /** Tells the other instances (never this one) that `topic` changed. */
  announce(topic: string): void
  /** Runs fn when another instance announces `topic`. */
  on(topic: string, fn: () => void): void
  close(): Promise<void>
  /** Settles once this instance listens (at once without Redis): what is announced after it reaches this instance. */
  ready: Promise<void>
}

/** prefix: REDIS_PREFIX and the install id (install-id.server.ts), as for every key and channel. */
export function createCacheBus(opts: { redisUrl?: string; prefix: string; log?: (msg: string) => void }): CacheBus {
  const handlers = new Map<string, Array<() => void>>()
  const on = (topic: string, fn: () => void) => void handlers.set(topic, [...(handlers.get(topic) ?? []), fn])
  if (!opts.redisUrl) return { announce: () => {}, on, close: async () => {}, ready: Promise.resolve() }
  const log = opts.log ?? (() => {})
  const channel = `${opts.prefix}cache-invalidate`
  const self = crypto.randomBytes(8).toString('hex')
  const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 })
  const sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 })
  pub.on('error', (err) => log(`cache bus: ${String(err)}`))
  sub.on('error', (err) => log(`cache bus: ${String(err)}`))
  const subscribed = sub.subscribe(channel).catch((err: unknown) => log(`cache bus: subscribe failed: ${String(err)}`))
  sub.on('message', (_channel: string, raw: string) => {
    const [from, topic] = raw.split(' ')
    if (from === self) return
    for (const fn of handlers.get(topic) ?? []) {
      try {
        fn()
      } catch (err) {
        log(`cache bus: ${topic}: ${String(err)}`)
      }
    }
  })
  return {
    announce(topic) {
      void subscribed.then(() => pub.publish(channel, `${self} ${topic}`)).catch((err: unknown) => log(`cache bus: publish failed: ${String(err)}`))
    },
    on,
    async close() {
      await Promise.all([closeRedis(pub), closeRedis(sub)])
    },
    ready: subscribed.then(() => undefined),
  }
}
