// The vulnerable flag through the HTTP API (issue 13, the Dutch ACM commitments; decision 037 addendum): a chat
// operator marks the member of a conversation with a fictional profile; the member's tabs reload the user, which
// then carries `vulnerable: true` (the chat's warning); the member's paid messages to fictional profiles are refused
// with a localized 403 (no charge, nothing stored) while messages to real members go on; the operator cannot lift
// the mark, support can after review; both changes are audited with before and after. PGlite and PostgreSQL.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts, messages, staffAudit } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { createMember, hostOf, loggedInMember, staffCookie, suiteApp } from '../support/app'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'

describeEachDb('vulnerable members', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  const db = () => suite.database.db
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object, host = HOST) => app.inject({ method, url, headers: { host, cookie }, ...(payload ? { payload } : {}) })
  const write = (cookie: string, memberId: number, text = 'Hoi, hoe gaat het?', headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/message.php?member_id=${memberId}`, headers: { host: HOST, cookie, ...headers }, payload: { kind: 'text', client_id: crypto.randomUUID(), text } })

  beforeAll(() => {
    app = suite.app
  })

  const setup = async () => {
    const { account: fictional } = await createMember(db(), { name: 'Fleur' })
    await db().update(accounts).set({ fictional: true }).where(eq(accounts.id, fictional.id))
    const { account: real } = await createMember(db(), { name: 'Echte Eva' })
    const member = await loggedInMember(app, db(), `kwetsbaar-${crypto.randomUUID()}@example.com`)
    await db().update(accounts).set({ credits: 100 }).where(eq(accounts.id, member.account.id))
    const sent = await write(member.cookie, fictional.id)
    expect(sent.statusCode).toBe(201)
    return { fictional, real, member, conversationId: sent.json().message.conversation_id as number }
  }

  it('an operator marks a member: the warning flag, refused paid messages to fictional profiles, audited', async () => {
    const { fictional, real, member, conversationId } = await setup()
    const { staff, cookie: operator } = await staffCookie(db(), app, 'chat_operator')
    expect((await call(operator, 'GET', `/api/admin/operator-vulnerable.php?conversation_id=${conversationId}`)).json()).toEqual({ member_id: member.account.id, vulnerable_at: null, reason: null })
    expect((await call(member.cookie, 'GET', '/api/user.php')).json().user.vulnerable).toBeUndefined()

    const heard: string[] = []
    const detach = app.services.realtime.attach(member.account.id, { send: (d) => heard.push(d) })
    let marked
    try {
      marked = await call(operator, 'POST', '/api/admin/operator-vulnerable.php', { conversation_id: conversationId, reason: 'schrijft over eenzaamheid en schulden' })
    } finally {
      detach()
    }
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({ member_id: member.account.id, vulnerable_at: expect.any(String), reason: 'schrijft over eenzaamheid en schulden' })
    expect(heard.map((d) => JSON.parse(d))).toContainEqual({ type: 'account_changed' })
    expect((await call(member.cookie, 'GET', '/api/user.php')).json().user.vulnerable).toBe(true)

    // Paid messages to a fictional profile are refused, in the member's language, with nothing charged or stored.
    const before = (await db().select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, member.account.id)))[0].credits
    const refused = await write(member.cookie, fictional.id, 'Ben je er nog?')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: 'vulnerable_review', message: expect.stringMatching(/geen betaalde berichten/) })
    const english = await write(member.cookie, fictional.id, 'Are you there?', { 'accept-language': 'en' })
    expect(english.json().error).toBe('vulnerable_review')
    const inConversation = await app.inject({ method: 'POST', url: `/api/message.php?conversation_id=${conversationId}`, headers: { host: HOST, cookie: member.cookie }, payload: { kind: 'text', client_id: crypto.randomUUID(), text: 'Hallo?' } })
    expect({ status: inConversation.statusCode, error: inConversation.json().error }).toEqual({ status: 403, error: 'vulnerable_review' })
    expect((await db().select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, member.account.id)))[0].credits).toBe(before)
    expect(await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, member.account.id)))).toHaveLength(1)
    // Real members can still be written to.
    expect((await write(member.cookie, real.id, 'Hoi Eva!')).statusCode).toBe(201)
    // The operator can still answer (free for the fictional profile): the conversation is not cut off.
    await call(operator, 'POST', '/api/admin/operator-claim.php', { conversation_id: conversationId })
    expect((await call(operator, 'POST', '/api/admin/operator-reply.php', { conversation_id: conversationId, client_id: crypto.randomUUID(), text: 'Ik ben een medewerker van de site.' })).statusCode).toBe(200)

    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'operator.vulnerable'), eq(staffAudit.targetId, String(member.account.id))))
    expect(audit).toMatchObject({ staffId: staff.id, staffRole: 'chat_operator', pool: 'main', targetType: 'member', before: { vulnerable: false }, after: { vulnerable: true, reason: 'schrijft over eenzaamheid en schulden', conversation_id: conversationId, fictional_id: fictional.id } })
    // Marking again keeps the first mark and writes no second row.
    await call(operator, 'POST', '/api/admin/operator-vulnerable.php', { conversation_id: conversationId, reason: 'nog een keer' })
    expect(await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'operator.vulnerable'), eq(staffAudit.targetId, String(member.account.id))))).toHaveLength(1)

    // The operator may not lift it; support reviews it and lifts it, and the member may write again.
    expect((await call(operator, 'POST', '/api/admin/member-vulnerable.php', { id: member.account.id, reason: 'gaat wel weer' })).statusCode).toBe(403)
    const { cookie: support } = await staffCookie(db(), app, 'support')
    expect((await call(support, 'GET', `/api/admin/member-vulnerable.php?id=${member.account.id}`)).json()).toMatchObject({ vulnerable_at: expect.any(String), reason: 'schrijft over eenzaamheid en schulden' })
    const lifted = await call(support, 'POST', '/api/admin/member-vulnerable.php', { id: member.account.id, reason: 'gebeld, gaat goed, weet dat medewerkers antwoorden' })
    expect(lifted.json()).toEqual({ member_id: member.account.id, vulnerable_at: null, reason: null })
    const [review] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'members.vulnerable_review'), eq(staffAudit.targetId, String(member.account.id))))
    expect(review).toMatchObject({ staffRole: 'support', before: { vulnerable: true, reason: 'schrijft over eenzaamheid en schulden' }, after: { vulnerable: false, reason: 'gebeld, gaat goed, weet dat medewerkers antwoorden' } })
    expect((await call(member.cookie, 'GET', '/api/user.php')).json().user.vulnerable).toBeUndefined()
    expect((await write(member.cookie, fictional.id, 'Daar ben ik weer.')).statusCode).toBe(201)
    const again = await call(support, 'POST', '/api/admin/member-vulnerable.php', { id: member.account.id, reason: 'nog een keer' })
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 409, error: 'not_vulnerable' })
  })

  it('keeps each to its pools: another pool\'s conversation and member are not found', async () => {
    const { member, conversationId } = await setup()
    const { cookie: gayOperator } = await staffCookie(db(), app, 'chat_operator', { pool: 'gay', tenantId: 'mannenmatch' })
    expect((await call(gayOperator, 'POST', '/api/admin/operator-vulnerable.php', { conversation_id: conversationId, reason: 'niet van mij' }, hostOf('mannenmatch'))).statusCode).toBe(404)
    const { cookie: gaySupport } = await staffCookie(db(), app, 'support', { pool: 'gay', tenantId: 'mannenmatch' })
    expect((await call(gaySupport, 'GET', `/api/admin/member-vulnerable.php?id=${member.account.id}`, undefined, hostOf('mannenmatch'))).statusCode).toBe(404)
    expect((await db().select({ at: accounts.vulnerableAt }).from(accounts).where(eq(accounts.id, member.account.id)))[0].at).toBeNull()
  })
})
