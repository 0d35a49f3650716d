import { and, eq } from 'drizzle-orm'
import { describeEachDb, type DbKind } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { client, makeMember, type MemberOpts } from '../../src/features/discovery/test-support/members'
import { likes, skips, swipeDays } from '../../src/db/schema'
import { swipeDay, swipeResetsAt } from '../../src/features/discovery/games.server'

jest.setTimeout(60_000)
const HOST = hostOf('datingstad')

describe('swipe-game day (Europe/Amsterdam)', () => {
  it('resets at the next midnight in Amsterdam, summer and winter time alike', () => {
    expect(swipeResetsAt(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-23T23:00:00.000Z')
    expect(swipeResetsAt(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-01T22:00:00.000Z')
    // 23:30 in Amsterdam is still the same day; 00:30 is the next.
    expect(swipeDay(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-23')
    expect(swipeDay(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
    // The days the clocks change (29 March and 25 October 2026).
    expect(swipeResetsAt(new Date('2026-03-28T23:30:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(swipeResetsAt(new Date('2026-10-24T22:30:00Z')).toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })
})

describeEachDb('discovery: match finder and swipe game', (kind: DbKind) => {
  const suite = suiteApp(kind)
  const api = () => client(suite.app, HOST)
  const member = (opts: MemberOpts = {}) => makeMember(suite.database.db, opts)
  let countrySeq = 0
  const freshCountry = () => `Y${String.fromCharCode(65 + countrySeq++)}`

  it('match finder: the next profile from the filters and the one after, without liked or skipped ones', async () => {
    const country = freshCountry()
    const now = Date.now()
    const [m1, m2, m3, m4] = [await member({ country, lastActiveAt: new Date(now) }), await member({ country, lastActiveAt: new Date(now - 1000) }), await member({ country, lastActiveAt: new Date(now - 2000) }), await member({ country, lastActiveAt: new Date(now - 3000) })]
    await member({ country, gender: 'male' })
    const me = await member({ gender: 'male' })
    const q = `/api/match-finder.php?gender=female&country=${country}`
    const first = (await api().get(q, me.cookie)).json()
    expect(first.profile.id).toBe(m1.id)
    expect(first.next.id).toBe(m2.id)
    expect(first.profile).toMatchObject({ photos: [], hidden_private_photos: 0, fields: expect.any(Object) })
    // Skip the first, like the second: the finder moves on.
    expect((await api().post('/api/match-finder.php', { id: m1.id }, me.cookie)).json()).toEqual({ skipped: true })
    await api().post('/api/like.php', { id: m2.id }, me.cookie)
    const second = (await api().get(q, me.cookie)).json()
    expect([second.profile.id, second.next.id]).toEqual([m3.id, m4.id])
    await api().post('/api/match-finder.php', { id: m3.id }, me.cookie)
    await api().post('/api/match-finder.php', { id: m4.id }, me.cookie)
    expect((await api().get(q, me.cookie)).json()).toMatchObject({ profile: null, next: null })
    // Skipping someone invisible or of another pool is a 404; a logged-out visitor is refused.
    const gay = await member({ pool: 'gay' })
    expect((await api().post('/api/match-finder.php', { id: gay.id }, me.cookie)).statusCode).toBe(404)
    expect((await api().get(q)).statusCode).toBe(403)
    expect(await suite.database.db.select().from(skips).where(eq(skips.accountId, me.id))).toHaveLength(3)
  })

  it('swipe game: cards from the filters, 4 likes a day, then a localized refusal with the reset time', async () => {
    const country = freshCountry()
    const cards = []
    for (let i = 0; i < 7; i++) cards.push(await member({ country, lastActiveAt: new Date(Date.now() - i * 1000) }))
    const me = await member({ gender: 'male' })
    const game = (await api().get(`/api/swipe-game.php?gender=female&country=${country}`, me.cookie)).json()
    expect(game.cards.map((c: { id: number }) => c.id)).toEqual(cards.map((c) => c.id))
    expect(game).toMatchObject({ likes_left: 4, likes_per_day: 4 })
    expect(Date.parse(game.resets_at)).toBeGreaterThan(Date.now())
    expect(game.resets_at).toBe(swipeResetsAt(new Date()).toISOString())

    expect((await api().post('/api/swipe.php', { id: cards[0].id, action: 'skip' }, me.cookie)).json()).toMatchObject({ liked: false, likes_left: 4 })
    for (let i = 1; i <= 4; i++) {
      const res = await api().post('/api/swipe.php', { id: cards[i].id, action: 'like' }, me.cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ liked: true, match: false, likes_left: 4 - i })
    }
    // Liking a member already liked costs nothing and is not refused.
    expect((await api().post('/api/swipe.php', { id: cards[4].id, action: 'like' }, me.cookie)).json()).toMatchObject({ liked: true, likes_left: 0 })
    const refused = await suite.app.inject({ method: 'POST', url: '/api/swipe.php', headers: { host: HOST, cookie: me.cookie, 'accept-language': 'nl' }, payload: { id: cards[5].id, action: 'like' } })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: 'swipe_limit', likes_left: 0, message: 'Je hebt je 4 likes van vandaag gebruikt. Morgen kun je weer liken.' })
    expect(Date.parse(refused.json().resets_at)).toBeGreaterThan(Date.now())
    expect(await suite.database.db.select().from(likes).where(and(eq(likes.likerId, me.id), eq(likes.likedId, cards[5].id)))).toHaveLength(0)
    // Skipping still works at the limit; skipped and liked cards leave the game.
    expect((await api().post('/api/swipe.php', { id: cards[5].id, action: 'skip' }, me.cookie)).statusCode).toBe(200)
    const after = (await api().get(`/api/swipe-game.php?gender=female&country=${country}`, me.cookie)).json()
    expect(after.cards.map((c: { id: number }) => c.id)).toEqual([cards[6].id])
    expect(after.likes_left).toBe(0)
    // The next day (the counter's day moved back): 4 likes again.
    await suite.database.db.update(swipeDays).set({ day: '2000-01-01' }).where(eq(swipeDays.accountId, me.id))
    expect((await api().get(`/api/swipe-game.php?gender=female&country=${country}`, me.cookie)).json().likes_left).toBe(4)
    expect((await api().post('/api/swipe.php', { id: cards[6].id, action: 'like' }, me.cookie)).json()).toMatchObject({ liked: true, likes_left: 3 })
  })

  it('swipe game: a like back is a match; bad input is a 400; strangers are 404', async () => {
    const other = await member()
    const me = await member({ gender: 'male' })
    await api().post('/api/like.php', { id: me.id }, other.cookie)
    expect((await api().post('/api/swipe.php', { id: other.id, action: 'like' }, me.cookie)).json()).toMatchObject({ liked: true, match: true })
    expect((await api().post('/api/swipe.php', { id: other.id, action: 'superlike' }, me.cookie)).statusCode).toBe(400)
    const gay = await member({ pool: 'gay' })
    expect((await api().post('/api/swipe.php', { id: gay.id, action: 'like' }, me.cookie)).statusCode).toBe(404)
    expect((await api().get('/api/swipe-game.php')).statusCode).toBe(403)
  })

  it('swipe game: concurrent likes never exceed 4 a day', async () => {
    const country = freshCountry()
    const targets = []
    for (let i = 0; i < 10; i++) targets.push(await member({ country }))
    const me = await member({ gender: 'male' })
    const results = await Promise.all(targets.map((t) => api().post('/api/swipe.php', { id: t.id, action: 'like' }, me.cookie)))
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(4)
    expect(codes.filter((c) => c === 429)).toHaveLength(6)
    expect(await suite.database.db.select().from(likes).where(eq(likes.likerId, me.id))).toHaveLength(4)
    const [counter] = await suite.database.db.select().from(swipeDays).where(eq(swipeDays.accountId, me.id))
    expect(counter.likes).toBe(4)
    const left = results.filter((r) => r.statusCode === 200).map((r) => r.json().likes_left).sort()
    expect(left).toEqual([0, 1, 2, 3])
  })
})
