// One server process per CPU on one host (WEB_CONCURRENCY, decision 048). The primary runs no server: it forks the
// workers, each the whole server (Fastify + Vike, main.ts), which share the port through Node's cluster module (the
// primary hands each new connection to the next worker in turn). The state is where it is for instances behind a
// load balancer (decision 035): PostgreSQL, and Redis for live events and the cache bus between them.
//
// - Start: the lead worker first (it migrates, seeds the demo and runs the jobs when configured); the others, with
//   SEED_DEMO=false and RUN_JOBS=false, once it listens. A worker that exits before every worker listens stops the
//   whole server with its exit code: a bad tenant file or an unreachable database is reported once, not retried.
// - A worker that dies later is replaced in its role. More than MAX_RESTARTS within RESTART_WINDOW_MS is a crash
//   loop: the primary stops the rest and exits 1, for the service manager to see.
// - SIGTERM and SIGINT are passed to the workers, which drain as a single server does (lifecycle.server.ts); the
//   primary exits when they have, 0 if each did. SIGHUP (read the tenant files again) is passed on.
// - A worker whose primary is gone (killed) stops itself (`stopWhenOrphaned`).
import cluster, { type Worker } from 'node:cluster'
import { SHUTDOWN_DEADLINE_MS } from './lifecycle.server'

/** The environment variable that tells a worker its role. */
export const ROLE_ENV = 'SERVER_PROCESS_ROLE'
export type ProcessRole = 'lead' | 'extra'
export const MAX_RESTARTS = 5
export const RESTART_WINDOW_MS = 60_000
/** How long the workers may drain after a signal before they are killed: their own deadline, and a margin. */
const STOP_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 2000

/** This process's role: `lead` or `extra` for a worker of the cluster, `single` for a server alone. */
export function processRole(): ProcessRole | 'single' {
  if (!cluster.isWorker) return 'single'
  return process.env[ROLE_ENV] === 'extra' ? 'extra' : 'lead'
}

/** Forks and watches the workers; resolves never (the primary exits through `exit`). */
export function runPrimary(opts: { workers: number; log: (line: string) => void; exit?: (code: number) => void }) {
  const exit = opts.exit ?? ((code: number) => process.exit(code))
  const roles = new Map<Worker, ProcessRole>()
  const listened = new Set<Worker>()
  const restarts: number[] = []
  let started = false
  let stopping = false
  let exitCode = 0

  const fork = (role: ProcessRole) => {
    const worker = cluster.fork(role === 'lead' ? { [ROLE_ENV]: 'lead' } : { [ROLE_ENV]: 'extra', SEED_DEMO: 'false', RUN_JOBS: 'false' })
    roles.set(worker, role)
    worker.once('listening', () => {
      listened.add(worker)
      if (started) opts.log(`[cluster] server process ${worker.process.pid} (${role}) listening`)
      if (!started && role === 'lead') for (let i = 1; i < opts.workers; i++) fork('extra')
      if (!started && listened.size === opts.workers) {
        started = true
        opts.log(`[cluster] ${opts.workers} server processes listening (pids ${[...roles.keys()].map((w) => w.process.pid).join(', ')})`)
      }
    })
    return worker
  }

  const stop = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code)
    if (stopping) return
    stopping = true
    if (roles.size === 0) return exit(exitCode)
    for (const worker of roles.keys()) worker.process.kill(signal)
    setTimeout(() => {
      opts.log(`[cluster] workers still running ${STOP_DEADLINE_MS} ms after ${signal}: killing them`)
      for (const worker of roles.keys()) worker.process.kill('SIGKILL')
      exit(1)
    }, STOP_DEADLINE_MS).unref()
  }

  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker) ?? 'extra'
    roles.delete(worker)
    listened.delete(worker)
    const how = signal ? `signal ${signal}` : `code ${code}`
    if (stopping) {
      if (code !== 0) exitCode = Math.max(exitCode, 1)
      if (roles.size === 0) exit(exitCode)
      return
    }
    if (!started) {
      opts.log(`[cluster] a server process (${role}) exited while starting (${how}): stopping`)
      return stop('SIGTERM', code || 1)
    }
    const now = Date.now()
    restarts.push(now)
    while (restarts.length && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift()
    if (restarts.length > MAX_RESTARTS) {
      opts.log(`[cluster] ${restarts.length} server processes exited within ${RESTART_WINDOW_MS / 1000} s: stopping`)
      return stop('SIGTERM', 1)
    }
    opts.log(`[cluster] server process ${worker.process.pid} (${role}) exited (${how}): starting another`)
    fork(role)
  })

  process.on('SIGTERM', () => stop('SIGTERM', 0))
  process.on('SIGINT', () => stop('SIGINT', 0))
  process.on('SIGHUP', () => {
    for (const worker of roles.keys()) worker.process.kill('SIGHUP')
  })
  fork('lead')
}

/** In a worker: when the primary is gone (the IPC channel closed), stop as on SIGTERM. */
export function stopWhenOrphaned() {
  if (!cluster.isWorker) return
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
}
