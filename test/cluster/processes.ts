// The processes of a cluster test: free ports, the production server started with its log in a file, an HTTP
// request with the site's Host header, the wait until a server answers /ready, and a database of the run's own.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
export { freePort } from '../../bench/lib'

export const HOST = 'datingstad.nl'
export const ORIGIN = `http://${HOST}`

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))


export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  json<T = Record<string, unknown>>(): T
}

/** One HTTP request to the balancer with the site's Host header; `instance` pins it to one instance. */
export function call(port: number, method: string, url: string, opts: { cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string>; instance?: number; host?: string } = {}): Promise<Answer> {
  const payload = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body
  const headers: Record<string, string> = { host: opts.host ?? HOST, 'accept-language': 'nl', ...opts.headers }
  if (opts.json !== undefined) headers['content-type'] = 'application/json'
  if (payload) headers['content-length'] = String(payload.length)
  if (opts.cookie) headers.cookie = opts.cookie
  if (opts.instance !== undefined) headers['x-cluster-instance'] = String(opts.instance)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T })
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

export interface Proc {
  name: string
  child: ChildProcess
  logFile: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function startProc(name: string, args: string[], env: Record<string, string>, dir: string): Proc {
  const logFile = path.join(dir, `${name}.log`)
  const out = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } })
  fs.closeSync(out)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return { name, child, logFile, exited }
}

export async function waitForReady(port: number, proc: Proc, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) break
    try {
      if ((await call(port, 'GET', '/ready')).status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${proc.name} did not become ready on port ${port}:\n${fs.readFileSync(proc.logFile, 'utf8').slice(-3000)}`)
}


/** Creates a database on the server of `adminUrl`; its address. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}

/**
 * The steps of a run, each an `it`: a failure marks the run failed (read in afterAll, which then prints the
 * processes' logs) and fails the step.
 */
export function runSteps() {
  const run = { failed: false }
  const step = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      try {
        await fn()
      } catch (err) {
        run.failed = true
        throw err
      }
    })
  return { run, step }
}
