// The chat operators' console through the HTTP API (decision 037): the queue of conversations waiting for a
// fictional profile, claims (two operators never answer the same conversation), a reply as the fictional profile
// through the chat's send path (live in the member's tab, free for the profile, audited with the operator), the
// typing indicator, notes per fictional profile, and nothing of another pool.
import crypto from 'node:crypto'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts, creditLedger, messages, staffAudit } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { createMember, hostOf, loggedInMember, staffCookie, suiteApp } from '../support/app'
import { liveSocket } from '../support/live'
import { ledgerCheck } from '../../src/features/payments/ledger.server'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'

describeEachDb('chat operator console', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  const db = () => suite.database.db
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object, host = HOST) => app.inject({ method, url, headers: { host, cookie }, ...(payload ? { payload } : {}) })
  const clientId = () => crypto.randomUUID()

  beforeAll(() => {
    app = suite.app
  })

  /** A fictional profile, a member with credits who writes to it, and the conversation id. */
  const memberWritesToFictional = async (text = 'Hoi Fleur, zin in een praatje?') => {
    const { account: fictional } = await createMember(db(), { name: 'Fleur' })
    await db().update(accounts).set({ fictional: true }).where(eq(accounts.id, fictional.id))
    const member = await loggedInMember(app, db(), `lid-${clientId()}@example.com`)
    await db().update(accounts).set({ credits: 100 }).where(eq(accounts.id, member.account.id))
    const sent = await app.inject({ method: 'POST', url: `/api/message.php?member_id=${fictional.id}`, headers: { host: HOST, cookie: member.cookie }, payload: { kind: 'text', client_id: clientId(), text } })
    expect(sent.statusCode).toBe(201)
    return { fictional, member, conversationId: sent.json().message.conversation_id as number }
  }

  it('queues a member\'s message to a fictional profile and lets an operator answer it live, free, audited', async () => {
    const { fictional, member, conversationId } = await memberWritesToFictional()
    const { staff, cookie } = await staffCookie(db(), app, 'chat_operator')

    const queue = await call(cookie, 'GET', '/api/admin/operator-queue.php')
    expect(queue.statusCode).toBe(200)
    const item = queue.json().queue.find((q: { conversation_id: number }) => q.conversation_id === conversationId)
    expect(item).toMatchObject({ member: { id: member.account.id }, fictional: { id: fictional.id, name: 'Fleur' }, waiting_messages: 1, claimed_by_other: false })

    const socket = await liveSocket(app, HOST, member.cookie)
    const claim = await call(cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })
    expect(claim.statusCode).toBe(200)
    const open = claim.json()
    expect(open.fictional).toMatchObject({ card: { id: fictional.id, fictional: true }, label: 'Fictief profiel' })
    expect(open.fictional.warning.length).toBeGreaterThan(10)
    expect(open.member.card.id).toBe(member.account.id)
    expect(open.messages.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([['Hoi Fleur, zin in een praatje?', false]])
    expect(open.honest_answer).toMatch(/medewerker/)
    // The member sees the message read.
    expect(await socket.next('read')).toMatchObject({ conversation_id: conversationId, member_id: fictional.id })

    expect((await call(cookie, 'POST', '/api/admin/operator-typing.php', { conversation_id: conversationId })).statusCode).toBe(200)
    expect(await socket.next('typing')).toMatchObject({ conversation_id: conversationId, member_id: fictional.id })

    const reply = await call(cookie, 'POST', '/api/admin/operator-reply.php', { conversation_id: conversationId, client_id: clientId(), text: 'Hoi! Leuk dat je schrijft.' })
    expect(reply.statusCode).toBe(200)
    const live = await socket.next('message')
    expect(live).toMatchObject({ conversation_id: conversationId, message: { text: 'Hoi! Leuk dat je schrijft.', mine: false } })
    expect((await socket.next('unread')).total).toBe(1)
    socket.ws.terminate()

    // Stored as the fictional profile's message, through the chat: the member sees it in the conversation.
    const [stored] = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, fictional.id)))
    expect(stored).toMatchObject({ body: 'Hoi! Leuk dat je schrijft.', credits: 0 })
    const chat = await app.inject({ method: 'GET', url: `/api/chat.php?id=${conversationId}`, headers: { host: HOST, cookie: member.cookie } })
    expect(chat.json().messages.map((m: { text: string }) => m.text)).toEqual(['Hoi Fleur, zin in een praatje?', 'Hoi! Leuk dat je schrijft.'])
    expect(chat.json().conversation.profile.fictional).toBe(true)
    // Free for the fictional profile: no ledger entry, ledger and balance agree.
    expect(await db().select().from(creditLedger).where(eq(creditLedger.accountId, fictional.id))).toEqual([])
    const ledger = await ledgerCheck(db(), fictional.id)
    expect(ledger.balance).toBe(ledger.sum)
    // Logged with the operator who wrote it.
    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'operator.reply'), eq(staffAudit.targetId, String(conversationId))))
    expect(audit).toMatchObject({ staffId: staff.id, staffRole: 'chat_operator', targetType: 'conversation', after: { message_id: stored.id, fictional_id: fictional.id, member_id: member.account.id } })

    // Answered: it no longer waits; the member's next message puts it back.
    const after = (await call(cookie, 'GET', '/api/admin/operator-queue.php')).json().queue
    expect(after.some((q: { conversation_id: number }) => q.conversation_id === conversationId)).toBe(false)
    await app.inject({ method: 'POST', url: `/api/message.php?conversation_id=${conversationId}`, headers: { host: HOST, cookie: member.cookie }, payload: { kind: 'text', client_id: clientId(), text: 'Ben je echt?' } })
    const again = (await call(cookie, 'GET', '/api/admin/operator-queue.php')).json().queue
    expect(again.find((q: { conversation_id: number }) => q.conversation_id === conversationId)).toMatchObject({ waiting_messages: 1 })
  })

  it('sends a GIF and a photo as the fictional profile through the chat path: live, free, audited, the photo blurred for a member who is not premium', async () => {
    const { fictional, member, conversationId } = await memberWritesToFictional()
    const { staff, cookie } = await staffCookie(db(), app, 'chat_operator')
    const gifs = await call(cookie, 'GET', '/api/admin/operator-gifs.php?q=wave')
    expect(gifs.statusCode).toBe(200)
    expect(gifs.json().gifs.map((g: { id: string }) => g.id)).toContain('wave')
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } }).png().toBuffer()
    const upload = (clientIdValue: string, body: Buffer = photo) => {
      const boundary = '----operator' + Date.now()
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return app.inject({ method: 'POST', url: `/api/admin/operator-reply-image.php?conversation_id=${conversationId}&client_id=${clientIdValue}`, headers: { host: HOST, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
    }
    // Without a claim: refused, nothing stored.
    const unclaimed = await call(cookie, 'POST', '/api/admin/operator-reply-gif.php', { conversation_id: conversationId, client_id: clientId(), gif_id: 'wave' })
    expect({ status: unclaimed.statusCode, error: unclaimed.json().error }).toEqual({ status: 409, error: 'not_claimed' })
    expect((await upload(clientId())).json().error).toBe('not_claimed')

    const socket = await liveSocket(app, HOST, member.cookie)
    await call(cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })
    const gif = await call(cookie, 'POST', '/api/admin/operator-reply-gif.php', { conversation_id: conversationId, client_id: clientId(), gif_id: 'wave' })
    expect(gif.statusCode).toBe(200)
    expect(gif.json().message).toMatchObject({ kind: 'gif', mine: true, gif: { id: 'wave' } })
    expect(await socket.next('message')).toMatchObject({ conversation_id: conversationId, message: { kind: 'gif', mine: false, gif: { id: 'wave' } } })
    expect((await call(cookie, 'POST', '/api/admin/operator-reply-gif.php', { conversation_id: conversationId, client_id: clientId(), gif_id: 'bestaat-niet' })).json().error).toBe('unknown_gif')

    const photoId = clientId()
    const sent = await upload(photoId)
    expect(sent.statusCode).toBe(200)
    // The operator (as the fictional profile) sees the original; the member, not premium, the blurred copy, locked.
    expect(sent.json().message).toMatchObject({ kind: 'image', mine: true, image: { locked: false, filename: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.webp$/) } })
    const live = await socket.next('message')
    expect(live).toMatchObject({ conversation_id: conversationId, message: { kind: 'image', mine: false, image: { locked: true } } })
    expect((live.message as { image: { filename: string } }).image.filename).not.toBe(sent.json().message.image.filename)
    // A retry with the same client id stores nothing new.
    expect((await upload(photoId)).json().message.id).toBe(sent.json().message.id)
    expect((await upload(clientId(), Buffer.from('geen foto'))).json().error).toBe('not_an_image')
    socket.ws.terminate()

    const stored = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, fictional.id))).orderBy(messages.id)
    expect(stored.map((m) => [m.kind, m.credits])).toEqual([['gif', 0], ['image', 0]])
    expect(await db().select().from(creditLedger).where(eq(creditLedger.accountId, fictional.id))).toEqual([])
    const audits = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'operator.reply'), eq(staffAudit.targetId, String(conversationId)))).orderBy(staffAudit.id)
    expect(audits.map((a) => [a.staffId, a.after])).toEqual([
      [staff.id, expect.objectContaining({ message_id: stored[0].id, kind: 'gif', gif_id: 'wave', fictional_id: fictional.id, member_id: member.account.id })],
      [staff.id, expect.objectContaining({ message_id: stored[1].id, kind: 'image', filename: sent.json().message.image.filename.replace('/media/', '') })],
    ])
    // The member's chat shows both, from the fictional profile.
    const chat = await app.inject({ method: 'GET', url: `/api/chat.php?id=${conversationId}`, headers: { host: HOST, cookie: member.cookie } })
    expect(chat.json().messages.map((m: { kind: string; mine: boolean }) => [m.kind, m.mine])).toEqual([['text', true], ['gif', false], ['image', false]])
  })

  it('lets one operator at a time work on a conversation: others are refused and cannot reply until the claim ends', async () => {
    const { conversationId } = await memberWritesToFictional()
    const first = await staffCookie(db(), app, 'chat_operator')
    const second = await staffCookie(db(), app, 'chat_operator')
    expect((await call(first.cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })).statusCode).toBe(200)
    const refused = await call(second.cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({ status: 409, error: 'claimed' })
    const queued = (await call(second.cookie, 'GET', '/api/admin/operator-queue.php')).json().queue.find((q: { conversation_id: number }) => q.conversation_id === conversationId)
    expect(queued.claimed_by_other).toBe(true)
    const noClaim = await call(second.cookie, 'POST', '/api/admin/operator-reply.php', { conversation_id: conversationId, client_id: clientId(), text: 'Hallo' })
    expect({ status: noClaim.statusCode, error: noClaim.json().error }).toEqual({ status: 409, error: 'not_claimed' })
    // The claim runs out: the second operator may take it.
    await db().execute(`update operator_claims set expires_at = now() - interval '1 second' where conversation_id = ${conversationId}` as never)
    expect((await call(second.cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })).statusCode).toBe(200)
    expect((await call(first.cookie, 'POST', '/api/admin/operator-reply.php', { conversation_id: conversationId, client_id: clientId(), text: 'Hallo' })).statusCode).toBe(409)
  })

  it('keeps private notes about a member per fictional profile, audited, and never in the member\'s view', async () => {
    const { member, conversationId } = await memberWritesToFictional()
    const { cookie } = await staffCookie(db(), app, 'chat_operator')
    await call(cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })
    const saved = await call(cookie, 'POST', '/api/admin/operator-note.php', { conversation_id: conversationId, note: 'Houdt van wandelen, heeft een hond.' })
    expect(saved.statusCode).toBe(200)
    expect((await call(cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })).json().note).toBe('Houdt van wandelen, heeft een hond.')
    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'operator.note'), eq(staffAudit.targetId, String(member.account.id))))
    expect(audit.after).toMatchObject({ note: 'Houdt van wandelen, heeft een hond.' })
    const chat = await app.inject({ method: 'GET', url: `/api/chat.php?id=${conversationId}`, headers: { host: HOST, cookie: member.cookie } })
    expect(chat.body).not.toContain('wandelen')
  })

  it('shows an operator of one pool nothing of another pool, and refuses other roles', async () => {
    const { conversationId } = await memberWritesToFictional()
    const gay = await staffCookie(db(), app, 'chat_operator', { pool: 'gay', tenantId: 'mannenmatch' })
    const queue = (await call(gay.cookie, 'GET', '/api/admin/operator-queue.php', undefined, hostOf('mannenmatch'))).json().queue
    expect(queue.some((q: { conversation_id: number }) => q.conversation_id === conversationId)).toBe(false)
    const claim = await call(gay.cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId }, hostOf('mannenmatch'))
    expect(claim.statusCode).toBe(404)
    const support = await staffCookie(db(), app, 'support')
    expect((await call(support.cookie, 'GET', '/api/admin/operator-queue.php')).statusCode).toBe(403)
    // A member-to-member conversation is no operator's business.
    const { account: other } = await createMember(db())
    const lid = await loggedInMember(app, db(), `lid-${clientId()}@example.com`)
    await db().update(accounts).set({ credits: 100 }).where(eq(accounts.id, lid.account.id))
    const sent = await app.inject({ method: 'POST', url: `/api/message.php?member_id=${other.id}`, headers: { host: HOST, cookie: lid.cookie }, payload: { kind: 'text', client_id: clientId(), text: 'Hoi' } })
    const admin = await staffCookie(db(), app, 'admin')
    expect((await call(admin.cookie, 'POST', '/api/admin/operator-claim.php', { conversation_id: sent.json().message.conversation_id })).statusCode).toBe(404)
  })
})
