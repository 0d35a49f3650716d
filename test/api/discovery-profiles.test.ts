import { and, eq } from 'drizzle-orm'
import { describeEachDb, type DbKind } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { client, makeMember, type MemberOpts } from '../../src/features/discovery/test-support/members'
import { accounts, blocks, likes } from '../../src/db/schema'

jest.setTimeout(60_000)

describeEachDb('discovery: member profiles', (kind: DbKind) => {
  const suite = suiteApp(kind)
  const api = () => client(suite.app, hostOf('datingstad'))
  const member = (opts: MemberOpts = {}) => makeMember(suite.database.db, opts)
  const withPhotos = () => member({ photos: [{ visibility: 'public' }, { visibility: 'public' }, { visibility: 'private' }, { visibility: 'public', status: 'pending' }] })

  it('shows a free member age, the tenant fields and notes, blurred public photos and no private ones', async () => {
    const other = await withPhotos()
    const me = await member({ gender: 'male' })
    const res = await api().get(`/api/member.php?id=${other.id}`, me.cookie)
    expect(res.statusCode).toBe(200)
    const { profile, public_view, fictional_label } = res.json()
    expect(public_view).toBe(false)
    expect(fictional_label).toBeNull()
    expect(profile).toMatchObject({ id: other.id, age: expect.any(Number), hidden_private_photos: 1, liked: false, likes_you: false, match: false, blocked: false })
    expect(profile.photos).toHaveLength(2)
    for (const p of profile.photos) expect(p).toMatchObject({ locked: true, visibility: 'public' })
    // datingstad shows every field and both notes.
    expect(profile.fields).toMatchObject({ hair_colour: 'blond', city: 'Amsterdam', region: 'NL-NH' })
    expect(profile.notes).toEqual({ about: expect.stringContaining('Over lid'), looking_for: expect.stringContaining('Zoekt') })
    expect(profile.region_name).toBe('Noord-Holland')
    for (const name of other.files.original) expect(res.body).not.toContain(name)
    expect(res.body).not.toContain('1990-04-01')
    expect(res.body).not.toMatch(/"(email|birth_date|date_of_birth|birthDate)"/)
  })

  it('shows a premium member every photo, private ones included, unblurred', async () => {
    const other = await withPhotos()
    const premium = await member({ gender: 'male', paidUser: true })
    const { profile } = (await api().get(`/api/member.php?id=${other.id}`, premium.cookie)).json()
    expect(profile.photos).toHaveLength(3)
    expect(profile.hidden_private_photos).toBe(0)
    expect(profile.photos.map((p: { visibility: string }) => p.visibility).sort()).toEqual(['private', 'public', 'public'])
    for (const p of profile.photos) expect(p.locked).toBe(false)
    expect(profile.photos[0].filename).toBe(`/media/${other.files.original[0]}`)
  })

  it('limits the fields and notes to the tenant settings (rijpedates shows no gender or sexuality)', async () => {
    const other = await member()
    const me = await member({ gender: 'male' })
    const { profile } = (await client(suite.app, hostOf('rijpedates')).get(`/api/member.php?id=${other.id}`, me.cookie)).json()
    expect(Object.keys(profile.fields).sort()).toEqual(['body_type', 'city', 'country', 'eye_colour', 'hair_colour', 'region', 'relationship_status', 'tattoos'].sort())
    const flirt = (await client(suite.app, hostOf('flirtbelgie')).get(`/api/member.php?id=${other.id}`, me.cookie)).json()
    expect(Object.keys(flirt.profile.notes)).toEqual(['about'])
  })

  it('labels fictional profiles with the tenant wording', async () => {
    const fictional = await member({ fictional: true })
    const me = await member({ gender: 'male' })
    const res = await suite.app.inject({ method: 'GET', url: `/api/member.php?id=${fictional.id}`, headers: { host: hostOf('datingstad'), cookie: me.cookie, 'accept-language': 'nl' } })
    const tenant = suite.app.services.tenants.byId.get('datingstad')!
    expect(res.json().profile.fictional).toBe(true)
    expect(res.json().fictional_label).toEqual({ singular: tenant.fictional.singular.nl, plural: tenant.fictional.plural.nl, warning: tenant.fictional.warning.nl })
  })

  it('answers 404 for another pool, invisible, deleted, disabled, unconfirmed, unknown and blocking members', async () => {
    const me = await member({ gender: 'male' })
    const hidden = await Promise.all([
      member({ pool: 'gay' }),
      member({ invisible: true }),
      member({ status: 'deleted' }),
      member({ status: 'disabled' }),
      member({ status: 'not_confirmed' }),
    ])
    for (const h of hidden) {
      const res = await api().get(`/api/member.php?id=${h.id}`, me.cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('not_found')
    }
    expect((await api().get('/api/member.php?id=999999999', me.cookie)).statusCode).toBe(404)
    expect((await api().get('/api/member.php?id=abc', me.cookie)).statusCode).toBe(400)
    // Across pools the other way too: a gay-pool member is not found through a main-pool host.
    const gayMember = await member({ pool: 'gay' })
    expect((await client(suite.app, hostOf('mannenmatch')).get(`/api/member.php?id=${me.id}`, gayMember.cookie)).statusCode).toBe(404)
  })

  it('hides the blocker from the blocked member; the blocker still sees the blocked one (to unblock)', async () => {
    const blocker = await member()
    const blocked = await member({ gender: 'male' })
    expect((await api().post('/api/block.php', { id: blocked.id }, blocker.cookie)).json()).toEqual({ blocked: true })
    expect((await api().get(`/api/member.php?id=${blocker.id}`, blocked.cookie)).statusCode).toBe(404)
    const own = await api().get(`/api/member.php?id=${blocked.id}`, blocker.cookie)
    expect(own.statusCode).toBe(200)
    expect(own.json().profile.blocked).toBe(true)
    // The blocked member cannot block back (they no longer see the blocker), nor like them.
    expect((await api().post('/api/block.php', { id: blocker.id }, blocked.cookie)).statusCode).toBe(404)
    expect((await api().post('/api/like.php', { id: blocker.id }, blocked.cookie)).statusCode).toBe(404)
    expect((await api().get('/api/block.php', blocker.cookie)).json().profiles.map((p: { id: number }) => p.id)).toEqual([blocked.id])
    expect((await api().del(`/api/block.php?id=${blocked.id}`, blocker.cookie)).json()).toEqual({ blocked: false })
    expect((await api().get(`/api/member.php?id=${blocker.id}`, blocked.cookie)).statusCode).toBe(200)
    expect(await suite.database.db.select().from(blocks).where(eq(blocks.blockerId, blocker.id))).toHaveLength(0)
  })

  it('clears the new-like flag when the liked member opens the liker profile', async () => {
    const liker = await member({ gender: 'male' })
    const me = await member()
    expect((await api().post('/api/like.php', { id: me.id }, liker.cookie)).statusCode).toBe(200)
    const before = (await api().get('/api/likes.php', me.cookie)).json()
    expect(before.liked_by).toEqual([{ id: liker.id, like_new: true }])
    expect(before.new_likes).toBe(1)
    const opened = (await api().get(`/api/member.php?id=${liker.id}`, me.cookie)).json()
    expect(opened.profile.likes_you).toBe(true)
    const after = (await api().get('/api/likes.php', me.cookie)).json()
    expect(after.liked_by).toEqual([{ id: liker.id, like_new: false }])
    expect(after.new_likes).toBe(0)
    // The liker opening my profile does not touch my flag of their like.
    const [row] = await suite.database.db.select().from(likes).where(and(eq(likes.likerId, liker.id), eq(likes.likedId, me.id)))
    expect(row.isNew).toBe(false)
  })

  it('gives logged-out visitors the public view: blurred public photos, no relations', async () => {
    const other = await withPhotos()
    const res = await api().get(`/api/member.php?id=${other.id}`)
    expect(res.statusCode).toBe(200)
    const { profile, public_view } = res.json()
    expect(public_view).toBe(true)
    expect(profile.photos).toHaveLength(2)
    for (const p of profile.photos) expect(p.locked).toBe(true)
    for (const name of other.files.original) expect(res.body).not.toContain(name)
    const landing = await api().get(`/api/member-landing.php?id=${other.id}`)
    expect(landing.statusCode).toBe(200)
    expect(landing.json()).toMatchObject({ public_view: true, profile: { id: other.id } })
    expect(landing.json().others.map((o: { id: number }) => o.id)).not.toContain(other.id)
    for (const o of landing.json().others) if (o.main_image) expect(o.main_image.locked).toBe(true)
    for (const name of other.files.original) expect(landing.body).not.toContain(name)
    // Even logged out, another pool or an invisible member is not found.
    const invisible = await member({ invisible: true })
    expect((await api().get(`/api/member-landing.php?id=${invisible.id}`)).statusCode).toBe(404)
    const gay = await member({ pool: 'gay' })
    expect((await api().get(`/api/member.php?id=${gay.id}`)).statusCode).toBe(404)
  })

  it('never sends a free member the original file of anyone else in any discovery answer', async () => {
    const others = [await withPhotos(), await withPhotos(), await member({ fictional: true, photos: [{ visibility: 'public' }, { visibility: 'private' }] })]
    const me = await member({ gender: 'male' })
    // Relations so that every list has something: they like me, I like one back, one of them auto-likes me.
    for (const o of others) await api().post('/api/like.php', { id: me.id }, o.cookie)
    const bodies: string[] = []
    const keep = async (p: Promise<{ statusCode: number; body: string }>) => {
      const res = await p
      expect(res.statusCode).toBeLessThan(500)
      bodies.push(res.body)
      return res
    }
    await keep(api().post('/api/like.php', { id: others[0].id }, me.cookie))
    await keep(api().get('/api/search.php?gender=female', me.cookie))
    await keep(api().get('/api/search.php?gender=female&country=NL&countryregion=NL-NH&min_age=30&max_age=40', me.cookie))
    for (const o of others) {
      await keep(api().get(`/api/member.php?id=${o.id}`, me.cookie))
      await keep(api().get(`/api/member-landing.php?id=${o.id}`, me.cookie))
    }
    for (const type of ['', '?type=received', '?type=given', '?type=matches']) await keep(api().get(`/api/likes.php${type}`, me.cookie))
    await keep(api().get('/api/auto-like.php', me.cookie))
    await keep(api().get('/api/match-finder.php?gender=female', me.cookie))
    await keep(api().get('/api/swipe-game.php?gender=female', me.cookie))
    await keep(api().post('/api/block.php', { id: others[1].id }, me.cookie))
    await keep(api().get('/api/block.php', me.cookie))
    const all = bodies.join('\n')
    // Every original and thumbnail name of every member with photos in the pool.
    const { photos } = await import('../../src/db/schema')
    const rows = await suite.database.db.select().from(photos).where(eq(photos.pool, 'main'))
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      if (r.accountId === me.id) continue
      expect(all).not.toContain(r.filename)
      expect(all).not.toContain(r.thumbFilename)
    }
    expect(all).toContain(others[0].files.blurred[0])
  })

  it('keeps the profile of a member who was disabled after liking out of reach', async () => {
    const m = await member()
    const me = await member({ gender: 'male' })
    await suite.database.db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, m.id))
    expect((await api().get(`/api/member.php?id=${m.id}`, me.cookie)).statusCode).toBe(404)
    expect((await api().post('/api/like.php', { id: m.id }, me.cookie)).statusCode).toBe(404)
  })
})
