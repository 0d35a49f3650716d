import type { FastifyInstance } from 'fastify'
import type WebSocket from 'ws'
import { eq, sql } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import { startPushService, type PushService } from '../support/push-service'
import type { Database } from '../../src/db/client.server'
import { accounts, blocks, jobs, notificationSettings, pushSubscriptions } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(60_000)

let seq = 0
const clientId = () => `push-${Date.now()}-${++seq}`

describeEachDb('web push for new messages', (kind: DbKind) => {
  let database: Database
  let app: FastifyInstance
  let push: PushService
  beforeAll(async () => {
    push = await startPushService()
    database = await openTestDatabase(kind)
    app = await makeTestApp(database, { PUSH_ALLOW_PRIVATE_HOSTS: 'true' }, { pushAgent: push.agent })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await push?.close()
  })
  afterEach(() => {
    expect(push.errors).toEqual([])
    push.received.length = 0
  })

  const member = async (opts: Parameters<typeof createMember>[1] & { language?: string; credits?: number } = {}) => {
    const m = await createMember(database.db, opts)
    await database.db.update(accounts).set({ credits: opts.credits ?? 100, language: opts.language ?? 'nl' }).where(eq(accounts.id, m.account.id))
    const cookie = `sid=${await createSession(database.db, m.account, m.account.tenantId)}`
    return { ...m, id: m.account.id, cookie, host: hostOf(m.account.tenantId) }
  }
  /** Registers a browser subscription the way the site does (POST /api/user.php?push=1). */
  const subscribe = async (m: { cookie: string; host: string }, name: string) => {
    const subscription = push.subscribe(name)
    const res = await app.inject({ method: 'POST', url: '/api/user.php?push=1', headers: { host: m.host, cookie: m.cookie }, payload: { subscription } })
    expect(res.statusCode).toBe(200)
    return subscription
  }
  const send = async (from: { cookie: string; host: string }, where: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: `/api/message.php?${where}`, headers: { host: from.host, cookie: from.cookie }, payload })
    expect(res.statusCode).toBe(201)
    return res.json().message as { id: number; conversation_id: number }
  }
  const pushJobs = async () => (await database.db.select().from(jobs).where(eq(jobs.kind, 'push.message'))).filter((j) => j.doneAt === null)

  it('pushes a new message to every subscription of a member without an open tab, in their language and brand', async () => {
    const sender = await member({ name: 'Sanne' })
    // The recipient signed up on the Belgian brand and reads French.
    const recipient = await member({ tenantId: 'flirtbelgie', language: 'fr' })
    await subscribe(recipient, `fr-phone-${recipient.id}`)
    await subscribe(recipient, `fr-laptop-${recipient.id}`)
    const message = await send(sender, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'Geheim: niet in de melding' })
    expect(await pushJobs()).toHaveLength(1)
    expect(push.received).toHaveLength(0) // sent by the job, not in the request
    expect(await app.services.jobs.runDue()).toBe(1)
    expect(push.received.map((r) => r.path).sort()).toEqual([`/send/fr-laptop-${recipient.id}`, `/send/fr-phone-${recipient.id}`])
    for (const r of push.received) {
      expect(r.payload).toEqual({
        title: 'Nouveau message sur FlirtBelgië',
        body: 'Sanne vous a envoyé un message',
        url: `/chats/${message.conversation_id}`,
        tag: `chat-${message.conversation_id}`,
        icon: '/favicon.ico',
        conversation_id: message.conversation_id,
      })
      expect(r.vapid).toMatchObject({ aud: push.url, sub: `mailto:${app.services.tenants.byId.get('flirtbelgie')!.support_email}`, publicKey: app.services.vapid.publicKey })
      expect(r.headers.ttl).toBe('86400')
      expect(r.headers.urgency).toBe('high')
    }
    // A gift and a photo say what came, in Dutch for a Dutch member.
    const dutch = await member()
    await subscribe(dutch, `nl-${dutch.id}`)
    await send(sender, `member_id=${dutch.id}`, { kind: 'gift', client_id: clientId(), gift_id: 'rose' })
    await app.services.jobs.runDue()
    expect(push.received.at(-1)!.payload).toMatchObject({ title: 'Nieuw bericht op Datingstad', body: 'Sanne heeft je een cadeau gestuurd' })
  })

  it('sends no push while the member has a tab open, and none when they read the message first', async () => {
    const sender = await member()
    const recipient = await member()
    await subscribe(recipient, `online-${recipient.id}`)
    const ws: WebSocket = await app.injectWS('/api/ws', { headers: { host: recipient.host, cookie: recipient.cookie } })
    await new Promise((r) => setTimeout(r, 50))
    await send(sender, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'Je bent online' })
    expect(await pushJobs()).toHaveLength(0)
    ws.terminate()
    await new Promise((r) => setTimeout(r, 50))
    // Offline again: a push is queued, but the member reads the chat (on another device) before the job runs.
    const message = await send(sender, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'Nu offline' })
    expect(await pushJobs()).toHaveLength(1)
    await app.inject({ method: 'POST', url: '/api/chat-read.php', headers: { host: recipient.host, cookie: recipient.cookie }, payload: { id: message.conversation_id } })
    await app.services.jobs.runDue()
    expect(push.received).toHaveLength(0)
    expect(await pushJobs()).toHaveLength(0)
  })

  it('respects the member’s push setting and blocks', async () => {
    const sender = await member()
    const quiet = await member()
    await subscribe(quiet, `quiet-${quiet.id}`)
    const off = await app.inject({ method: 'PUT', url: '/api/notifications.php', headers: { host: quiet.host, cookie: quiet.cookie }, payload: { push: false } })
    expect(off.statusCode).toBe(200)
    await send(sender, `member_id=${quiet.id}`, { kind: 'text', client_id: clientId(), text: 'Stil' })
    await app.services.jobs.runDue()
    expect(push.received).toHaveLength(0)
    await database.db.update(notificationSettings).set({ push: true }).where(eq(notificationSettings.accountId, quiet.id))
    // Blocked between the send and the job: no notification from the blocked member.
    await send(sender, `member_id=${quiet.id}`, { kind: 'text', client_id: clientId(), text: 'Geblokkeerd' })
    await database.db.insert(blocks).values({ pool: 'main', blockerId: quiet.id, blockedId: sender.id })
    await app.services.jobs.runDue()
    expect(push.received).toHaveLength(0)
  })

  it('removes subscriptions the push service answers 404 or 410 for, and retries only the ones that failed', async () => {
    const sender = await member()
    const recipient = await member()
    const ok = await subscribe(recipient, `ok-${recipient.id}`)
    await subscribe(recipient, `gone-${recipient.id}`)
    await subscribe(recipient, `missing-${recipient.id}`)
    const flaky = await subscribe(recipient, `flaky-${recipient.id}`)
    push.answer.set(`/send/gone-${recipient.id}`, 410)
    push.answer.set(`/send/missing-${recipient.id}`, 404)
    push.answer.set(`/send/flaky-${recipient.id}`, 503)
    await send(sender, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    await app.services.jobs.runDue()
    expect(push.received.map((r) => r.path)).toEqual([`/send/ok-${recipient.id}`])
    const left = await database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.accountId, recipient.id))
    expect(left.map((s) => s.endpoint).sort()).toEqual([flaky.endpoint, ok.endpoint].sort())
    // The failed one is tried again a little later, alone.
    const [retry] = await pushJobs()
    expect(retry.payload).toMatchObject({ subscriptionIds: [expect.any(Number)] })
    expect(retry.runAt.getTime()).toBeGreaterThan(Date.now())
    push.answer.delete(`/send/flaky-${recipient.id}`)
    await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, retry.id))
    await app.services.jobs.runDue()
    expect(push.received.map((r) => r.path)).toEqual([`/send/ok-${recipient.id}`, `/send/flaky-${recipient.id}`])
    expect(await pushJobs()).toHaveLength(0)
  })

  it('retries the whole job when the push service fails for every subscription', async () => {
    const sender = await member()
    const recipient = await member()
    await subscribe(recipient, `down-${recipient.id}`)
    push.answer.set(`/send/down-${recipient.id}`, 500)
    await send(sender, `member_id=${recipient.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    await app.services.jobs.runDue()
    const [job] = await pushJobs()
    expect(job).toMatchObject({ attempts: 1, lastError: 'push service answered 500' })
    push.answer.delete(`/send/down-${recipient.id}`)
    await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job.id))
    await app.services.jobs.runDue()
    expect(push.received.map((r) => r.path)).toEqual([`/send/down-${recipient.id}`])
  })
})
