// Many sends at once on PostgreSQL (real parallel transactions, unlike PGlite's single connection): credits for
// only some of them, and exactly that many succeed with an exact balance and ledger.
import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { openTestDatabase, POSTGRES_URL } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, conversations, creditLedger, messages } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(120_000)

const HOST = hostOf('datingstad')
const describePg = POSTGRES_URL ? describe : describe.skip
let seq = 0
const clientId = () => `conc-${Date.now()}-${++seq}`

describePg(`concurrent sends on PostgreSQL${POSTGRES_URL ? '' : ' [skipped: TEST_DATABASE_URL not set]'}`, () => {
  let database: Database
  let app: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    app = await makeTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const member = async (credits: number, paidUser = false) => {
    const m = await createMember(database.db)
    await database.db.update(accounts).set({ credits, paidUser }).where(eq(accounts.id, m.account.id))
    return { id: m.account.id, cookie: `sid=${await createSession(database.db, m.account, 'datingstad')}` }
  }
  const post = (cookie: string, where: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/message.php?${where}`, headers: { host: HOST, cookie }, payload })

  it('lets exactly the sends the credits cover succeed, over many senders and kinds at once, with exact balances', async () => {
    const { message_credits: m, gift_credits: g } = app.services.tenants.byId.get('datingstad')!.credits
    // Each sender can pay for 3 texts and 1 rose, and tries 9 texts and 3 roses, all at once, in one conversation.
    const senders = await Promise.all(Array.from({ length: 8 }, () => member(3 * m + g, true)))
    const recipient = await member(0)
    // The conversations exist first, so every send competes only for credits.
    const starts = new Set<string>()
    for (const s of senders) {
      const res = await post(s.cookie, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'start' })
      expect(res.statusCode).toBe(201)
      starts.add(`message:${res.json().message.id}`)
    }
    for (const s of senders) await database.db.update(accounts).set({ credits: 3 * m + g }).where(eq(accounts.id, s.id))
    const attempts = senders.flatMap((s) => [
      ...Array.from({ length: 9 }, (_, i) => ({ s, payload: { kind: 'text', client_id: clientId(), text: `tekst ${i}` } })),
      ...Array.from({ length: 3 }, () => ({ s, payload: { kind: 'gift', client_id: clientId(), gift_id: 'rose' } })),
    ])
    // Shuffled, so texts and gifts of one sender race each other.
    attempts.sort(() => Math.random() - 0.5)
    const results = await Promise.all(attempts.map((a) => post(a.s.cookie, `member_id=${recipient.id}`, a.payload).then((r) => ({ ...a, status: r.statusCode, body: r.json() }))))
    expect(results.filter((r) => r.status !== 201 && r.status !== 402)).toEqual([])
    for (const s of senders) {
      const mine = results.filter((r) => r.s === s && r.status === 201)
      const spent = mine.reduce((n, r) => n + (r.payload.kind === 'gift' ? g : m), 0)
      // Whatever order the race took, the credits were spent as far as they reached and never below zero.
      const [acc] = await database.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, s.id))
      expect(acc.credits).toBe(3 * m + g - spent)
      expect(acc.credits).toBeGreaterThanOrEqual(0)
      expect(acc.credits).toBeLessThan(m) // nothing affordable was refused: not even a text fits in what is left
      const ledger = (await database.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, s.id), sql`${creditLedger.reference} like 'message:%'`))).filter(
        (l) => !starts.has(l.reference!),
      )
      // One ledger entry per stored message, the balances a strict chain down to the end.
      expect(ledger).toHaveLength(mine.length)
      const stored = await database.db.select().from(messages).where(eq(messages.senderId, s.id))
      expect(stored).toHaveLength(mine.length + 1)
      const after = ledger.map((l) => l.balanceAfter).sort((a, b) => b - a)
      expect(after.at(-1)).toBe(acc.credits)
      expect(new Set(after).size).toBe(after.length)
      // Each answer told the balance right after its own charge.
      expect(mine.map((r) => r.body.credits).sort((a: number, b: number) => b - a)).toEqual(after)
    }
    const refused = results.filter((r) => r.status === 402)
    expect(refused.every((r) => r.body.error === 'insufficient_credits')).toBe(true)
  })

  it('lets a free member start exactly 2 conversations when starting many at once', async () => {
    const free = await member(1000)
    const others = await Promise.all(Array.from({ length: 10 }, () => member(0)))
    const results = await Promise.all(others.map((o) => post(free.cookie, `member_id=${o.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi!' })))
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2)
    expect(results.filter((r) => r.statusCode === 402).map((r) => r.json().error)).toEqual(Array(8).fill('conversation_limit'))
    expect(await database.db.select().from(conversations).where(eq(conversations.startedBy, free.id))).toHaveLength(2)
  })

  it('stores and charges one message when the same send is retried many times at once', async () => {
    const a = await member(100)
    const b = await member(0)
    const id = clientId()
    const results = await Promise.all(Array.from({ length: 12 }, () => post(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: id, text: 'Eén keer' })))
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201))
    expect(new Set(results.map((r) => r.json().message.id)).size).toBe(1)
    expect(await database.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1)
    const [acc] = await database.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, a.id))
    expect(acc.credits).toBe(100 - app.services.tenants.byId.get('datingstad')!.credits.message_credits)
  })
})
