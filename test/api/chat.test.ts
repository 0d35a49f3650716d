import type { FastifyInstance } from 'fastify'
import type WebSocket from 'ws'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import { liveSocket } from '../support/live'
import type { Database } from '../../src/db/client.server'
import { accounts, blocks, creditLedger, messages, photos, profiles, sessions } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(60_000)

const HOST = hostOf('datingstad')
let seq = 0
const clientId = () => `test-${Date.now()}-${++seq}`

async function setCredits(database: Database, id: number, credits: number, paidUser = false) {
  await database.db.update(accounts).set({ credits, paidUser }).where(eq(accounts.id, id))
}

describeEachDb('chat API', (kind: DbKind) => {
  let database: Database
  let app: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const costs = () => app.services.tenants.byId.get('datingstad')!.credits
  const member = async (opts: Parameters<typeof createMember>[1] = {}) => {
    const m = await createMember(database.db, opts)
    // A session made directly: logging in for every member of this file would hit the login rate limit.
    const cookie = `sid=${await createSession(database.db, m.account, m.account.tenantId)}`
    return { ...m, id: m.account.id, cookie }
  }
  const send = (cookie: string, where: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/message.php?${where}`, headers: { host: HOST, cookie }, payload })
  const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { host: HOST, cookie } })

  it('stores a text message, charges message_credits in the ledger and starts the conversation', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 50)
    const res = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi!' })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.message).toMatchObject({ kind: 'text', text: 'Hoi!', mine: true })
    const cost = costs().message_credits
    expect(body.credits).toBe(50 - cost)
    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.accountId, a.id))
    expect(ledger).toEqual([expect.objectContaining({ delta: -cost, balanceAfter: 50 - cost, reason: 'message' })])
    const chats = (await get(b.cookie, '/api/chats.php')).json()
    expect(chats.chats).toHaveLength(1)
    expect(chats.chats[0]).toMatchObject({ profile: { id: a.id }, num_unread_messages: 1, conversation: { last_message: { text: 'Hoi!', mine: false } } })
    expect(chats.unread_total).toBe(1)
  })

  it('stores and charges a retried send (same client id) once', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 50)
    const id = clientId()
    const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: id, text: 'Een keer' })
    const again = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: id, text: 'Een keer' })
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json().message.id).toBe(first.json().message.id)
    expect(again.json().credits).toBe(50 - costs().message_credits)
    expect(await database.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(1)
  })

  it('refuses a message without enough credits with the buy code, storing nothing', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, costs().message_credits - 1)
    const res = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Hallo' })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toMatchObject({ error: 'insufficient_credits', message: 'Je hebt niet genoeg credits voor dit bericht.', buy: '/credits' })
    expect(await database.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(0)
    const [acc] = await database.db.select().from(accounts).where(eq(accounts.id, a.id))
    expect(acc.credits).toBe(costs().message_credits - 1)
  })

  it('lets a free member start at most 2 conversations; premium members more', async () => {
    const free = await member()
    await setCredits(database, free.id, 100)
    const others = await Promise.all([member(), member(), member()])
    for (const o of others.slice(0, 2)) expect((await send(free.cookie, `member_id=${o.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })).statusCode).toBe(201)
    const third = await send(free.cookie, `member_id=${others[2].id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    expect(third.statusCode).toBe(402)
    expect(third.json().error).toBe('conversation_limit')
    // Writing again in a conversation already started is fine.
    expect((await send(free.cookie, `member_id=${others[0].id}`, { kind: 'text', client_id: clientId(), text: 'Nog eens' })).statusCode).toBe(201)
    await setCredits(database, free.id, 100, true)
    expect((await send(free.cookie, `member_id=${others[2].id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })).statusCode).toBe(201)
  })

  it('needs a confirmed e-mail address to reply, not to start', async () => {
    const unconfirmed = await member({ status: 'not_confirmed' })
    const other = await member()
    await setCredits(database, unconfirmed.id, 100)
    await setCredits(database, other.id, 100)
    // An unconfirmed member may start a conversation and write on in it.
    const started = await send(unconfirmed.cookie, `member_id=${other.id}`, { kind: 'text', client_id: clientId(), text: 'Ik begin' })
    expect(started.statusCode).toBe(201)
    const conversationId = started.json().message.conversation_id
    expect((await send(other.cookie, `conversation_id=${conversationId}`, { kind: 'text', client_id: clientId(), text: 'Antwoord' })).statusCode).toBe(201)
    expect((await send(unconfirmed.cookie, `conversation_id=${conversationId}`, { kind: 'text', client_id: clientId(), text: 'Nog iets' })).statusCode).toBe(201)
    // Nobody can start a conversation with an unconfirmed member (their profile is not visible yet), but their
    // existing conversations go on.
    expect((await send(other.cookie, `member_id=${unconfirmed.id}`, { kind: 'text', client_id: clientId(), text: 'x' })).statusCode).toBe(201)
    const stranger = await member()
    await setCredits(database, stranger.id, 100)
    expect((await send(stranger.cookie, `member_id=${unconfirmed.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })).statusCode).toBe(404)
    // Replying in a conversation someone else started is refused until the address is confirmed.
    await database.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, unconfirmed.id))
    const opened = await send(stranger.cookie, `member_id=${unconfirmed.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    expect(opened.statusCode).toBe(201)
    await database.db.update(accounts).set({ status: 'not_confirmed' }).where(eq(accounts.id, unconfirmed.id))
    const refused = await send(unconfirmed.cookie, `conversation_id=${opened.json().message.conversation_id}`, { kind: 'text', client_id: clientId(), text: 'Antwoord' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: 'email_not_confirmed', message: 'Bevestig eerst je e-mailadres om te kunnen antwoorden.' })
  })

  it('ends sending both ways when one blocks the other', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 50)
    await setCredits(database, b.id, 50)
    const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    const conversationId = first.json().message.conversation_id
    await database.db.insert(blocks).values({ pool: 'main', blockerId: b.id, blockedId: a.id })
    for (const [cookie, where] of [[a.cookie, `conversation_id=${conversationId}`], [b.cookie, `conversation_id=${conversationId}`], [a.cookie, `member_id=${b.id}`]]) {
      const res = await send(cookie, where, { kind: 'text', client_id: clientId(), text: 'Nog?' })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('blocked')
    }
    // Neither can read it any more (the other member is no chat partner), nor the conversation with a blocker.
    expect((await get(a.cookie, `/api/chat.php?id=${conversationId}`)).statusCode).toBe(404)
    expect((await get(b.cookie, `/api/chat.php?id=${conversationId}`)).statusCode).toBe(404)
    expect((await get(a.cookie, `/api/chat.php?member_id=${b.id}`)).statusCode).toBe(404)
    // The blocked conversation leaves both lists.
    expect((await get(a.cookie, '/api/chats.php')).json().chats).toHaveLength(0)
    expect((await get(b.cookie, '/api/chats.php')).json().chats).toHaveLength(0)
  })

  it('keeps a conversation to its two members and its pool (404 for anyone else)', async () => {
    const a = await member()
    const b = await member()
    const stranger = await member()
    const gay = await member({ pool: 'gay', tenantId: 'mannenmatch' })
    await setCredits(database, a.id, 50)
    await setCredits(database, stranger.id, 50)
    const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Prive' })
    const conversationId = first.json().message.conversation_id
    expect((await get(stranger.cookie, `/api/chat.php?id=${conversationId}`)).statusCode).toBe(404)
    expect((await send(stranger.cookie, `conversation_id=${conversationId}`, { kind: 'text', client_id: clientId(), text: 'Ik ook' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'DELETE', url: `/api/chat.php?id=${conversationId}`, headers: { host: HOST, cookie: stranger.cookie } })).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: '/api/chat-read.php', headers: { host: HOST, cookie: stranger.cookie }, payload: { id: conversationId } })).statusCode).toBe(404)
    // Another pool: its members do not exist here.
    expect((await send(a.cookie, `member_id=${gay.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })).statusCode).toBe(404)
    const gayRead = await app.inject({ method: 'GET', url: `/api/chat.php?id=${conversationId}`, headers: { host: hostOf('mannenmatch'), cookie: gay.cookie } })
    expect(gayRead.statusCode).toBe(404)
    // Without a session: authentication_required.
    const anonymous = await app.inject({ method: 'GET', url: '/api/chats.php', headers: { host: HOST } })
    expect(anonymous.statusCode).toBe(403)
    expect(anonymous.json().authentication_required).toBe(true)
  })

  it('reads a conversation page by page, marks it read, and hides it until a new message', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 1000)
    let conversationId = 0
    for (let i = 0; i < 35; i++) {
      const r = await send(a.cookie, conversationId ? `conversation_id=${conversationId}` : `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: `Bericht ${i}` })
      conversationId = r.json().message.conversation_id
    }
    const page1 = (await get(b.cookie, `/api/chat.php?id=${conversationId}`)).json()
    expect(page1.conversation).toMatchObject({ id: conversationId, started_by_me: false, last_read_by_other: page1.messages.at(-1).id, profile: { id: a.id, age: expect.any(Number), city: 'Amsterdam', main_image: null } })
    // The other member's main photo on their card (blurred for a viewer who is not premium).
    const [photo] = await database.db.insert(photos).values({ pool: 'main', accountId: b.id, filename: 'b.jpg', thumbFilename: 'b-t.jpg', blurredFilename: 'b-x.jpg', status: 'active' }).returning()
    await database.db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.accountId, b.id))
    expect((await get(a.cookie, `/api/chat.php?id=${conversationId}`)).json().conversation).toMatchObject({ started_by_me: true, profile: { id: b.id, main_image: { id: photo.id, locked: true } } })
    expect(page1.messages).toHaveLength(30)
    expect(page1.messages.at(-1).text).toBe('Bericht 34')
    expect(page1.has_more).toBe(true)
    const page2 = (await get(b.cookie, `/api/chat.php?id=${conversationId}&before=${page1.messages[0].id}`)).json()
    expect(page2.messages.map((m: { text: string }) => m.text)).toEqual(['Bericht 0', 'Bericht 1', 'Bericht 2', 'Bericht 3', 'Bericht 4'])
    expect(page2.has_more).toBe(false)
    const after = (await get(b.cookie, `/api/chat.php?id=${conversationId}&after=${page1.messages[27].id}`)).json()
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['Bericht 33', 'Bericht 34'])
    expect((await get(b.cookie, '/api/chats.php')).json().unread_total).toBe(35)
    const read = await app.inject({ method: 'POST', url: '/api/chat-read.php', headers: { host: HOST, cookie: b.cookie }, payload: { id: conversationId } })
    expect(read.statusCode).toBe(200)
    expect((await get(b.cookie, '/api/chats.php')).json().chats[0].num_unread_messages).toBe(0)
    expect((await get(a.cookie, `/api/chat.php?id=${conversationId}`)).json().conversation.last_read_by_other).toBe(page1.messages.at(-1).id)
    expect((await get(a.cookie, `/api/chat.php?member_id=${b.id}`)).json().conversation).toMatchObject({ id: conversationId, last_read_by_other: page1.messages.at(-1).id })
    if (kind === 'pglite') {
      // The reads of a conversation are named statements on PGlite, parsed once (decision 042).
      const client = (database.db as unknown as { $client: { query: (q: string) => Promise<{ rows: { name: string }[] }> } }).$client
      const names = (await client.query('select name from pg_prepared_statements')).rows.map((r) => r.name)
      expect(names).toEqual(expect.arrayContaining(['chat_conversation', 'chat_messages_newest', 'chat_messages_before', 'chat_messages_after']))
    }
    const del = await app.inject({ method: 'DELETE', url: `/api/chat.php?id=${conversationId}`, headers: { host: HOST, cookie: b.cookie } })
    expect(del.statusCode).toBe(200)
    expect((await get(b.cookie, '/api/chats.php')).json().chats).toHaveLength(0)
    expect((await get(a.cookie, '/api/chats.php')).json().chats).toHaveLength(1)
    await send(a.cookie, `conversation_id=${conversationId}`, { kind: 'text', client_id: clientId(), text: 'Terug' })
    expect((await get(b.cookie, '/api/chats.php')).json().chats).toHaveLength(1)
    // Removing by profile removes every chat with that profile.
    const byProfile = await app.inject({ method: 'DELETE', url: `/api/chat.php?profile_id=${a.id}`, headers: { host: HOST, cookie: b.cookie } })
    expect(byProfile.json().removed).toEqual([conversationId])
  })

  it('checks length, gifts and GIFs, and charges each kind its price', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 500)
    const long = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'x'.repeat(app.services.tenants.byId.get('datingstad')!.message_length + 1) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ error: 'message_too_long', message: 'Je bericht is te lang.' })
    const gifts = (await get(a.cookie, '/api/gifts.php')).json().gifts
    const diamond = gifts.find((g: { id: string }) => g.id === 'diamond')
    expect(diamond.credits).toBe(8 * costs().gift_credits)
    const gift = await send(a.cookie, `member_id=${b.id}`, { kind: 'gift', client_id: clientId(), gift_id: 'diamond' })
    expect(gift.statusCode).toBe(201)
    expect(gift.json()).toMatchObject({ message: { kind: 'gift', gift: { id: 'diamond', image: '/static/gifts/diamond.svg' } }, credits: 500 - 8 * costs().gift_credits })
    expect((await send(a.cookie, `member_id=${b.id}`, { kind: 'gift', client_id: clientId(), gift_id: 'car' })).json().error).toBe('unknown_gift')
    const gifs = (await get(a.cookie, '/api/gifs.php?q=kus')).json()
    expect(gifs.gifs.map((g: { id: string }) => g.id)).toEqual(['kiss'])
    const gif = await send(a.cookie, `member_id=${b.id}`, { kind: 'gif', client_id: clientId(), gif_id: 'kiss' })
    expect(gif.json()).toMatchObject({ message: { kind: 'gif', gif: { id: 'kiss', url: '/static/gifs/kiss.gif' } }, credits: 500 - 8 * costs().gift_credits - costs().message_credits })
    expect((await send(a.cookie, `member_id=${b.id}`, { kind: 'gif', client_id: clientId(), gif_id: 'nope' })).json().error).toBe('unknown_gif')
  })

  it('charges a message at least the minimum_message_costs of the sender’s country', async () => {
    // rijpedates: 10 credits a message at home (NL, at least 0.25 EUR); BE asks at least 0.30 EUR, so 12 credits.
    const rijpe = app.services.tenants.byId.get('rijpedates')!
    expect(rijpe.credits.message_credits).toBe(10)
    expect(rijpe.credits.minimum_message_costs).toMatchObject({ NL: { costs: 0.25 }, BE: { costs: 0.3 } })
    const host = hostOf('rijpedates')
    const fromNl = await member({ tenantId: 'rijpedates' })
    const fromBe = await member({ tenantId: 'rijpedates' })
    await database.db.update(profiles).set({ country: 'BE' }).where(eq(profiles.accountId, fromBe.id))
    const b = await member()
    for (const m of [fromNl, fromBe]) await setCredits(database, m.id, 100)
    const post = (cookie: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: `/api/message.php?member_id=${b.id}`, headers: { host, cookie }, payload })
    expect((await post(fromNl.cookie, { kind: 'text', client_id: clientId(), text: 'Hoi' })).json().credits).toBe(90)
    expect((await post(fromBe.cookie, { kind: 'text', client_id: clientId(), text: 'Salut' })).json().credits).toBe(88)
    expect((await post(fromBe.cookie, { kind: 'gif', client_id: clientId(), gif_id: 'wave' })).json().credits).toBe(76)
    const [row] = await database.db.select().from(messages).where(and(eq(messages.senderId, fromBe.id), eq(messages.kind, 'text')))
    expect(row.credits).toBe(12)
    // Gifts cost more than the minimum anyway; with only 11 credits left a Belgian member cannot send a message.
    await setCredits(database, fromBe.id, 11)
    expect((await post(fromBe.cookie, { kind: 'text', client_id: clientId(), text: 'Nog een' })).json().error).toBe('insufficient_credits')
    const gifts = (await app.inject({ method: 'GET', url: '/api/gifts.php', headers: { host, cookie: fromBe.cookie } })).json().gifts
    expect(gifts.find((g: { id: string }) => g.id === 'rose').credits).toBe(rijpe.credits.gift_credits)
  })

  it('charges photo_credits and gift_credits in the same transaction as the message (a failing charge stores nothing)', async () => {
    const a = await member()
    const b = await member()
    const giftPrice = 2 * costs().gift_credits // chocolate
    await setCredits(database, a.id, giftPrice - 1)
    const refused = await send(a.cookie, `member_id=${b.id}`, { kind: 'gift', client_id: clientId(), gift_id: 'chocolate' })
    expect(refused.json().error).toBe('insufficient_credits')
    // Nothing of the refused send is left: no message, no conversation in either list, no ledger entry.
    expect(await database.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(0)
    expect((await get(b.cookie, '/api/chats.php')).json().chats).toHaveLength(0)
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.accountId, a.id))).toHaveLength(0)
    await setCredits(database, a.id, giftPrice)
    const ok = await send(a.cookie, `member_id=${b.id}`, { kind: 'gift', client_id: clientId(), gift_id: 'chocolate' })
    expect(ok.json().credits).toBe(0)
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.accountId, a.id))).toEqual([expect.objectContaining({ delta: -giftPrice, balanceAfter: 0, reason: 'gift', reference: `message:${ok.json().message.id}` })])
  })

  it('sends a photo for free and premium members with credits, re-encoded, charged photo_credits (SPEC.md: photos are priced, not premium-only)', async () => {
    const free = await member()
    const premium = await member()
    const b = await member()
    await setCredits(database, free.id, 100)
    await setCredits(database, premium.id, 100, true)
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } }).png().toBuffer()
    const upload = (cookie: string, body: Buffer, name = 'photo.png') => {
      const boundary = '----chat' + Date.now()
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return app.inject({ method: 'POST', url: `/api/message-image.php?member_id=${b.id}&client_id=${clientId()}`, headers: { host: HOST, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
    }
    const fromFree = await upload(free.cookie, png)
    expect(fromFree.statusCode).toBe(201)
    expect(fromFree.json().credits).toBe(100 - costs().photo_credits)
    expect(fromFree.json().message.kind).toBe('image')
    // A free member without enough credits gets the modal with the buy button, as for any paid message.
    const broke = await member()
    await setCredits(database, broke.id, costs().photo_credits - 1)
    const refused = await upload(broke.cookie, png)
    expect(refused.statusCode).toBe(402)
    expect(refused.json().error).toBe('insufficient_credits')
    const ok = await upload(premium.cookie, png)
    expect(ok.statusCode).toBe(201)
    expect(ok.json().credits).toBe(100 - costs().photo_credits)
    expect(ok.json().message.image.filename).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/)
    expect((await upload(premium.cookie, Buffer.from('not an image'), 'x.png')).json().error).toBe('not_an_image')
  })

  it('delivers messages, typing, read state and unread totals live to every open tab', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 50)
    const bTab1 = await liveSocket(app, HOST, b.cookie)
    const bTab2 = await liveSocket(app, HOST, b.cookie)
    const aTab = await liveSocket(app, HOST, a.cookie)
    const sent = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Live!' })
    const conversationId = sent.json().message.conversation_id
    for (const tab of [bTab1, bTab2]) {
      expect(await tab.next('message')).toMatchObject({ conversation_id: conversationId, message: { text: 'Live!', mine: false, client_id: null } })
      expect(await tab.next('unread')).toMatchObject({ total: 1 })
    }
    expect(await aTab.next('message')).toMatchObject({ message: { text: 'Live!', mine: true } })
    aTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }))
    expect(await bTab1.next('typing')).toMatchObject({ conversation_id: conversationId, member_id: a.id })
    await app.inject({ method: 'POST', url: '/api/chat-read.php', headers: { host: HOST, cookie: b.cookie }, payload: { id: conversationId } })
    expect(await aTab.next('read')).toMatchObject({ conversation_id: conversationId, last_read_message_id: sent.json().message.id })
    expect(await bTab2.next('unread')).toMatchObject({ total: 0 })
    // A stranger's typing for this conversation goes nowhere.
    const stranger = await member()
    const sTab = await liveSocket(app, HOST, stranger.cookie)
    sTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }))
    await new Promise((r) => setTimeout(r, 200))
    expect(bTab1.events.filter((e) => e.type === 'typing')).toHaveLength(0)
    for (const t of [bTab1, bTab2, aTab, sTab]) t.ws.terminate()
  })

  it('sends the recipient’s unread total over all their listed conversations with each new message', async () => {
    const b = await member()
    const [a, c, d] = await Promise.all([member(), member(), member()])
    for (const m of [a, c, d]) await setCredits(database, m.id, 100)
    const fromA = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: '1' })
    await send(a.cookie, `conversation_id=${fromA.json().message.conversation_id}`, { kind: 'text', client_id: clientId(), text: '2' })
    // d's conversation is removed from b's list, then d is blocked: neither counts any more.
    const fromD = await send(d.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'x' })
    await database.db.insert(blocks).values({ pool: 'main', blockerId: b.id, blockedId: d.id })
    expect(fromD.statusCode).toBe(201)
    const bTab = await liveSocket(app, HOST, b.cookie)
    await send(c.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: '3' })
    expect(await bTab.next('unread')).toMatchObject({ total: 3 })
    expect((await get(b.cookie, '/api/chats.php')).json().unread_total).toBe(3)
    // A hidden conversation comes back with its new message, counting all its unread messages.
    await app.inject({ method: 'DELETE', url: `/api/chat.php?id=${fromA.json().message.conversation_id}`, headers: { host: HOST, cookie: b.cookie } })
    expect(await bTab.next('unread')).toMatchObject({ total: 1 })
    await send(a.cookie, `conversation_id=${fromA.json().message.conversation_id}`, { kind: 'text', client_id: clientId(), text: '4' })
    expect(await bTab.next('unread')).toMatchObject({ total: 2 })
    expect((await get(b.cookie, '/api/chats.php')).json().unread_total).toBe(2)
    bTab.ws.terminate()
  })

  it('limits a member to 120 messages a minute', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 100_000, true)
    const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: '0' })
    const where = `conversation_id=${first.json().message.conversation_id}`
    for (let i = 1; i < 120; i++) expect((await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: String(i) })).statusCode).toBe(201)
    const over = await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: 'te veel' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ error: 'too_many_requests', message: 'Te veel verzoeken, probeer het over een minuut opnieuw.' })
  })

  // The send takes the member from a short-lived session cache and checks the session in its own statement
  // (docs/decisions/044, addendum): a session that ended since the previous send refuses the very next one.
  it('refuses the next send after a logout, a ban or an expiry, though the previous send had just passed', async () => {
    const b = await member()
    for (const end of ['logout', 'ban', 'expiry', 'deletion'] as const) {
      const a = await member()
      await setCredits(database, a.id, 100)
      const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
      const where = `conversation_id=${first.json().message.conversation_id}`
      expect((await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: 'Nog een' })).statusCode).toBe(201)
      if (end === 'logout') expect((await app.inject({ method: 'GET', url: '/api/logout.php', headers: { host: HOST, cookie: a.cookie } })).statusCode).toBe(200)
      if (end === 'ban') await database.db.update(accounts).set({ status: 'banned' }).where(eq(accounts.id, a.id))
      if (end === 'expiry') await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.accountId, a.id))
      if (end === 'deletion') await database.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, a.id))
      const refused = await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: 'Te laat' })
      // A ban says why, so the member's tab shows the ban page (decision 028, addendum).
      expect({ end, status: refused.statusCode, error: refused.json().error }).toEqual({ end, status: 403, error: end === 'ban' ? 'account_banned' : 'authentication_required' })
      const stored = await database.db.select({ body: messages.body }).from(messages).where(eq(messages.senderId, a.id))
      expect(stored.map((m) => m.body)).toEqual(['Hoi', 'Nog een'])
      expect((await database.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, a.id)))[0].credits).toBe(100 - 2 * costs().message_credits)
      // And the member stays refused (the cache forgot the session).
      expect((await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: 'Weer' })).statusCode).toBe(403)
    }
  })

  it('sends the balance event with the premium state as stored at the send', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 100, false)
    const first = await send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: 'Hoi' })
    const where = `conversation_id=${first.json().message.conversation_id}`
    await setCredits(database, a.id, 100, true)
    const heard: string[] = []
    const detach = app.services.realtime.attach(a.id, { send: (d) => heard.push(d) })
    try {
      expect((await send(a.cookie, where, { kind: 'text', client_id: clientId(), text: 'Nu premium' })).statusCode).toBe(201)
    } finally {
      detach()
    }
    expect(heard.map((d) => JSON.parse(d))).toContainEqual({ type: 'balance', credits: 100 - costs().message_credits, paid_user: true })
  })

  it('closes a socket without a session', async () => {
    const ws: WebSocket = await app.injectWS('/api/ws', { headers: { host: HOST } })
    const code = await new Promise<number>((resolve) => ws.on('close', (c: number) => resolve(c)))
    expect(code).toBe(4401)
  })

  it('stores one message for many concurrent retries of one send', async () => {
    const a = await member()
    const b = await member()
    await setCredits(database, a.id, 100)
    const id = clientId()
    const results = await Promise.all(Array.from({ length: 8 }, () => send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: id, text: 'Eén keer' })))
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(results.map((r) => r.json().message.id)).size).toBe(1)
    const [acc] = await database.db.select().from(accounts).where(eq(accounts.id, a.id))
    expect(acc.credits).toBe(100 - costs().message_credits)
  })

  it('charges exactly: of many concurrent sends only those the credits cover succeed', async () => {
    const a = await member()
    const b = await member()
    const cost = costs().message_credits
    await setCredits(database, a.id, cost * 7)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(a.cookie, `member_id=${b.id}`, { kind: 'text', client_id: clientId(), text: `Tegelijk ${i}` })),
    )
    const ok = results.filter((r) => r.statusCode === 201)
    expect(ok).toHaveLength(7)
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(13)
    const [acc] = await database.db.select().from(accounts).where(eq(accounts.id, a.id))
    expect(acc.credits).toBe(0)
    const ledger = await database.db.select().from(creditLedger).where(and(eq(creditLedger.accountId, a.id), eq(creditLedger.reason, 'message')))
    expect(ledger).toHaveLength(7)
    expect(new Set(ledger.map((l) => l.balanceAfter))).toEqual(new Set([6, 5, 4, 3, 2, 1, 0].map((n) => n * cost)))
  })
})
