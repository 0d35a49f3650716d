// Fixed-window rate limits kept in the database (shared by every instance), or in Redis for hot paths.
import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { Db } from '../db/client.server'

/** Counts one hit on key; false when the window's limit is exceeded. */
export async function rateLimitHit(db: Db, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const res = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`)) as unknown as { rows: { count: number }[] }
  return Number(res.rows[0].count) <= limit
}

export interface RateLimiter {
  /** Counts one hit on key; false when the window's limit is exceeded. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * Fixed-window limits for hot paths (a chat message each): in Redis with REDIS_URL, so a hit costs no database
 * write (and commit); in the database otherwise. A Redis failure lets the request through: the limit guards
 * against abuse and must not take the chat down with it.
 */
export function createRateLimiter(db: Db, opts: { redisUrl?: string; prefix?: string; log?: (msg: string, err?: unknown) => void } = {}): RateLimiter {
  if (!opts.redisUrl) return { hit: (key, limit, windowSeconds) => rateLimitHit(db, key, limit, windowSeconds), close: async () => {} }
  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 })
  redis.on('error', (err) => opts.log?.('rate limit: redis error', err))
  const prefix = `${opts.prefix ?? ''}rate:`
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key
      try {
        // The window starts with the first hit (the key is made with its expiry), then counts up.
        const res = await redis.pipeline().set(k, 0, 'EX', windowSeconds, 'NX').incr(k).exec()
        return Number(res?.[1]?.[1] ?? 0) <= limit
      } catch (err) {
        opts.log?.('rate limit: redis failed', err)
        return true
      }
    },
    close: async () => {
      await redis.quit().catch(() => undefined)
    },
  }
}
