// Helpers shared by benchmarks: start the real server in its own process, run autocannon.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'

/**
 * The production build, whatever NODE_ENV the caller runs under: under jest's NODE_ENV=test Vite would build React's
 * development JSX into the server, which the production server cannot run (every page a 500).
 */
function build() {
  const r = spawnSync('node', ['scripts/build.mjs', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) throw new Error('build failed')
}

export function ensureBuild() {
  if (!fs.existsSync('dist/node/main.mjs')) build()
}

const SOURCES = ['pages', 'renderer', 'src', 'themes', 'locales', 'public', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs']

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))))
}

/** Builds when the build is missing or older than the sources (as npm start does), so a benchmark measures the code. */
export function ensureFreshBuild() {
  const built = fs.existsSync('dist/node/main.mjs') ? fs.statSync('dist/node/main.mjs').mtimeMs : 0
  if (!built || SOURCES.some((s) => newestMtime(s) > built)) build()
}

/** A port nobody listens on now (the OS's choice). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/**
 * cwd: the directory whose build runs (default this one; bench/members compares with another build this way).
 * stdoutFile: where the server's standard output goes (bench/gc reads V8's --trace-gc-nvp lines there); else nowhere.
 */
export async function startProcess(script: string, env: Record<string, string>, port: number, nodeArgs: string[] = [], cwd?: string, stdoutFile?: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  // The built server runs on plain Node; a TypeScript script (the static comparison server) through tsx.
  // BENCH_NODE_ARGS adds flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them.
  const extra = [...nodeArgs, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)]
  const args = script.endsWith('.mjs') ? ['--max-semi-space-size=32', ...extra, script] : ['--max-semi-space-size=32', ...extra, '--import', 'tsx', script]
  const out = stdoutFile === undefined ? 'ignore' : fs.openSync(stdoutFile, 'w')
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', out, 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_MEMBERS_PER_POOL: '40', ...env },
  })
  if (typeof out === 'number') fs.closeSync(out)
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return child
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  child.kill()
  throw new Error(`${script} did not start on port ${port}`)
}

/** The Cookie header that sends back what a response's Set-Cookie headers set (a login's session). */
export function cookieHeader(headers: http.IncomingHttpHeaders): string {
  return [headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** GET with a Host header (fetch does not let a caller set Host). */
export function getText(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve(body))
      })
      .on('error', reject)
  })
}

/** The response headers of a GET with a Host header (body discarded). */
export function getHeaders(url: string, host: string): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host, 'accept-encoding': 'gzip, br' } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.headers))
      })
      .on('error', reject)
  })
}

/** A request with a Host header and an optional JSON body: status, headers and the body as text. */
export function request(method: string, url: string, host: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json)
    const req = http.request(url, { method, headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(payload)
  })
}

export interface LoadResult {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /**
   * CPU time (user + system) of the serving process per request, in ms. On a machine shared with other work the
   * request rate follows whatever else runs; the CPU time a request costs hardly does.
   */
  cpuMs?: number
  /**
   * The same for the process's main thread alone, the one that serves requests; the rest is its other threads (the
   * garbage collector's helpers, libuv's pool, PGlite's own thread: decision 049).
   */
  mainThreadCpuMs?: number
}

let clockTicks: number | undefined
/** CPU time (user + system) in a `/proc/.../stat` file, in ms; throws where it cannot be read. */
function statCpuMs(file: string): number {
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const stat = fs.readFileSync(file, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const hz = (clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / hz
}

/**
 * CPU time (user + system) a process and its live child processes (the workers of a server started with
 * WEB_CONCURRENCY) have used so far, in ms; undefined where /proc is missing.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const children = fs.existsSync(`/proc/${pid}/task/${pid}/children`) ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number) : []
    return statCpuMs(`/proc/${pid}/stat`) + children.reduce((sum, child) => sum + (processCpuMs(child) ?? 0), 0)
  } catch {
    return undefined
  }
}

/** CPU time (user + system) of a process's main thread so far, in ms; undefined where /proc is missing. */
export function mainThreadCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    return statCpuMs(`/proc/${pid}/task/${pid}/stat`)
  } catch {
    return undefined
  }
}

/** Reads the CPU of the process and of its main thread now; the function it returns gives both per request since. */
function cpuMeter(pid: number | undefined) {
  const before = [processCpuMs(pid), mainThreadCpuMs(pid)]
  return (requests: number) => {
    const after = [processCpuMs(pid), mainThreadCpuMs(pid)]
    const per = (i: number) => (before[i] !== undefined && after[i] !== undefined && requests > 0 ? (after[i]! - before[i]!) / requests : undefined)
    return { cpuMs: per(0), mainThreadCpuMs: per(1) }
  }
}

/**
 * A fixed number of requests (10 connections unless told) after a warm-up of `warmup` requests: CPU per request over
 * the same work for every build compared, however slow the machine is at the time (bench/members' comparison).
 */
export async function loadAmount(name: string, url: string, host: string, amount: number, warmup: number, pid: number | undefined, extraHeaders: Record<string, string> = {}, connections = 10): Promise<LoadResult> {
  const headers = { host, 'accept-encoding': 'gzip, br', ...extraHeaders }
  if (warmup > 0) await autocannon({ url, connections, amount: warmup, headers })
  const meter = cpuMeter(pid)
  const r = await autocannon({ url, connections, amount, headers })
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, ...meter(r.requests.total) }
}

/** extraHeaders: e.g. a member's session cookie. */
export async function load(name: string, url: string, host: string, seconds = 10, connections = 10, pid?: number, extraHeaders: Record<string, string> = {}): Promise<LoadResult> {
  const headers = { host, 'accept-encoding': 'gzip, br', ...extraHeaders }
  // Warm up first (JIT, lazy compilation of the first request), then measure.
  await autocannon({ url, connections, duration: 3, headers })
  const meter = cpuMeter(pid)
  const r = await autocannon({ url, connections, duration: seconds, headers })
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, ...meter(r.requests.total) }
}

export function table(rows: LoadResult[]) {
  console.log('\n| what | req/s | p50 ms | p99 ms | CPU ms per request | errors | non-2xx |\n|---|---|---|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs?.toFixed(3) ?? '-'} | ${r.errors} | ${r.non2xx} |`)
}
