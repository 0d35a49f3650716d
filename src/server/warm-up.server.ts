// Warm-up before an instance takes traffic (docs/decisions/044): what the first requests would otherwise pay for
// while a balancer already sends a full share of them. On PostgreSQL every connection of the pool is opened and
// asked the hot read queries once (the backend process, its catalog caches and the prepared session lookup are
// made here, not under the first burst); with Redis, the bus and presence connection answers a PING. The embedded
// database (PGlite) runs no autovacuum, so nothing else gathers its planner statistics at start: it is analysed here,
// once migrated and seeded (decision 042, second addendum), and vacuumed and analysed every 6 hours after that by a
// recurring job (src/db/pglite-upkeep.server.ts).
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { accountForSession } from '../features/accounts/sessions.server'
import { unreadTotal } from '../features/chat/chat.server'
import { POOL_SIZE } from '../db/client.server'
import type { Services } from './context.server'

export interface WarmUpReport {
  connections: number
  ms: number
}

export async function warmUp(services: Pick<Services, 'database' | 'tenants' | 'realtime'>): Promise<WarmUpReport> {
  const started = Date.now()
  const { database, tenants } = services
  const tenant = tenants.all[0]
  let connections = 0
  if (database.kind === 'postgres' && tenant) {
    // POOL_SIZE queries at once take POOL_SIZE connections: each gets the session lookup (prepared on it) with a
    // token that matches nothing, and the unread total of no one (the chat tables' plans and caches).
    const once = async () => {
      await accountForSession(database.db, crypto.randomBytes(32).toString('base64url'), tenant)
      await unreadTotal(database.db, { pool: tenant.pool, id: 0, paidUser: false })
    }
    const results = await Promise.allSettled(Array.from({ length: POOL_SIZE }, once))
    connections = results.filter((r) => r.status === 'fulfilled').length
  }
  if (database.kind === 'pglite') {
    // Without statistics the planner guesses row counts (one plan of the card query read the pool's active
    // accounts again for every card instead of one by id): the member search's queries cost about 15% more.
    await database.db.execute(sql`analyze`)
  }
  await services.realtime.ping().catch(() => undefined)
  return { connections, ms: Date.now() - started }
}
