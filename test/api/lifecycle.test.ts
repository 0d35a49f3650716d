// An instance behind a load balancer (decision 035): liveness and readiness, the request id carried in the log
// and the answer, and the graceful close: live sockets get the restart code, a request in flight finishes, new
// connections are refused.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { openTestDatabase } from '../support/db'
import { createMember, makeServices, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { buildApp } from '../../src/server/app.server'
import { RESTART_CLOSE_CODE } from '../../src/server/lifecycle.server'

jest.setTimeout(60_000)
const HOST = 'datingstad.nl'

describe('instance lifecycle', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.close()
  })

  const build = async (env: Record<string, string> = {}, lines: string[] = []) => {
    let release = () => {}
    const app = await buildApp({
      services: await makeServices(database, env),
      logStream: { write: (l: string) => void lines.push(l) },
      // A route that answers when the test says so: a request in flight during the close.
      pages: async (a) => {
        a.get('/slow-for-test', async () => {
          await new Promise<void>((r) => (release = r))
          return { finished: true }
        })
      },
    })
    app.addHook('onClose', async () => {
      await app.services.jobs.stop()
      app.services.mailer.close()
    })
    await app.ready()
    return { app, release: () => release() }
  }

  it('answers liveness and readiness (database, Redis, media); readiness fails when Redis does not answer', async () => {
    const { app } = await build()
    expect((await app.inject({ url: '/health' })).json()).toEqual({ ok: true })
    const ready = await app.inject({ url: '/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'off', media: 'ok' } })
    await app.close()

    const dead = await build({ REDIS_URL: 'redis://127.0.0.1:1' })
    const notReady = await dead.app.inject({ url: '/ready' })
    expect(notReady.statusCode).toBe(503)
    expect(notReady.json()).toMatchObject({ ok: false, checks: { database: 'ok', redis: 'failed' } })
    await dead.app.close()
  })

  if (process.env.REDIS_URL) {
    it('is ready with a Redis that answers', async () => {
      const { app } = await build({ REDIS_URL: process.env.REDIS_URL! })
      // Asked as a balancer asks: again until ready (a new instance's Redis connection may still be opening; on a
      // loaded machine its first ping once took longer than the check's 2 s), at most 5 times.
      let ready = await app.inject({ url: '/ready' })
      for (let i = 1; i < 5 && ready.statusCode !== 200; i++) ready = await app.inject({ url: '/ready' })
      expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'ok', media: 'ok' } })
      await app.close()
    })
  }

  it('carries the X-Request-Id it is given into every log line and the answer; makes one when missing or malformed', async () => {
    const lines: string[] = []
    const { app } = await build({}, lines)
    const given = 'lb-3f2a9c1e-0001'
    const res = await app.inject({ url: '/api/settings.php', headers: { host: HOST, 'x-request-id': given } })
    expect(res.headers['x-request-id']).toBe(given)
    const mine = lines.map((l) => JSON.parse(l) as { reqId?: string }).filter((l) => l.reqId === given)
    expect(mine.length).toBeGreaterThanOrEqual(2)
    const fresh = await app.inject({ url: '/api/settings.php', headers: { host: HOST, 'x-request-id': 'bad id\nwith newline' } })
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    await app.close()
  })

  it('on close: live sockets get the restart code, the request in flight finishes, new connections are refused', async () => {
    const { app, release } = await build()
    const { account, password } = await createMember(database.db, { email: 'shutdown@example.nl' })
    const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email: account.email, password } })
    const cookie = sessionCookie(login.headers['set-cookie'])
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port

    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { host: HOST, cookie, origin: `http://${HOST}` } })
    await new Promise<void>((resolve, reject) => ws.once('message', () => resolve()).once('error', reject))
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))

    const agent = new http.Agent({ keepAlive: false })
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/slow-for-test', headers: { host: HOST }, agent }, (res) => {
          let body = ''
          res.on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        .on('error', reject)
    })
    await new Promise((r) => setTimeout(r, 200))

    const closing = app.close()
    expect(await closed).toBe(RESTART_CLOSE_CODE)
    // Not accepting any more.
    await new Promise((r) => setTimeout(r, 100))
    await expect(
      new Promise((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/health', agent }, resolve).on('error', reject)),
    ).rejects.toThrow(/ECONNREFUSED/)
    // The request in flight still gets its answer, and only then is the app closed.
    release()
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ finished: true }) })
    await closing
  })
})
