// The one rate-limiting mechanism of the server (decision 018): rate-limiter-flexible, in Redis with REDIS_URL
// (shared by every instance), in this process's memory otherwise (the embedded single-process mode).
import type { FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { closeRedis } from './redis-close.server'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { ApiError } from './context.server'

export interface LimitResult {
  allowed: boolean
  /** Seconds until the key may be used again (0 when allowed). */
  retryAfterS: number
}

/** A rule: at most limit hits per window; blockSeconds, when set, blocks the key that long once it is exceeded. */
export interface LimitRule {
  limit: number
  windowSeconds: number
  blockSeconds?: number
}

export interface RateLimiter {
  /** Counts one hit on key under the rule. */
  consume(key: string, rule: LimitRule): Promise<LimitResult>
  /** Whether key is over the rule now, without counting a hit. */
  peek(key: string, rule: LimitRule): Promise<LimitResult>
  /** Forgets key's hits under the rule (a later window, in tests; a success that clears a counter). */
  reset(key: string, rule: LimitRule): Promise<void>
  /** consume() as a yes/no. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * One limiter per rule, made on first use. With Redis, a memory limiter is the insurance: a Redis failure
 * falls back to this process's counts, so a limit never takes the site down and never simply lets everything through.
 */
export function createRateLimiter(opts: { redisUrl?: string; prefix?: string; log?: (msg: string, err?: unknown) => void } = {}): RateLimiter {
  // Auto-pipelining: the hits of one event-loop turn (several requests' limits) leave in one write (bench/chat).
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false, enableAutoPipelining: true }) : undefined
  redis?.on('error', (err) => opts.log?.('rate limit: redis error', err))
  const limiters = new Map<string, RateLimiterAbstract>()
  const limiterFor = (rule: LimitRule) => {
    const name = `${rule.limit}:${rule.windowSeconds}:${rule.blockSeconds ?? 0}`
    let limiter = limiters.get(name)
    if (!limiter) {
      const options = { keyPrefix: `${opts.prefix ?? ''}rl:${name}`, points: rule.limit, duration: rule.windowSeconds, blockDuration: rule.blockSeconds ?? 0 }
      limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) }) : new RateLimiterMemory(options)
      limiters.set(name, limiter)
    }
    return limiter
  }
  const consume = async (key: string, rule: LimitRule): Promise<LimitResult> => {
    try {
      await limiterFor(rule).consume(key)
      return { allowed: true, retryAfterS: 0 }
    } catch (res) {
      if (res instanceof RateLimiterRes) return { allowed: false, retryAfterS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
      // Neither Redis nor the insurance answered: let the request through rather than fail it.
      opts.log?.('rate limit: failed', res)
      return { allowed: true, retryAfterS: 0 }
    }
  }
  return {
    consume,
    async peek(key, rule) {
      const res = await limiterFor(rule).get(key).catch(() => null)
      if (!res || res.consumedPoints <= rule.limit) return { allowed: true, retryAfterS: 0 }
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
    },
    async reset(key, rule) {
      await limiterFor(rule).delete(key).catch(() => undefined)
    },
    hit: async (key, limit, windowSeconds) => (await consume(key, { limit, windowSeconds })).allowed,
    close: async () => {
      if (redis) await closeRedis(redis)
    },
  }
}

/**
 * Counts one hit of the request on key; over the limit it answers the one refusal of every limit: 429
 * too_many_requests with the localized message and Retry-After.
 */
export async function enforceLimit(req: FastifyRequest, key: string, limit: number, windowSeconds: number): Promise<void> {
  const res = await req.server.services.limiter.consume(key, { limit, windowSeconds })
  if (!res.allowed) throw new ApiError(429, 'too_many_requests', req.ctx.t('errors.too_many_requests'), undefined, undefined, { 'retry-after': String(res.retryAfterS) })
}
