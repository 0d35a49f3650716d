import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { openTestDatabase } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, messages } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(60_000)

const HOST = hostOf('datingstad')
const KEY = 'test-giphy-key-123'
let seq = 0
const clientId = () => `gif-${Date.now()}-${++seq}`

const giphyGif = (id: string, title: string) => ({
  id,
  title,
  images: {
    fixed_height: { url: `https://media.giphy.com/media/${id}/200.gif`, width: '267', height: '200' },
    fixed_height_small: { url: `https://media.giphy.com/media/${id}/100.gif`, width: '133', height: '100' },
  },
})

/** A stand-in for api.giphy.com: search, trending and one GIF by id; it records what it was asked. */
function fakeGiphy() {
  const asked: URL[] = []
  let down = false
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://giphy.test')
    asked.push(url)
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (down) return json(500, { message: 'down' })
    if (url.searchParams.get('api_key') !== KEY) return json(401, { message: 'bad key' })
    if (url.pathname === '/v1/gifs/search') return json(200, { data: [giphyGif('kissAbc1', 'kiss'), { id: 'broken', images: {} }, giphyGif('kissXyz2', 'smooch')] })
    if (url.pathname === '/v1/gifs/trending') return json(200, { data: [giphyGif('trend01', 'hello')] })
    const one = /^\/v1\/gifs\/([A-Za-z0-9]+)$/.exec(url.pathname)
    if (one && one[1].startsWith('known')) return json(200, { data: giphyGif(one[1], 'known') })
    // An insecure image address is never taken over.
    if (one && one[1] === 'plainhttp') return json(200, { data: { ...giphyGif('plainhttp', 'x'), images: { fixed_height: { url: 'http://evil.test/x.gif', width: '1', height: '1' } } } })
    return json(404, { message: 'not found' })
  })
  return {
    asked,
    setDown: (v: boolean) => (down = v),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('GIFs through GIPHY when GIPHY_API_KEY is set', () => {
  const giphy = fakeGiphy()
  let database: Database
  let app: FastifyInstance
  let cookie: string
  let recipientId: number
  beforeAll(async () => {
    const url = await giphy.start()
    database = await openTestDatabase('pglite')
    app = await makeTestApp(database, { GIPHY_API_KEY: KEY, GIPHY_API_URL: url })
    const a = await createMember(database.db)
    const b = await createMember(database.db)
    await database.db.update(accounts).set({ credits: 500 }).where(eq(accounts.id, a.account.id))
    cookie = `sid=${await createSession(database.db, a.account, 'datingstad')}`
    recipientId = b.account.id
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await giphy.close()
  })
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST, cookie } })
  const sendGif = (gif_id: string) => app.inject({ method: 'POST', url: `/api/message.php?member_id=${recipientId}`, headers: { host: HOST, cookie }, payload: { kind: 'gif', client_id: clientId(), gif_id } })

  it('searches GIPHY with the key and the member’s language, dropping entries without a usable image', async () => {
    const res = await get('/api/gifs.php?q=kus')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      source: 'giphy',
      gifs: [
        { id: 'giphy:kissAbc1', url: 'https://media.giphy.com/media/kissAbc1/200.gif', preview: 'https://media.giphy.com/media/kissAbc1/100.gif', width: 267, height: 200, title: 'kiss' },
        { id: 'giphy:kissXyz2', url: 'https://media.giphy.com/media/kissXyz2/200.gif', preview: 'https://media.giphy.com/media/kissXyz2/100.gif', width: 267, height: 200, title: 'smooch' },
      ],
    })
    const search = giphy.asked.at(-1)!
    expect(search.pathname).toBe('/v1/gifs/search')
    expect(Object.fromEntries(search.searchParams)).toMatchObject({ api_key: KEY, q: 'kus', lang: 'nl', rating: 'pg-13' })
    expect((await get('/api/gifs.php')).json().gifs.map((g: { id: string }) => g.id)).toEqual(['giphy:trend01'])
    expect(giphy.asked.at(-1)!.pathname).toBe('/v1/gifs/trending')
  })

  it('sends a GIPHY GIF by id: from the search answer, or looked up at GIPHY', async () => {
    const fromSearch = await sendGif('giphy:kissAbc1')
    expect(fromSearch.statusCode).toBe(201)
    expect(fromSearch.json().message.gif).toEqual({ id: 'giphy:kissAbc1', url: 'https://media.giphy.com/media/kissAbc1/200.gif', width: 267, height: 200 })
    const before = giphy.asked.length
    const looked = await sendGif('giphy:known42')
    expect(looked.statusCode).toBe(201)
    expect(giphy.asked.slice(before).map((u) => u.pathname)).toEqual(['/v1/gifs/known42'])
    const [row] = await database.db.select().from(messages).where(eq(messages.id, looked.json().message.id))
    expect(row).toMatchObject({ kind: 'gif', gifId: 'giphy:known42', credits: app.services.tenants.byId.get('datingstad')!.credits.message_credits })
    // Unknown at GIPHY, a malformed id, or an insecure address: unknown_gif, nothing charged.
    for (const id of ['giphy:nothere', 'giphy:../../x', 'giphy:plainhttp']) {
      const res = await sendGif(id)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'unknown_gif', message: 'Deze GIF bestaat niet.' })
    }
    // The built-in catalogue still works by its own ids.
    expect((await sendGif('kiss')).json().message.gif.url).toBe('/static/gifs/kiss.gif')
  })

  it('falls back to the built-in catalogue while GIPHY is down, and answers 503 for a GIPHY GIF it cannot check', async () => {
    giphy.setDown(true)
    try {
      const res = await get('/api/gifs.php?q=kus')
      expect(res.json()).toMatchObject({ source: 'builtin', gifs: [{ id: 'kiss', url: '/static/gifs/kiss.gif' }] })
      const send = await sendGif('giphy:knownLater')
      expect(send.statusCode).toBe(503)
      expect(send.json()).toMatchObject({ error: 'gif_unavailable', message: 'Er is een fout opgetreden, probeer het later opnieuw.' })
    } finally {
      giphy.setDown(false)
    }
  })

  it('needs a logged-in member (the key’s quota is not for visitors)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/gifs.php?q=kus', headers: { host: HOST } })
    expect(res.statusCode).toBe(403)
  })
})

describe('GIFs without GIPHY_API_KEY', () => {
  it('uses the built-in catalogue', async () => {
    const database = await openTestDatabase('pglite')
    const app = await makeTestApp(database)
    try {
      const a = await createMember(database.db)
      const cookie = `sid=${await createSession(database.db, a.account, 'datingstad')}`
      const res = await app.inject({ method: 'GET', url: '/api/gifs.php?q=koffie', headers: { host: HOST, cookie } })
      expect(res.json()).toEqual({ source: 'builtin', gifs: [{ id: 'coffee', url: '/static/gifs/coffee.gif', preview: '/static/gifs/coffee.gif', width: 240, height: 240, title: 'koffie' }] })
      expect(app.services.gifs.kind).toBe('builtin')
    } finally {
      await app.close()
      await database.close()
    }
  })
})
