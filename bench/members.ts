// bench/members: pages for members (issue 15), each request rendered for its member (the page cache never serves a
// session): the member search (/members with a session: its +data reads the first page of results through the API)
// and a conversation page (/chats/{id}), under autocannon (10 connections, BENCH_SECONDS), on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, where it creates and drops
// bench_members_<pid>; skipped when unreachable). Prints requests/s, p99 and CPU per request of the server process,
// and where a search request's CPU goes (a profiled run). Target: p99 <= 50 ms at 10 connections on a quiet machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { ensureBuild, load, request, startProcess, table, type LoadResult } from './lib'
import { cpuShares } from './cpu-profile'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const HOST = 'datingstad.nl'
// The seeded premium demo member of datingstad (src/db/seed.server.ts): credits to open a conversation.
const EMAIL = 'premium@datingstad.demo'
const PASSWORD = 'demo-premium-123'

/** Logs the demo member in and opens a conversation with the first search result; its cookie and conversation. */
async function memberSession(base: string): Promise<{ cookie: string; conversationId: number }> {
  const login = await request('POST', `${base}/api/user.php`, HOST, { json: { email: EMAIL, password: PASSWORD } })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`)
  const setCookie = [login.headers['set-cookie'] ?? []].flat()
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
  const search = await request('GET', `${base}/api/search.php`, HOST, { headers: { cookie } })
  const first = (JSON.parse(search.body) as { profiles: { id: number }[] }).profiles[0]
  if (!first) throw new Error(`no search results: ${search.status} ${search.body.slice(0, 200)}`)
  const sent = await request('POST', `${base}/api/message.php?member_id=${first.id}`, HOST, { headers: { cookie, origin: `http://${HOST}` }, json: { kind: 'text', client_id: `bench-${Date.now()}`, text: 'Hoi! Zin in een kop koffie?' } })
  if (sent.status !== 201) throw new Error(`message failed: ${sent.status} ${sent.body.slice(0, 200)}`)
  return { cookie, conversationId: (JSON.parse(sent.body) as { message: { conversation_id: number } }).message.conversation_id }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  // Requests autocannon left in flight finish first (a closing server refuses their +data's API calls).
  await new Promise((r) => setTimeout(r, 3000))
  const exited = once(child, 'exit')
  child.kill('SIGINT')
  await exited
}

/** Both pages on one server; then the search page once more under the V8 profiler for the split. */
async function measure(label: string, env: Record<string, string>, port: number) {
  const rows: LoadResult[] = []
  const base = `http://127.0.0.1:${port}`
  const server = await startProcess('dist/node/main.mjs', env, port)
  let session: { cookie: string; conversationId: number }
  try {
    session = await memberSession(base)
    const check = await request('GET', `${base}/members`, HOST, { headers: { cookie: session.cookie } })
    if (check.status !== 200 || check.headers['x-cache'] === 'hit') throw new Error(`/members for a member: ${check.status}, X-Cache ${check.headers['x-cache']}`)
    rows.push(await load(`${label}: member search /members`, `${base}/members`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
    rows.push(await load(`${label}: conversation /chats/${session.conversationId}`, `${base}/chats/${session.conversationId}`, HOST, SECONDS, 10, server.pid, { cookie: session.cookie }))
  } finally {
    await stop(server)
  }
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
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
  const split = file ? cpuShares(path.join(profileDir, file), SECONDS) : undefined
  fs.rmSync(profileDir, { recursive: true, force: true })
  return { rows, split }
}

async function main() {
  ensureBuild()
  const results: { label: string; rows: LoadResult[]; split?: { shares: Record<string, number> } }[] = []
  results.push({ label: 'PGlite', ...(await measure('PGlite', {}, 3311)) })

  const admin = new pg.Client({ connectionString: ADMIN_URL })
  let reachable = true
  try {
    await admin.connect()
  } catch (err) {
    reachable = false
    console.log(`PostgreSQL at ${ADMIN_URL} unreachable (${(err as Error).message}): measured on PGlite only`)
  }
  if (reachable) {
    const dbName = `bench_members_${process.pid}`
    await admin.query(`create database ${dbName}`)
    try {
      const url = new URL(ADMIN_URL)
      url.pathname = `/${dbName}`
      results.push({ label: 'PostgreSQL', ...(await measure('PostgreSQL', { DATABASE_URL: url.toString() }, 3312)) })
    } finally {
      await admin.query(`drop database if exists ${dbName} with (force)`)
      await admin.end()
    }
  }

  table(results.flatMap((r) => r.rows))
  for (const r of results) {
    const search = r.rows[0]
    console.log(`${r.label}: member search p99 ${search.p99} ms, conversation p99 ${r.rows[1].p99} ms (target <= 50 ms at 10 connections, quiet machine)`)
  }
  for (const r of results) {
    const search = r.rows[0]
    if (!r.split || !search.cpuMs) continue
    console.log(`\nWhere a member search request's CPU goes on ${r.label} (shares of a profiled run x ${search.cpuMs.toFixed(3)} ms):`)
    console.log('| part | share | ms per request |\n|---|---|---|')
    for (const [part, share] of Object.entries(r.split.shares).sort((a, b) => b[1] - a[1])) {
      console.log(`| ${part} | ${(share * 100).toFixed(1)}% | ${(share * search.cpuMs).toFixed(3)} |`)
    }
    if (r.label === 'PostgreSQL') console.log("  (PostgreSQL's own work runs in its server processes and is not in these figures)")
  }
}

await main()
