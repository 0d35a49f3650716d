// One server process per CPU (WEB_CONCURRENCY, decision 048): the production build started with WEB_CONCURRENCY=2
// on a fresh PostgreSQL database and the local Redis. Checked: two server processes under the one that was started,
// both serving requests on the one port; a member's tabs on either process hear a message sent on any of them; a
// process killed is replaced while the site keeps answering; SIGTERM stops them all, exit code 0. Part of the
// cluster project (needs TEST_DATABASE_URL and REDIS_URL; skipped otherwise).
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { ensureFreshBuild, processCpuMs } from '../../bench/lib'
import { eventually } from '../support/eventually'
import { HOST, ORIGIN, call, createDatabase, dropDatabase, freePort, sleep, runSteps, startProc, waitForReady, type Proc } from './processes'

jest.setTimeout(240_000)

const ADMIN_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.REDIS_URL
const missing = [!ADMIN_URL && 'TEST_DATABASE_URL', !REDIS_URL && 'REDIS_URL'].filter(Boolean) as string[]
const describeWorkers = missing.length === 0 ? describe : describe.skip
if (missing.length) console.log(`[test] server processes per CPU skipped: ${missing.join(' and ')} not set (they need PostgreSQL and Redis).`)

/** The live child processes of a process (Linux: /proc/<pid>/task/<pid>/children). */
function children(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describeWorkers(`WEB_CONCURRENCY=2: two server processes on one port${missing.length ? ` [skipped: ${missing.join(' and ')} not set]` : ''}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-'))
  const dbName = `workers_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  let databaseUrl = ''
  let port = 0
  let primary: Proc
  const { run, step } = runSteps()
  const log = () => fs.readFileSync(primary.logFile, 'utf8')

  beforeAll(async () => {
    ensureFreshBuild()
    port = await freePort()
    databaseUrl = await createDatabase(ADMIN_URL!, dbName)
    primary = startProc('primary', ['--max-semi-space-size=32', 'dist/node/main.mjs'], {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: `workers-${process.pid}-${Date.now()}:`,
      WEB_CONCURRENCY: '2',
      PUBLIC_URL: `http://{id}.localhost:${port}`,
      SEED_MEMBERS_PER_POOL: '6',
      LOG_LEVEL: 'warn',
    }, dir)
    await waitForReady(port, primary, 180_000)
    await eventually(() => expect(log()).toContain('[cluster] 2 server processes listening'), 120_000)
  })

  afterAll(async () => {
    if (primary && primary.child.exitCode === null && primary.child.signalCode === null) {
      primary.child.kill('SIGTERM')
      await Promise.race([primary.exited, sleep(15_000)])
    }
    if (run.failed && primary) console.log(`[workers] log:\n${log().slice(-4000)}`)
    if (databaseUrl) await dropDatabase(ADMIN_URL!, dbName)
    fs.rmSync(dir, { recursive: true, force: true })
  })


  async function login(email: string, password: string) {
    const res = await call(port, 'POST', '/api/user.php', { json: { email, password } })
    expect(res.status).toBe(200)
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!.split(';')[0]
    return { cookie, id: res.json<{ user: { id: number } }>().user.id }
  }

  step('runs two server processes under the one started, and both serve requests on its port', async () => {
    const pids = children(primary.child.pid!)
    expect(pids).toHaveLength(2)
    const member = await login('premium@datingstad.demo', 'demo-premium-123')
    const before = pids.map((pid) => processCpuMs(pid)!)
    // 200 member searches over 10 kept-alive connections: the primary hands each new connection to the next process.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
    const one = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/members', agent, headers: { host: HOST, cookie: member.cookie } }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', reject)
      })
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, one))))
    agent.destroy()
    expect([...new Set(statuses)]).toEqual([200])
    const used = pids.map((pid, i) => processCpuMs(pid)! - before[i])
    const total = used[0] + used[1]
    // Each process did a real part of the work (about half each; an idle one would be near 0).
    expect(used[0]).toBeGreaterThan(total * 0.2)
    expect(used[1]).toBeGreaterThan(total * 0.2)
  })

  step("hears a message on a member's tabs whichever process holds their socket", async () => {
    const recipient = await login('free@datingstad.demo', 'demo-free-123')
    const sender = await login('premium@datingstad.demo', 'demo-premium-123')
    // Four sockets, four connections: the primary gives them to the two processes in turn.
    const tabs = Array.from({ length: 4 }, () => {
      const events: Array<{ type: string; conversation_id?: number; message?: { text?: string } }> = []
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { host: HOST, origin: ORIGIN, cookie: recipient.cookie }, perMessageDeflate: false })
      ws.on('message', (raw) => events.push(JSON.parse(String(raw))))
      return { ws, events, open: new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject))) }
    })
    try {
      await Promise.all(tabs.map((t) => t.open))
      await sleep(300) // each process's Redis subscription for the member is up
      const text = `Hoi, ${crypto.randomBytes(3).toString('hex')}!`
      const sent = await call(port, 'POST', `/api/message.php?member_id=${recipient.id}`, { cookie: sender.cookie, headers: { origin: ORIGIN }, json: { kind: 'text', client_id: `workers-${Date.now()}`, text } })
      expect(sent.status).toBe(201)
      const heard = (t: (typeof tabs)[number]) => t.events.filter((e) => e.type === 'message' && e.message?.text === text).length
      await eventually(() => {
        for (const t of tabs) expect(heard(t)).toBeGreaterThanOrEqual(1)
      }, 10_000)
      await sleep(300) // time for a duplicate to arrive
      expect(tabs.map(heard)).toEqual([1, 1, 1, 1])
    } finally {
      for (const t of tabs) t.ws.close()
    }
  })

  step('replaces a server process that is killed, and the site keeps answering', async () => {
    const before = children(primary.child.pid!)
    const victim = before[1]
    process.kill(victim, 'SIGKILL')
    let replacement = 0
    await eventually(() => {
      const pids = children(primary.child.pid!)
      expect(pids).toHaveLength(2)
      expect(pids).not.toContain(victim)
      replacement = pids.find((pid) => !before.includes(pid))!
      expect(replacement).toBeDefined()
    }, 30_000)
    let role = ''
    await eventually(() => {
      role = new RegExp(`server process ${victim} \\((lead|extra)\\) exited \\(signal SIGKILL\\): starting another`).exec(log())?.[1] ?? ''
      expect(role).not.toBe('')
    }, 30_000)
    await eventually(() => expect(log()).toContain(`server process ${replacement} (${role}) listening`), 60_000)
    // New connections, each handed to the next process: all answered.
    for (let i = 0; i < 6; i++) expect((await call(port, 'GET', '/ready')).status).toBe(200)
  })

  step('stops every process on SIGTERM and exits 0', async () => {
    const pids = children(primary.child.pid!)
    primary.child.kill('SIGTERM')
    const exit = await Promise.race([primary.exited, sleep(15_000).then(() => undefined)])
    expect(exit).toEqual({ code: 0, signal: null })
    expect(pids.filter(alive)).toEqual([])
    expect(log().match(/\[shutdown\] done/g)).toHaveLength(2)
  })

  step('stops with the exit code of a server process that cannot start', async () => {
    const url = new URL(databaseUrl)
    url.pathname = `/${dbName}_missing`
    const broken = startProc('broken', ['dist/node/main.mjs'], { NODE_ENV: 'production', PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: url.toString(), REDIS_URL: REDIS_URL!, WEB_CONCURRENCY: '2', LOG_LEVEL: 'warn' }, dir)
    const exit = await Promise.race([broken.exited, sleep(60_000).then(() => undefined)])
    const text = fs.readFileSync(broken.logFile, 'utf8')
    expect(exit).toEqual({ code: 1, signal: null })
    expect(text).toContain('[cluster] a server process (lead) exited while starting (code 1): stopping')
    expect(text).toContain(`database "${dbName}_missing" does not exist`)
  })
})
