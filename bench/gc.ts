// bench/gc (npm run bench:gc): what each request leaves to the garbage collector. The server runs under V8's
// --trace-gc-nvp (its stdout goes to a file here) and is loaded at 10 connections, one address after another:
// /health, /api/settings.php (a member's session), /api/search.php and the member search page /members. Per address:
// requests/s, the young-generation collections (scavenges) in the measured window, their mean pause, and the bytes
// they promoted to the old generation, per scavenge and per request. A request whose objects all die with it
// promotes nothing: V8 promotes what survived two scavenges, and a scavenge comes every 20 or more requests here.
// What is promoted anyway is kept past its request by something long-lived (decision 042, sixteenth addendum: a
// helmet built per request, a WeakMap whose value held its own key). Every scavenge stops all ten requests in
// flight for its pause, which grows with what it copies: that is the member pages' p99 beyond their median.
// PGlite by default; BENCH_GC_DATABASE_URL=postgres://... runs on PostgreSQL (a database of its own, dropped after).
// BENCH_GC_BASELINE=<dir> also runs another checkout's build (its own `npm run build`) the same way, address by
// address in turns, and prints the ratios. BENCH_GC_SECONDS (default 8) per window, after 4 s of warm-up.
// BENCH_GC_SITES=1 also prints, per address and build, the functions that allocated what was promoted (V8's sampling
// heap profiler in the server, bench/promoted-sites.mjs): where to look when a page promotes more than it should
// (the profiler slows the server: read req/s and pauses from a run without it).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import autocannon from 'autocannon'
import pg from 'pg'
import { cookieHeader, ensureBuild, request, startProcess } from './lib'

const SECONDS = Number(process.env.BENCH_GC_SECONDS ?? 8)
const HOST = 'datingstad.nl'
const BASELINE = process.env.BENCH_GC_BASELINE
const ADMIN_URL = process.env.BENCH_GC_DATABASE_URL
const PATHS = (process.env.BENCH_GC_PATHS ?? '/health,/api/settings.php,/api/search.php,/members').split(',')
const SITES = process.env.BENCH_GC_SITES === '1'

interface Server {
  label: string
  port: number
  child: ChildProcess
  log: string
  /** Where the server writes its promoted-allocation profile (BENCH_GC_SITES), and the last window's summary. */
  sites: string
  siteRows: string[]
  cookie: string
  database?: string
}

interface Window {
  rps: number
  requests: number
  scavenges: number
  pauseMs: number
  promotedKb: number
}

async function start(label: string, port: number, cwd: string | undefined, adminUrl: string | undefined): Promise<Server> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gc-')), 'gc.log')
  let database: string | undefined
  let databaseUrl: string | undefined
  if (adminUrl) {
    database = `bench_gc_${process.pid}_${port}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${database}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    databaseUrl = url.toString()
  }
  // --max-semi-space-size=32 as every bench server (startProcess), and V8's collection log on its standard output.
  const sites = path.join(path.dirname(log), 'promoted-sites.json')
  const env = { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), BENCH_GC_SITES_FILE: sites }
  const nodeArgs = ['--trace-gc-nvp', ...(SITES ? ['--import', path.resolve(import.meta.dirname, 'promoted-sites.mjs')] : [])]
  const child = await startProcess('dist/node/main.mjs', env, port, nodeArgs, cwd, log)
  const login = await request('POST', `http://127.0.0.1:${port}/api/user.php`, HOST, { json: { email: 'premium@datingstad.demo', password: 'demo-premium-123' } })
  if (login.status !== 200) throw new Error(`${label}: login failed: ${login.status}`)
  const cookie = cookieHeader(login.headers)
  return { label, port, child, log, sites, siteRows: [], cookie, database }
}

/** The scavenges V8 logged between two offsets of the server's log: how many, their pauses, what they promoted. */
function scavenges(text: string): { count: number; pauseMs: number; promoted: number } {
  let count = 0
  let pauseMs = 0
  let promoted = 0
  for (const line of text.split('\n')) {
    if (!line.includes(' gc=s ')) continue
    count++
    pauseMs += Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0)
    promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0)
  }
  return { count, pauseMs, promoted }
}

