// The upkeep PostgreSQL's autovacuum does, for the embedded database. PGlite runs no autovacuum: without this its
// planner statistics are the ones gathered at start (warm-up.server.ts) however the tables grow, and the rows that
// updates and deletes leave dead (a member's last activity is written every 5 minutes) are never reclaimed. A
// recurring job (services.server.ts) runs `vacuum (analyze)` every few hours; it takes the one connection for
// about 0.1 s on the demo data (decision 042, tenth addendum).
import { sql } from 'drizzle-orm'
import type { Database } from './client.server'
import { enqueueJob } from './jobs.server'

export const PGLITE_UPKEEP_JOB = 'db.pglite-upkeep'
/** Between two runs. */
export const PGLITE_UPKEEP_EVERY_MS = 6 * 3_600_000

/**
 * The job: vacuums and analyses every table of a PGlite database, then queues its next run; nothing on PostgreSQL
 * (its autovacuum does it).
 */
export function pgliteUpkeepJobHandler(database: Pick<Database, 'db' | 'kind'>) {
  return async () => {
    if (database.kind !== 'pglite') return
    await database.db.execute(sql`vacuum (analyze)`)
    await enqueueJob(database.db, PGLITE_UPKEEP_JOB, {}, { runAt: new Date(Date.now() + PGLITE_UPKEEP_EVERY_MS) })
  }
}
