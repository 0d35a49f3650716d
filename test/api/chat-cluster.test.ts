// Two app instances sharing one PostgreSQL database and the local Redis, as two servers behind a load balancer:
// live events reach every socket of a member on either instance exactly once, and presence (who has an open tab
// anywhere) decides whether a web push is queued.
import type { FastifyInstance } from 'fastify'
import type WebSocket from 'ws'
import { eq } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/db/client.server'
import { openTestDatabase, POSTGRES_URL } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import { eventually } from '../support/eventually'
import { accounts, jobs } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(60_000)

const HOST = hostOf('datingstad')
const REDIS_URL = process.env.REDIS_URL
const missing = [!REDIS_URL && 'REDIS_URL', !POSTGRES_URL && 'TEST_DATABASE_URL'].filter(Boolean)
const describeCluster = missing.length === 0 ? describe : describe.skip
let seq = 0
// Its own Redis namespace: other test files may use the same Redis and the same account ids at the same time.
const REDIS = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: `test-${process.pid}-${Date.now()}:` }
const clientId = () => `cluster-${Date.now()}-${++seq}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function liveSocket(app: FastifyInstance, cookie: string) {
  const events: Array<Record<string, unknown>> = []
  const ws: WebSocket = await app.injectWS('/api/ws', { headers: { host: HOST, cookie } })
  ws.on('message', (raw: Buffer) => events.push(JSON.parse(raw.toString())))
  return { ws, events, messages: () => events.filter((e) => e.type === 'message').map((e) => (e.message as { id: number }).id) }
}

describeCluster(`live delivery across two instances (PostgreSQL + Redis)${missing.length ? ` [skipped: ${missing.join(' and ')} not set]` : ''}`, () => {
  let database: Database
  let second: Database
  let one: FastifyInstance
  let two: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    // The second instance has its own connection pool to the same database, like a separate server process.
    const url = new URL(POSTGRES_URL!)
    const name = ((await database.db.execute('select current_database() as name')) as unknown as { rows: { name: string }[] }).rows[0].name
    url.pathname = `/${name}`
    second = await openDatabase({ databaseUrl: url.toString() })
    one = await makeTestApp(database, REDIS)
    two = await makeTestApp(second, REDIS)
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await second?.close()
    await database?.close()
  })

  const member = async () => {
    const m = await createMember(database.db)
    await database.db.update(accounts).set({ credits: 500 }).where(eq(accounts.id, m.account.id))
    return { id: m.account.id, cookie: `sid=${await createSession(database.db, m.account, 'datingstad')}` }
  }
  const send = async (app: FastifyInstance, from: { cookie: string }, where: string, text: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/message.php?${where}`, headers: { host: HOST, cookie: from.cookie }, payload: { kind: 'text', client_id: clientId(), text } })
    expect(res.statusCode).toBe(201)
    return res.json().message as { id: number; conversation_id: number }
  }
  const pushJobsFor = async (recipientId: number) => (await database.db.select().from(jobs).where(eq(jobs.kind, 'push.message'))).filter((j) => (j.payload as { recipientId?: number }).recipientId === recipientId)

  it('delivers a message sent through either instance exactly once to every socket of the recipient on both', async () => {
    const a = await member()
    const b = await member()
    const bOnOne = [await liveSocket(one, b.cookie), await liveSocket(one, b.cookie)]
    const bOnTwo = [await liveSocket(two, b.cookie)]
    const aOnTwo = await liveSocket(two, a.cookie)
    // Both instances know both members' tabs (their Redis subscriptions are up).
    await eventually(async () => {
      for (const app of [one, two]) {
        await app.services.realtime.ping()
        for (const m of [a, b]) expect(await app.services.realtime.isOnline(m.id)).toBe(true)
      }
    })
    const first = await send(one, a, `member_id=${b.id}`, 'Via instance een')
    const second = await send(two, a, `conversation_id=${first.conversation_id}`, 'Via instance twee')
    const third = await send(one, a, `conversation_id=${first.conversation_id}`, 'Weer via een')
    const delivered = () => {
      for (const tab of [...bOnOne, ...bOnTwo]) {
        expect(tab.messages()).toEqual([first.id, second.id, third.id])
        expect(tab.events.filter((e) => e.type === 'unread').map((e) => e.total)).toEqual([1, 2, 3])
      }
      // The sender's own tab (on the other instance) gets each of its messages once too.
      expect(aOnTwo.messages()).toEqual([first.id, second.id, third.id])
    }
    await eventually(delivered)
    await sleep(500) // time for any duplicate to arrive
    delivered()
    // Typing from a tab on instance two reaches the other member's tabs on both instances.
    aOnTwo.ws.send(JSON.stringify({ type: 'typing', conversation_id: first.conversation_id }))
    const typed = () => {
      for (const tab of [...bOnOne, ...bOnTwo]) expect(tab.events.filter((e) => e.type === 'typing')).toHaveLength(1)
    }
    await eventually(typed)
    await sleep(300) // time for any duplicate to arrive
    typed()
    for (const tab of [...bOnOne, ...bOnTwo, aOnTwo]) tab.ws.terminate()
  })

  it('knows on every instance whether a member has a tab open anywhere, and pushes only when not', async () => {
    const a = await member()
    const b = await member()
    const tab = await liveSocket(two, b.cookie)
    await eventually(async () => expect(await one.services.realtime.isOnline(b.id)).toBe(true))
    expect(one.services.realtime.localSockets(b.id)).toBe(0)
    await send(one, a, `member_id=${b.id}`, 'Je bent online op twee')
    expect(await pushJobsFor(b.id)).toHaveLength(0)
    tab.ws.terminate()
    await eventually(async () => expect(await one.services.realtime.isOnline(b.id)).toBe(false))
    await send(one, a, `member_id=${b.id}`, 'Nu niet meer')
    expect(await pushJobsFor(b.id)).toHaveLength(1)
  })

  it('shares the message rate limit between the instances through Redis', async () => {
    const key = `message:test-${Date.now()}`
    expect(await one.services.limiter.hit(key, 2, 60)).toBe(true)
    expect(await two.services.limiter.hit(key, 2, 60)).toBe(true)
    expect(await one.services.limiter.hit(key, 2, 60)).toBe(false)
    expect(await two.services.limiter.hit(key, 2, 60)).toBe(false)
  })

  it('forgets the presence of an instance that stops', async () => {
    const b = await member()
    const third = await makeTestApp(await openDatabase({ databaseUrl: (await connectionUrl(database)).toString() }), REDIS)
    await liveSocket(third, b.cookie)
    await eventually(async () => expect(await one.services.realtime.isOnline(b.id)).toBe(true))
    await third.close()
    await third.services.database.close()
    expect(await one.services.realtime.isOnline(b.id)).toBe(false)
  })
})

async function connectionUrl(database: Database) {
  const url = new URL(POSTGRES_URL!)
  url.pathname = `/${((await database.db.execute('select current_database() as name')) as unknown as { rows: { name: string }[] }).rows[0].name}`
  return url
}
