// Trust: a session belongs to the brand that made it (decision 002), on every request and on the live socket;
// the live socket refuses pages of other sites (Origin).
import type { FastifyInstance } from 'fastify'
import type WebSocket from 'ws'
import { describeEachDb, openTestDatabase } from '../support/db'
import { hostOf, loggedInMember, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'

jest.setTimeout(60_000)

const BRANDS = [
  { id: 'datingstad', pool: 'main' },
  { id: 'flirtbelgie', pool: 'main' },
  { id: 'rijpedates', pool: 'main' },
  { id: 'mannenmatch', pool: 'gay' },
]

/** The HTTP status of a refused upgrade, the close code of a socket the server closed, or ok when it answers a ping. */
async function upgrade(app: FastifyInstance, headers: Record<string, string>): Promise<{ status?: number; close?: number; ok?: boolean }> {
  let ws: WebSocket
  try {
    ws = await app.injectWS('/api/ws', { headers })
  } catch (err) {
    const m = /Unexpected server response: (\d+)/.exec(String((err as Error).message))
    if (m) return { status: Number(m[1]) }
    throw err
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate()
      resolve({})
    }, 5000)
    ws.on('message', (raw: Buffer) => {
      if (JSON.parse(raw.toString()).type === 'pong') {
        clearTimeout(timer)
        ws.terminate()
        resolve({ ok: true })
      }
    })
    ws.on('close', (code: number) => {
      clearTimeout(timer)
      resolve({ close: code })
    })
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ping' }))
  })
}

describeEachDb('trust: sessions and origins', (kind) => {
  let database: Database
  let app: FastifyInstance
  const cookies = new Map<string, string>()

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
    for (const brand of BRANDS) {
      const { cookie } = await loggedInMember(app, database.db, `sessie-${brand.id}@example.nl`, hostOf(brand.id), { pool: brand.pool, tenantId: brand.id })
      cookies.set(brand.id, cookie)
    }
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  describe('a session is accepted only on the brand that made it', () => {
    for (const from of BRANDS) {
      for (const on of BRANDS) {
        const same = from.id === on.id
        it(`a ${from.id} session on ${on.id} (${same ? 'accepted' : from.pool === on.pool ? 'same pool: refused' : 'other pool: refused'})`, async () => {
          for (const host of [hostOf(on.id), `${on.id}.localhost:3000`]) {
            const res = await app.inject({ method: 'GET', url: '/api/user.php', headers: { host, cookie: cookies.get(from.id)! } })
            expect(res.statusCode).toBe(same ? 200 : 403)
            if (same) expect(res.json().user.email).toBe(`sessie-${from.id}@example.nl`)
            else expect(res.json().error).toBe('authentication_required')
          }
          const live = await upgrade(app, { host: hostOf(on.id), cookie: cookies.get(from.id)! })
          expect(live).toEqual(same ? { ok: true } : { close: 4401 })
        })
      }
    }
  })

  describe('the live socket and Origin', () => {
    const cookie = () => cookies.get('datingstad')!
    it.each([['https://datingstad.nl'], ['http://datingstad.localhost:3000'], ['http://datingstad.localhost']])('accepts the tenant’s own origin %s', async (origin) => {
      expect(await upgrade(app, { host: 'datingstad.nl', cookie: cookie(), origin })).toEqual({ ok: true })
    })

    it('accepts a client that sends no Origin (not a browser: it holds the cookie itself)', async () => {
      expect(await upgrade(app, { host: 'datingstad.nl', cookie: cookie() })).toEqual({ ok: true })
    })

    it.each([
      ['https://evil.example'],
      ['https://flirtbelgie.be'],
      ['http://flirtbelgie.localhost:3000'],
      ['https://datingstad.nl.evil.example'],
      ['null'],
      ['not a url'],
      ['file:///etc/passwd'],
    ])('refuses the foreign origin %s before the upgrade', async (origin) => {
      expect(await upgrade(app, { host: 'datingstad.nl', cookie: cookie(), origin })).toEqual({ status: 403 })
    })
  })
})
