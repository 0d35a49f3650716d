// bench/members: pages for members (issue 15), each request rendered for its member (the page cache never serves a
// session): the member search (/members with a session: its +data reads the first page of results through the API)
// and a conversation page (/chats/{id}), and the data of each alone from the API (GET /api/search.php, GET
// /api/chat.php?id=), under autocannon (10 connections, BENCH_SECONDS), on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, where it creates and drops
// bench_members_<pid>; skipped when unreachable). Prints requests/s, p99 and CPU per request of the server process,
// and where a search request's CPU goes (a profiled run). Target: p99 <= 50 ms at 10 connections on a quiet machine.
// With Redis reachable (BENCH_REDIS_URL, default redis://127.0.0.1:6379) the PostgreSQL server is loaded once more
// as one server process per CPU (WEB_CONCURRENCY=auto, decision 048), CPU per request summed over its processes.
// BENCH_MEMBERS_PORTS="3311,3312" names its two ports; BENCH_BASELINE=<dir> compares this build with another one
// (compare() below, decision 042).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { once } from 'node:events'
import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { cookieHeader, ensureBuild, load, loadAmount, request, startProcess, table, type LoadResult } from './lib'
import { cpuShares, mainThreadProfile } from './cpu-profile'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const HOST = 'datingstad.nl'
// The servers' ports (PGlite, PostgreSQL): BENCH_MEMBERS_PORTS="3311,3312" by default.
const [PGLITE_PORT, PG_PORT] = (process.env.BENCH_MEMBERS_PORTS ?? '3311,3312').split(',').map(Number)
// The seeded premium demo member of datingstad (src/db/seed.server.ts): credits to open a conversation.
const EMAIL = 'premium@datingstad.demo'
const PASSWORD = 'demo-premium-123'

/** Logs the demo member in and opens a conversation with the first search result; its cookie and conversation. */
async function memberSession(base: string): Promise<{ cookie: string; conversationId: number }> {
  const login = await request('POST', `${base}/api/user.php`, HOST, { json: { email: EMAIL, password: PASSWORD } })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`)
  const cookie = cookieHeader(login.headers)
  const search = await request('GET', `${base}/api/search.php`, HOST, { headers: { cookie } })
  const first = (JSON.parse(search.body) as { profiles: { id: number }[] }).profiles[0]
  if (!first) throw new Error(`no search results: ${search.status} ${search.body.slice(0, 200)}`)
  const sent = await request('POST', `${base}/api/message.php?member_id=${first.id}`, HOST, { headers: { cookie, origin: `http://${HOST}` }, json: { kind: 'text', client_id: `bench-${Date.now()}`, text: 'Hoi! Zin in een kop koffie?' } })
  if (sent.status !== 201) throw new Error(`message failed: ${sent.status} ${sent.body.slice(0, 200)}`)
  return { cookie, conversationId: (JSON.parse(sent.body) as { message: { conversation_id: number } }).message.conversation_id }
}

/** Whether something accepts connections at the Redis address (the cluster run needs it). */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(1000)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  // Requests autocannon left in flight finish first (a closing server refuses their +data's API calls).
  await new Promise((r) => setTimeout(r, 3000))
  const exited = once(child, 'exit')
  child.kill('SIGINT')
  await exited
}

/**
 * Both pages on one server; then (profile) the search page once more under the V8 profiler for the split.
 * cwd: the checkout whose build runs (BENCH_BASELINE), else this one.
 */
