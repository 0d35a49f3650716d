// Finding 5 of issue 17: a photo sent in chat reaches a recipient who is not premium as the server-made
// blurred copy with a lock, in every path (list, messages, catch-up, live event); the original's address never
// appears in their JSON. The sender and premium recipients see the original.
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { createMember, suiteApp } from '../support/app'
import { liveSocket } from '../support/live'
import { accounts } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(60_000)

const HOST = 'datingstad.nl'
let seq = 0

describeEachDb('chat photos for members who are not premium', (kind) => {
  const suite = suiteApp(kind)
  const member = async (premium: boolean) => {
    const m = await createMember(suite.database.db)
    await suite.database.db.update(accounts).set({ credits: 500, paidUser: premium }).where(eq(accounts.id, m.account.id))
    return { id: m.account.id, cookie: `sid=${await createSession(suite.database.db, m.account, 'datingstad')}` }
  }
  const sendImage = async (cookie: string, memberId: number) => {
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c36' } }).png().toBuffer()
    const boundary = `----leak${++seq}`
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)])
    const res = await suite.app.inject({ method: 'POST', url: `/api/message-image.php?member_id=${memberId}&client_id=leak-${Date.now()}-${seq}`, headers: { host: HOST, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
    expect(res.statusCode).toBe(201)
    return res.json().message as { id: number; conversation_id: number; image: { filename: string; thumb_filename: string; locked: boolean } }
  }
  const get = async (cookie: string, url: string) => {
    const res = await suite.app.inject({ method: 'GET', url, headers: { host: HOST, cookie } })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  it('a free recipient gets the blurred copy, locked, in the list, the messages, the catch-up and the live event', async () => {
    const sender = await member(true)
    const free = await member(false)
    const tab = await liveSocket(suite.app, HOST, free.cookie)
    const sent = await sendImage(sender.cookie, free.id)
    // The sender sees their own photo.
    expect(sent.image.locked).toBe(false)
    const originals = [sent.image.filename, sent.image.thumb_filename].map((u) => u.split('/').pop()!)
    const live = (await tab.next('message')) as { message: { image: { filename: string; thumb_filename: string; locked: boolean } } }
    tab.ws.terminate()
    const bodies = [
      JSON.stringify(live),
      await get(free.cookie, '/api/chats.php'),
      await get(free.cookie, `/api/chat.php?id=${sent.conversation_id}`),
      await get(free.cookie, `/api/chat.php?id=${sent.conversation_id}&after=0`),
      await get(free.cookie, `/api/chat.php?member_id=${sender.id}`),
    ]
    for (const body of bodies) for (const name of originals) expect(body).not.toContain(name)
    expect(live.message.image.locked).toBe(true)
    expect(live.message.image.filename).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/)
    expect(live.message.image.thumb_filename).toBe(live.message.image.filename)
    const listed = JSON.parse(bodies[2]).messages.find((m: { id: number }) => m.id === sent.id)
    expect(listed.image).toEqual(live.message.image)
    // The blurred copy is served.
    expect((await suite.app.inject({ url: live.message.image.filename, headers: { host: HOST } })).statusCode).toBe(200)
    // The sender's own view keeps the original.
    expect(await get(sender.cookie, `/api/chat.php?id=${sent.conversation_id}`)).toContain(originals[0])
  })

  it('a premium recipient sees the original', async () => {
    const sender = await member(true)
    const premium = await member(true)
    const tab = await liveSocket(suite.app, HOST, premium.cookie)
    const sent = await sendImage(sender.cookie, premium.id)
    const live = (await tab.next('message')) as { message: { image: { filename: string; locked: boolean } } }
    tab.ws.terminate()
    expect(live.message.image).toEqual({ ...sent.image, locked: false })
    expect(await get(premium.cookie, `/api/chat.php?id=${sent.conversation_id}`)).toContain(sent.image.filename)
  })
})
