// An instance's life behind a load balancer (decision 035): the request id carried across instances, liveness
// and readiness, and the graceful shutdown on SIGTERM.
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Services } from './context.server'

/**
 * The close code of the live socket when an instance goes away on purpose: 1012 "Service Restart" (RFC 6455
 * registry). The client reconnects at once (to another instance) and catches up from the database.
 */
export const RESTART_CLOSE_CODE = 1012
/** An instance that has not finished within this time after SIGTERM exits anyway. */
export const SHUTDOWN_DEADLINE_MS = 10_000

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/**
 * Fastify's genReqId: the X-Request-Id of the load balancer or of the instance that made the call, when it is a
 * plausible id, else a new one. Every log line of the request carries it as reqId, and the answer names it.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID()
}

/** The readiness checks: the database, Redis (when configured) and the media storage. */
export async function readiness(services: Services): Promise<{ ok: boolean; checks: Record<string, 'ok' | 'off' | 'failed'> }> {
  const within = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())])
  const run = async (fn: () => Promise<unknown>) => within(fn()).then(() => 'ok' as const, () => 'failed' as const)
  const [database, redis, media] = await Promise.all([
    run(() => services.database.db.execute(sql`select 1`)),
    services.config.redisUrl ? run(() => services.realtime.ping()) : Promise.resolve('off' as const),
    run(() => services.media.check()),
  ])
  const checks = { database, redis, media }
  return { ok: Object.values(checks).every((c) => c !== 'failed'), checks }
}

/** GET /health (liveness: the process answers) and GET /ready (readiness: it can serve; 503 while closing). */
export function registerHealth(app: FastifyInstance, services: Services) {
  app.get('/health', async () => ({ ok: true }))
  app.get('/ready', async (_req, reply) => {
    const state = await readiness(services)
    return reply.code(state.ok ? 200 : 503).header('cache-control', 'no-store').send(state)
  })
}

/** How long a live socket gets to answer the closing handshake on shutdown before it is cut. */
const LIVE_SOCKET_CLOSE_MS = 1000

/**
 * @fastify/websocket's preClose: every live socket is closed with the restart code before the server stops,
 * so clients move to another instance at once instead of waiting for their heartbeat to fail.
 */
export function closeLiveSockets(this: FastifyInstance, done: () => void) {
  const server = this.websocketServer
  if (!server) return done()
  for (const client of server.clients) client.close(RESTART_CLOSE_CODE, 'restart')
  // A peer that does not answer the closing handshake (gone, or paused) would hold the server's close for ws's 30 s
  // close timeout, beyond the shutdown deadline: after a second it is cut.
  const cut = setTimeout(() => {
    for (const client of server.clients) client.terminate()
  }, LIVE_SOCKET_CLOSE_MS)
  cut.unref()
  server.close(() => {
    clearTimeout(cut)
    done()
  })
}

/**
 * SIGTERM and SIGINT: stop accepting (the listening socket closes, requests on open connections get 503),
 * close the live sockets with the restart code, let requests in flight finish, then close the rest. Whatever
 * has not finished by the deadline is cut: the process exits within SHUTDOWN_DEADLINE_MS.
 */
export function handleShutdownSignals(steps: { app: FastifyInstance; after: () => Promise<void>; log?: (line: string) => void; exit?: (code: number) => void }) {
  const exit = steps.exit ?? ((code: number) => process.exit(code))
  let started = false
  const stop = async (signal: string) => {
    if (started) return
    started = true
    const t0 = Date.now()
    steps.log?.(`[shutdown] ${signal}: draining`)
    setTimeout(() => {
      steps.log?.(`[shutdown] not finished after ${SHUTDOWN_DEADLINE_MS} ms: exiting`)
      exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    try {
      await steps.app.close()
      await steps.after()
      steps.log?.(`[shutdown] done in ${Date.now() - t0} ms`)
      exit(0)
    } catch (err) {
      steps.log?.(`[shutdown] failed: ${String(err)}`)
      exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}
