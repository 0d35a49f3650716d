import { and, eq } from 'drizzle-orm'
import { describeEachDb, type DbKind } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { liveSocket } from '../support/live'
import { client, makeMember, type MemberOpts } from '../../src/features/discovery/test-support/members'
import { blocks, conversations, likes, skips } from '../../src/db/schema'
import { AUTO_LIKE_INTERVAL_S } from '../../src/features/discovery/likes.server'

jest.setTimeout(60_000)
const HOST = hostOf('datingstad')
const ids = (list: Array<{ id: number }>) => list.map((p) => p.id)

describeEachDb('discovery: likes, matches, blocks and auto-like', (kind: DbKind) => {
  const suite = suiteApp(kind)
  const api = () => client(suite.app, HOST)
  const member = (opts: MemberOpts = {}) => makeMember(suite.database.db, opts)

  it('likes, tells about a match on the mutual like, and unlikes', async () => {
    const a = await member({ gender: 'male' })
    const b = await member()
    const first = await api().post('/api/like.php', { id: b.id }, a.cookie)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ liked: true, match: false })
    // Liking again changes nothing.
    expect((await api().post('/api/like.php', { id: b.id }, a.cookie)).json()).toEqual({ liked: true, match: false })
    expect((await api().post('/api/like.php', { id: a.id }, b.cookie)).json()).toEqual({ liked: true, match: true })
    const profile = (await api().get(`/api/member.php?id=${b.id}`, a.cookie)).json().profile
    expect(profile).toMatchObject({ liked: true, likes_you: true, match: true })
    expect((await api().del(`/api/like.php?id=${b.id}`, a.cookie)).json()).toEqual({ liked: false, match: false })
    expect((await api().get(`/api/member.php?id=${b.id}`, a.cookie)).json().profile).toMatchObject({ liked: false, likes_you: true, match: false })
  })

  it('refuses to like oneself, an unknown, invisible or other-pool member, and needs a login', async () => {
    const me = await member({ gender: 'male' })
    const invisible = await member({ invisible: true })
    const gay = await member({ pool: 'gay' })
    for (const id of [me.id, invisible.id, gay.id, 999999999]) expect((await api().post('/api/like.php', { id }, me.cookie)).statusCode).toBe(404)
    expect((await api().post('/api/like.php', { id: 'x' }, me.cookie)).statusCode).toBe(400)
    const anon = await suite.app.inject({ method: 'POST', url: '/api/like.php', headers: { host: HOST, 'accept-language': 'nl' }, payload: { id: invisible.id } })
    expect(anon.statusCode).toBe(403)
    expect(anon.json()).toMatchObject({ error: 'authentication_required', authentication_required: true, message: 'Log in om iemand te liken.' })
    expect(await suite.database.db.select().from(likes).where(eq(likes.likerId, me.id))).toEqual([])
  })

  it('sends like and match events live to the liked member and the liker', async () => {
    const a = await member({ gender: 'male' })
    const b = await member()
    const bLive = await liveSocket(suite.app, HOST, b.cookie)
    const aLive = await liveSocket(suite.app, HOST, a.cookie)
    try {
      await api().post('/api/like.php', { id: b.id }, a.cookie)
      expect(await bLive.next('like')).toEqual({ type: 'like', member_id: a.id, match: false })
      await api().post('/api/like.php', { id: a.id }, b.cookie)
      expect(await aLive.next('match')).toEqual({ type: 'match', member_id: b.id })
      expect(await bLive.next('match')).toEqual({ type: 'match', member_id: a.id })
      // Opening the liker's profile tells the member's other tabs the like was seen.
      await api().get(`/api/member.php?id=${a.id}`, b.cookie)
      expect(await bLive.next('likes_seen')).toEqual({ type: 'likes_seen', member_id: a.id })
      // An unlike reaches the unliked member (unliking someone never liked is simply a no-op).
      const stranger = await member()
      await api().del(`/api/like.php?id=${stranger.id}`, a.cookie)
      await api().del(`/api/like.php?id=${b.id}`, a.cookie)
      expect(await bLive.next('unlike')).toEqual({ type: 'unlike', member_id: a.id })
    } finally {
      aLive.ws.terminate()
      bLive.ws.terminate()
    }
  })

  it('lists received likes with new ones first, given likes and matches, page by page', async () => {
    const me = await member({ gender: 'male' })
    const likers = []
    for (let i = 0; i < 5; i++) likers.push(await member())
    for (const l of likers) await api().post('/api/like.php', { id: me.id }, l.cookie)
    // The oldest two have been seen.
    await api().get(`/api/member.php?id=${likers[0].id}`, me.cookie)
    await api().get(`/api/member.php?id=${likers[1].id}`, me.cookie)
    // Spread the like times so the order is certain.
    for (const [i, l] of likers.entries()) {
      await suite.database.db.update(likes).set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) }).where(and(eq(likes.likerId, l.id), eq(likes.likedId, me.id)))
    }
    const given = await member()
    await api().post('/api/like.php', { id: given.id }, me.cookie)
    await api().post('/api/like.php', { id: likers[3].id }, me.cookie)

    const received = (await api().get('/api/likes.php?type=received', me.cookie)).json()
    // New first (4, 3, 2 newest first), then the seen ones (1, 0).
    expect(ids(received.profiles)).toEqual([likers[4].id, likers[3].id, likers[2].id, likers[1].id, likers[0].id])
    expect(received.profiles.map((p: { like_new: boolean }) => p.like_new)).toEqual([true, true, true, false, false])
    expect(received.new_likes).toBe(3)
    expect(received.liked_by).toHaveLength(5)
    expect(received.liked_by[0]).toEqual({ id: likers[4].id, like_new: true })
    expect((await api().get('/api/likes.php', me.cookie)).json().profiles).toEqual(received.profiles)

    const givenList = (await api().get('/api/likes.php?type=given', me.cookie)).json()
    expect(ids(givenList.profiles).sort()).toEqual([given.id, likers[3].id].sort())
    const matches = (await api().get('/api/likes.php?type=matches', me.cookie)).json()
    expect(ids(matches.profiles)).toEqual([likers[3].id])
    expect(matches.profiles[0]).toMatchObject({ match: true, liked: true, likes_you: true })

    // Paging: the same list two at a time, no duplicates or holes.
    const { listLikes } = await import('../../src/features/discovery/likes.server')
    const viewer = { pool: 'main', id: me.id, paidUser: false }
    const seen: number[] = []
    let cursor: [0 | 1, string, number] | undefined
    const { decodeLikesCursor } = await import('../../src/features/discovery/likes.server')
    for (let i = 0; i < 5; i++) {
      const page = await listLikes(suite.database.db, viewer, 'received', { cursor, mediaBase: '', pageSize: 2 })
      seen.push(...ids(page.profiles))
      if (!page.next_cursor) break
      cursor = decodeLikesCursor(page.next_cursor)
    }
    expect(seen).toEqual(ids(received.profiles))
    expect((await api().get('/api/likes.php?type=robot', me.cookie)).statusCode).toBe(400)
    expect((await api().get('/api/likes.php?cursor=abc', me.cookie)).statusCode).toBe(400)
  })

  it('drops blocked and blocking members from likes lists and liked_by; messages either way are refused', async () => {
    const me = await member({ gender: 'male' })
    const a = await member()
    const b = await member()
    await api().post('/api/like.php', { id: me.id }, a.cookie)
    await api().post('/api/like.php', { id: me.id }, b.cookie)
    await api().post('/api/like.php', { id: a.id }, me.cookie)
    await api().post('/api/block.php', { id: a.id }, me.cookie)
    await suite.database.db.insert(blocks).values({ pool: 'main', blockerId: b.id, blockedId: me.id })
    const list = (await api().get('/api/likes.php', me.cookie)).json()
    expect(list.profiles).toEqual([])
    expect(list.liked_by).toEqual([])
    expect(list.new_likes).toBe(0)
    expect((await api().get('/api/likes.php?type=given', me.cookie)).json().profiles).toEqual([])
    // The chat refuses a message either way (its own rule, checked here for the block made through block.php).
    const send = (cookie: string, to: number) =>
      suite.app.inject({ method: 'POST', url: `/api/message.php?member_id=${to}`, headers: { host: HOST, cookie }, payload: { kind: 'text', client_id: `c${Date.now()}${to}${Math.random().toString(36).slice(2, 8)}`, text: 'Hoi' } })
    expect((await send(me.cookie, a.id)).json().error).toBe('blocked')
    expect((await send(a.cookie, me.id)).json().error).toBe('blocked')
  })

  it('auto-like: a fictional member the member never met likes them, at most once per interval', async () => {
    const me = await member({ gender: 'male', sexuality: 'hetero' })
    // Candidates: only fictional women (the default filters of a man seeking women), not already related.
    const liked = await member({ fictional: true })
    const skipped = await member({ fictional: true })
    const chatted = await member({ fictional: true })
    await member({ fictional: true, gender: 'male' })
    await member({ fictional: false })
    const fresh = await member({ fictional: true, lastActiveAt: new Date(Date.now() - 1000) })
    // Older fictional members of other tests exist too; make these the most recent so the choice is certain.
    await api().post('/api/like.php', { id: liked.id }, me.cookie)
    await suite.database.db.insert(skips).values({ pool: 'main', accountId: me.id, skippedId: skipped.id })
    const [a, b] = me.id < chatted.id ? [me.id, chatted.id] : [chatted.id, me.id]
    await suite.database.db.insert(conversations).values({ pool: 'main', memberA: a, memberB: b, startedBy: me.id })
    const live = await liveSocket(suite.app, HOST, me.cookie)
    try {
      const res = await api().get('/api/auto-like.php', me.cookie)
      expect(res.statusCode).toBe(200)
      const profile = res.json().profile
      expect(profile).toMatchObject({ fictional: true, gender: 'female' })
      expect([liked.id, skipped.id, chatted.id]).not.toContain(profile.id)
      expect(profile.id).toBe(fresh.id)
      expect(await live.next('like')).toEqual({ type: 'like', member_id: fresh.id, match: false })
    } finally {
      live.ws.terminate()
    }
    const likedBy = (await api().get('/api/likes.php', me.cookie)).json().liked_by
    expect(likedBy).toContainEqual({ id: fresh.id, like_new: true })
    // Rate-limited: the next call within the interval answers no profile and stores nothing.
    const again = await api().get('/api/auto-like.php', me.cookie)
    expect(again.json()).toEqual({ profile: null })
    expect(await suite.database.db.select().from(likes).where(eq(likes.likedId, me.id))).toHaveLength(1)
    // After the interval another one comes.
    await suite.app.services.limiter.reset(`auto-like:${me.id}`, { limit: 1, windowSeconds: AUTO_LIKE_INTERVAL_S })
    const second = await member({ fictional: true, lastActiveAt: new Date(Date.now() - 5000) })
    const later = (await api().get('/api/auto-like.php', me.cookie)).json()
    expect(later.profile?.id).toBe(second.id)
    expect((await api().get('/api/auto-like.php')).statusCode).toBe(403)
  })

  it('auto-like answers no profile when no fictional member is left', async () => {
    const me = await member({ pool: 'gay', gender: 'male', sexuality: 'gay' })
    const res = await client(suite.app, hostOf('mannenmatch')).get('/api/auto-like.php', me.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ profile: null })
  })
})
