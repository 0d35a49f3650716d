// Enqueueing durable jobs: a row in `jobs`, written with the change that needs it (in the same transaction when
// db is one). The worker that claims and runs them is the HTTP core's (src/server/jobs.server.ts); features enqueue
// through this module, so they never import src/server (decision 036 addendum).
import { sql } from 'drizzle-orm'
import type { Db } from './client.server'
import { jobs } from './schema'

export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, opts: { runAt?: Date; maxAttempts?: number } = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 8 })
    .returning({ id: jobs.id })
  return row.id
}

/** Queues a recurring job unless one of its kind is still pending (each run queues the next itself). */
export async function ensureJob(db: Db, kind: string, inSeconds: number) {
  await db.execute(sql`
    insert into jobs (kind, payload, run_at, max_attempts)
    select ${kind}, '{}'::jsonb, now() + make_interval(secs => ${inSeconds}), 8
    where not exists (select 1 from jobs where kind = ${kind} and done_at is null and attempts < max_attempts)`)
}
