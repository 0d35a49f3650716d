// Durable jobs in the database: enqueued with the change that needs them, run by a worker loop that claims one
// due job at a time (SKIP LOCKED, so several instances share the queue) and retries with growing delays.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { redactText } from './log-redact.server'

/** Which run of its job a handler is: `attempt` counts from 1; the job is given up after `maxAttempts`. */
export interface JobRun {
  attempt: number
  maxAttempts: number
}

export type JobHandler = (payload: Record<string, unknown>, run: JobRun) => Promise<void>

// Enqueueing is a write to the jobs table (src/db/jobs.server.ts), which features call without the worker.
export { enqueueJob, ensureJob } from '../db/jobs.server'

/** Delay before attempt n+1: 5 s, 20 s, 45 s, 80 s ... capped at one hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 5000 * attempts * attempts)

interface ClaimedJob {
  id: number
  kind: string
  payload: Record<string, unknown>
  attempts: number
  max_attempts: number
}

export interface JobWorker {
  /** Runs every due job now; resolves with how many ran. */
  runDue(): Promise<number>
  stop(): Promise<void>
}

export function createJobWorker(db: Db, handlers: Record<string, JobHandler>, opts: { intervalMs?: number; log?: (msg: string) => void } = {}): JobWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = false

  const claim = async (): Promise<ClaimedJob | undefined> => {
    const res = (await db.execute(sql`
      update jobs set locked_until = now() + interval '2 minutes', attempts = attempts + 1
      where id = (
        select id from jobs
        where done_at is null and run_at <= now() and attempts < max_attempts
          and (locked_until is null or locked_until < now())
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] }
    return res.rows[0]
  }

  const runOne = async (job: ClaimedJob) => {
    const handler = handlers[job.kind]
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      await handler(job.payload, { attempt: job.attempts, maxAttempts: job.max_attempts })
      // A done job's payload is dropped: it may hold a one-time link.
      await db.execute(sql`update jobs set done_at = now(), locked_until = null, last_error = null, payload = '{}'::jsonb where id = ${job.id}`)
    } catch (err) {
      const delay = retryDelayMs(job.attempts)
      // A failed query's message names its parameters: the stored and logged text is redacted.
      const message = redactText(String((err as Error).message))
      opts.log?.(`job ${job.id} (${job.kind}) failed, attempt ${job.attempts}/${job.max_attempts}: ${message}`)
      await db.execute(
        sql`update jobs set locked_until = null, last_error = ${message.slice(0, 2000)}, run_at = now() + make_interval(secs => ${delay / 1000}) where id = ${job.id}`,
      )
    }
  }

  const runDue = async () => {
    let n = 0
    for (let job = await claim(); job && !stopped; job = await claim()) {
      await runOne(job)
      n++
    }
    return n
  }

  const tick = async () => {
    if (stopped) return
    running = runDue().catch((err) => {
      opts.log?.(`job worker: ${redactText(String((err as Error).message))}`)
      return 0
    })
    await running
    running = undefined
    if (!stopped) timer = setTimeout(tick, opts.intervalMs ?? 1000)
  }
  if (opts.intervalMs !== 0) timer = setTimeout(tick, opts.intervalMs ?? 1000)

  return {
    runDue: () => (running ?? Promise.resolve(0)).then(() => runDue()),
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