async function measure(label: string, env: Record<string, string>, port: number, opts: { cwd?: string; profile?: boolean } = {}) {
  const rows: LoadResult[] = []
  const base = `http://127.0.0.1:${port}`
  const server = await startProcess('dist/node/main.mjs', env, port, [], opts.cwd)
  let session: { cookie: string; conversationId: number }
  try {
    session = await memberSession(base)
    const check = await request('GET', `${base}/members`, HOST, { headers: { cookie: session.cookie } })
    if (check.status !== 200 || check.headers['x-cache'] === 'hit') throw new Error(`/members for a member: ${check.status}, X-Cache ${check.headers['x-cache']}`)
    rows.push(await load(`${label}: member search /members`, `${base}/members`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
    rows.push(await load(`${label}: conversation /chats/${session.conversationId}`, `${base}/chats/${session.conversationId}`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
    // The same pages' data alone, as JSON from the API the browser calls on a client-side navigation: what the page
    // costs beyond its data is its render (React, Vike, the larger response to compress and send).
    rows.push(await load(`${label}: the search's data GET /api/search.php`, `${base}/api/search.php`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
    rows.push(await load(`${label}: the conversation's data GET /api/chat.php`, `${base}/api/chat.php?id=${session.conversationId}`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
  } finally {
    await stop(server)
  }
  if (opts.profile === false) return { rows, split: undefined }
  // The split: shares of a profiled run (slower) applied to the CPU per request measured above. The profiled server
  // has a fresh data directory, so it logs in again (PostgreSQL: the same database, already seeded).
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'))
  const profiled = await startProcess('dist/node/main.mjs', env, port, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
  try {
    const again = await memberSession(base)
    await load(`${label}: member search (profiled)`, `${base}/members`, HOST, SECONDS, 10, undefined, { cookie: again.cookie })
  } finally {
    await stop(profiled)
  }
  const file = mainThreadProfile(profileDir)
  const split = file ? cpuShares(file, SECONDS) : undefined
  fs.rmSync(profileDir, { recursive: true, force: true })
  return { rows, split }
}

/**
 * BENCH_BASELINE=<dir>: instead of the run above, this build against another one, a checkout with its own build
 * (`git archive <commit> | tar -x -C <dir>`, `npm run build` there, node_modules linked). Both servers run side
 * by side (each with its own PGlite directory, or its own PostgreSQL database) and are loaded in turns, BENCH_ROUNDS
 * rounds of BENCH_REQUESTS requests per build and page (after as many to warm up), so both see the same load from
 * the rest of the machine; printed: the medians per build and their ratios (decision 042).
 */
const BASELINE = process.env.BENCH_BASELINE
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 200)
// BENCH_CONNECTIONS=1: one request at a time. The serving thread's CPU per request then varies less from round to round
// on a shared machine than with 10 connections, whose p99 is the target's (decision 042, fourteenth addendum).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function compare(baselineDir: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  const dbs = [`bench_members_${process.pid}_base`, `bench_members_${process.pid}_new`]
  const urlOf = (dbName: string) => {
    const url = new URL(ADMIN_URL)
    url.pathname = `/${dbName}`
    return url.toString()
  }
  const lines: string[] = []
  try {
    for (const db of dbs) await admin.query(`create database ${db}`)
    // BENCH_KINDS=PostgreSQL (or PGlite) compares on one database only.
    for (const kind of (['PGlite', 'PostgreSQL'] as const).filter((k) => !process.env.BENCH_KINDS || process.env.BENCH_KINDS.split(',').includes(k))) {
      const builds: { name: string; cwd: string | undefined; port: number; env: Record<string, string> }[] = [
        { name: 'baseline', cwd: baselineDir, port: PGLITE_PORT, env: kind === 'PostgreSQL' ? { DATABASE_URL: urlOf(dbs[0]) } : {} },
        { name: 'this build', cwd: undefined, port: PG_PORT, env: kind === 'PostgreSQL' ? { DATABASE_URL: urlOf(dbs[1]) } : {} },
      ]
      const servers = await Promise.all(builds.map((b) => startProcess('dist/node/main.mjs', b.env, b.port, [], b.cwd)))
      try {
        const sessions = await Promise.all(builds.map((b) => memberSession(`http://127.0.0.1:${b.port}`)))
        const pages = (i: number) => [
          { page: 'member search', path: '/members' },
          { page: 'conversation', path: `/chats/${sessions[i].conversationId}` },
        ]
        const got: Record<string, LoadResult[][]> = {}
        for (let round = 0; round < ROUNDS; round++) {
          for (const [i, b] of builds.entries()) {
            for (const { page, path: p } of pages(i)) {
              const r = await loadAmount(`${kind}, ${b.name}: ${page}`, `http://127.0.0.1:${b.port}${p}`, HOST, AMOUNT, round === 0 ? AMOUNT : 0, servers[i].pid, { cookie: sessions[i].cookie }, CONNECTIONS)
              ;((got[`${page}`] ??= [[], []])[i]).push(r)
            }
          }
        }
        for (const [page, [base, now]] of Object.entries(got)) {
          const m = (rs: LoadResult[], f: (r: LoadResult) => number) => median(rs.map(f))
          const row = (name: string, rs: LoadResult[]) =>
            `| ${kind}, ${name}: ${page} | ${m(rs, (r) => r.rps).toFixed(0)} | ${m(rs, (r) => r.p50)} | ${m(rs, (r) => r.p99)} | ${m(rs, (r) => r.cpuMs ?? NaN).toFixed(3)} | ${m(rs, (r) => r.mainThreadCpuMs ?? NaN).toFixed(3)} | ${rs.map((r) => (r.cpuMs ?? NaN).toFixed(1)).join(' / ')} |`
          lines.push(row('baseline', base), row('this build', now))
          const ratio = (f: (r: LoadResult) => number) => (m(now, f) / m(base, f)).toFixed(2)
          lines.push(`| ${kind}: ${page}, this build / baseline | x${ratio((r) => r.rps)} | x${ratio((r) => r.p50)} | x${ratio((r) => r.p99)} | x${ratio((r) => r.cpuMs ?? NaN)} | x${ratio((r) => r.mainThreadCpuMs ?? NaN)} | |`)
        }
      } finally {
        await Promise.all(servers.map(stop))
      }
    }
  } finally {
    for (const db of dbs) await admin.query(`drop database if exists ${db} with (force)`)
    await admin.end()
  }
  console.log(`\n${ROUNDS} rounds of ${AMOUNT} requests per build and page (after ${AMOUNT} to warm up), ${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}; medians (CPU per request of each round after the bar)`)
  console.log('| what | req/s | p50 ms | p99 ms | CPU ms per request | of it the serving thread | CPU per round |\n|---|---|---|---|---|---|---|')
  for (const l of lines) console.log(l)
}

async function main() {
  if (BASELINE) {
    ensureBuild()
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs`)
    await compare(BASELINE)
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
    return
  }
  ensureBuild()
  const results: { label: string; rows: LoadResult[]; split?: { shares: Record<string, number> } }[] = []
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs`)
  results.push({ label: 'PGlite', ...(await measure('PGlite', {}, PGLITE_PORT)) })

  const admin = new pg.Client({ connectionString: ADMIN_URL })
  let pgReachable = true
  try {
    await admin.connect()
  } catch (err) {
    pgReachable = false
    console.log(`PostgreSQL at ${ADMIN_URL} unreachable (${(err as Error).message}): measured on PGlite only`)
  }
  if (pgReachable) {
    const dbNames = [`bench_members_${process.pid}`]
    const urlOf = (dbName: string) => {
      const url = new URL(ADMIN_URL)
      url.pathname = `/${dbName}`
      return url.toString()
    }
    try {
      for (const dbName of dbNames) await admin.query(`create database ${dbName}`)
      results.push({ label: 'PostgreSQL', ...(await measure('PostgreSQL', { DATABASE_URL: urlOf(dbNames[0]) }, PG_PORT)) })
      // The same server as one process per CPU on the same (already seeded) database.
      const cpus = os.availableParallelism()
      if (cpus < 2) console.log('One CPU: the run with one server process per CPU is the run above')
      else if (!(await reachable(REDIS_URL))) console.log(`Redis at ${REDIS_URL} unreachable: no run with one server process per CPU (it needs Redis)`)
      else {
        const label = `PostgreSQL, ${cpus} processes`
        const env = { DATABASE_URL: urlOf(dbNames[0]), REDIS_URL, REDIS_PREFIX: `bench-members-${process.pid}:`, WEB_CONCURRENCY: 'auto' }
        results.push({ label, ...(await measure(label, env, PG_PORT, { profile: false })) })
      }
    } finally {
      for (const dbName of dbNames) await admin.query(`drop database if exists ${dbName} with (force)`)
      await admin.end()
    }
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)

  table(results.flatMap((r) => r.rows))
  for (const r of results) {
    const search = r.rows[0]
    console.log(`${r.label}: member search p99 ${search.p99} ms, conversation p99 ${r.rows[1].p99} ms (target <= 50 ms at 10 connections, quiet machine)`)
    const [searchData, chatData] = r.rows.slice(2)
    if (searchData?.cpuMs && chatData?.cpuMs && search.cpuMs && r.rows[1].cpuMs)
      console.log(`  their data alone (the API): search p99 ${searchData.p99} ms, ${(searchData.cpuMs / search.cpuMs * 100).toFixed(0)}% of the page's CPU; conversation p99 ${chatData.p99} ms, ${(chatData.cpuMs / r.rows[1].cpuMs * 100).toFixed(0)}%`)
  }
  for (const r of results) {
    const search = r.rows[0]
    // The profile is the serving (main) thread's: its shares apply to that thread's CPU.
    const serving = search.mainThreadCpuMs ?? search.cpuMs
    if (!r.split || !serving || !search.cpuMs) continue
    console.log(`\nWhere a member search request's CPU goes on ${r.label}: ${search.cpuMs.toFixed(3)} ms in all, ${serving.toFixed(3)} ms of it in the thread that serves requests (shares of a profiled run of that thread below), ${(search.cpuMs - serving).toFixed(3)} ms in the process's other threads (the garbage collector's helpers${r.label === 'PGlite' ? ', the database’s own thread' : ''}):`)
    console.log('| part | share | ms per request |\n|---|---|---|')
    for (const [part, share] of Object.entries(r.split.shares).sort((a, b) => b[1] - a[1])) {
      console.log(`| ${part} | ${(share * 100).toFixed(1)}% | ${(share * serving).toFixed(3)} |`)
    }
    if (r.label === 'PostgreSQL') console.log("  (PostgreSQL's own work runs in its server processes and is not in these figures)")
  }
}

await main()