async function measure(server: Server, address: string): Promise<Window> {
  const url = `http://127.0.0.1:${server.port}${address}`
  const headers = { host: HOST, cookie: server.cookie, 'accept-encoding': 'gzip, br' }
  await autocannon({ url, connections: 10, duration: 4, headers })
  const from = fs.statSync(server.log).size
  if (SITES) server.child.kill('SIGUSR1')
  const r = await autocannon({ url, connections: 10, duration: SECONDS, headers })
  if (SITES) server.siteRows = await promotedSites(server)
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${server.label} ${address}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  const fd = fs.openSync(server.log, 'r')
  const size = fs.statSync(server.log).size
  const buf = Buffer.alloc(size - from)
  fs.readSync(fd, buf, 0, buf.length, from)
  fs.closeSync(fd)
  const gc = scavenges(buf.toString('latin1'))
  return { rps: r.requests.average, requests: r.requests.total, scavenges: gc.count, pauseMs: gc.count ? gc.pauseMs / gc.count : 0, promotedKb: gc.promoted / 1024 }
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number }
  selfSize: number
  children: ProfileNode[]
}

/** The window's promoted bytes by allocating function (the ten largest), from the server's sampling heap profile. */
async function promotedSites(server: Server): Promise<string[]> {
  fs.rmSync(server.sites, { force: true })
  server.child.kill('SIGUSR2')
  const deadline = Date.now() + 30_000
  while (!fs.existsSync(server.sites) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  const profile = JSON.parse(fs.readFileSync(server.sites, 'utf8')) as { head?: ProfileNode; error?: string }
  if (!profile.head) throw new Error(`${server.label}: no heap profile: ${profile.error}`)
  const bytes = new Map<string, number>()
  let total = 0
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/dist\//, 'dist/')}:${lineNumber + 1}`
    if (node.selfSize) bytes.set(site, (bytes.get(site) ?? 0) + node.selfSize)
    total += node.selfSize
    node.children.forEach(walk)
  }
  walk(profile.head)
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([site, n]) => `${((n / total) * 100).toFixed(1)}% ${site}`)
}

async function stop(server: Server) {
  if (server.child.exitCode === null) {
    const exited = once(server.child, 'exit')
    server.child.kill('SIGINT')
    await exited
  }
  if (server.database && ADMIN_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL })
    await admin.connect()
    await admin.query(`drop database if exists ${server.database} with (force)`)
    await admin.end()
  }
}

async function main() {
  ensureBuild()
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ')
  console.log(`bench:gc on ${ADMIN_URL ? 'PostgreSQL' : 'PGlite'}, ${SECONDS} s per address at 10 connections; load average before: ${load()} on ${os.cpus().length} CPUs`)
  const servers: Server[] = []
  try {
    servers.push(await start('this build', 3381, undefined, ADMIN_URL))
    if (BASELINE) servers.push(await start('baseline', 3382, BASELINE, ADMIN_URL))
    const rows: string[] = []
    const sites: string[] = []
    for (const address of PATHS) {
      const results = new Map<Server, Window>()
      for (const s of servers) {
        results.set(s, await measure(s, address))
        if (SITES) sites.push(`\n${address}, ${s.label}: what was promoted, by allocating function (sampled)`, ...s.siteRows.map((row) => `  ${row}`))
      }
      for (const s of servers) {
        const w = results.get(s)!
        rows.push(`| ${address} | ${s.label} | ${w.rps.toFixed(0)} | ${w.scavenges} | ${w.pauseMs.toFixed(2)} | ${(w.scavenges ? w.promotedKb / w.scavenges : 0).toFixed(0)} | ${((w.promotedKb * 1024) / w.requests).toFixed(0)} |`)
      }
      if (BASELINE) {
        const [a, b] = servers.map((s) => results.get(s)!)
        const perRequest = (w: Window) => w.promotedKb / w.requests
        const ratio = (x: number, y: number) => (y > 0 ? `x${(x / y).toFixed(2)}` : '-')
        rows.push(`| ${address} | this build / baseline | ${ratio(a.rps, b.rps)} | | ${ratio(a.pauseMs, b.pauseMs)} | | ${ratio(perRequest(a), perRequest(b))} |`)
      }
    }
    console.log('\n| address | build | req/s | scavenges | mean pause ms | promoted KB per scavenge | promoted bytes per request |\n|---|---|---|---|---|---|---|')
    for (const row of rows) console.log(row)
    for (const line of sites) console.log(line)
    console.log(`load average after: ${load()}`)
  } finally {
    for (const s of servers) await stop(s)
  }
}

await main()
