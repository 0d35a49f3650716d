import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { loggedInMember, suiteApp } from '../support/app'
import { profiles, sessions } from '../../src/db/schema'

jest.setTimeout(60_000)

describeEachDb('own profile API', (kind) => {
  const suite = suiteApp(kind)

  const login = (email: string, host?: string, opts?: { pool?: string; tenantId?: string }) => loggedInMember(suite.app, suite.database.db, email, host, opts)
  const put = (cookie: string, payload: object, host = 'datingstad.nl') => suite.app.inject({ method: 'PUT', url: '/api/profile.php', headers: { host, cookie }, payload })

  it('saves every profile field of SPEC.md section 3, step by step', async () => {
    const { account, cookie } = await login('profiel@example.nl')
    expect((await put(cookie, { gender: 'male', sexuality: 'hetero' })).statusCode).toBe(200)
    expect((await put(cookie, { hair_colour: 'brown', eye_colour: 'green', body_type: 'athletic', relationship_status: 'single', tattoos: 'some' })).statusCode).toBe(200)
    expect((await put(cookie, { interests: ['travel', 'music', 'travel'] })).statusCode).toBe(200)
    const res = await put(cookie, { country: 'NL', region: 'NL-UT', city: 'Utrecht', about: 'Hallo!', looking_for: 'Een leuke vrouw' })
    expect(res.json().profile).toMatchObject({ gender: 'male', sexuality: 'hetero', hair_colour: 'brown', interests: ['travel', 'music'], region: 'NL-UT', city: 'Utrecht' })
    const [row] = await suite.database.db.select().from(profiles).where(eq(profiles.accountId, account.id))
    expect(row).toMatchObject({ gender: 'male', seeking: 'female', eyeColour: 'green', bodyType: 'athletic', relationshipStatus: 'single', tattoos: 'some', interests: ['travel', 'music'], region: 'NL-UT', about: 'Hallo!', lookingFor: 'Een leuke vrouw' })
  })

  it('a member in use becomes the most recently active (written at most every 5 minutes)', async () => {
    const { account, cookie } = await login('actief@example.nl')
    const db = suite.database.db
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000)
    await db.update(profiles).set({ lastActiveAt: old }).where(eq(profiles.accountId, account.id))
    await db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.accountId, account.id))
    const me = () => suite.app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })
    expect((await me()).statusCode).toBe(200)
    const activeAt = async () => (await db.select().from(profiles).where(eq(profiles.accountId, account.id)))[0].lastActiveAt.getTime()
    const first = await activeAt()
    expect(Date.now() - first).toBeLessThan(60_000)
    // Within the interval nothing is written again.
    await db.update(profiles).set({ lastActiveAt: old }).where(eq(profiles.accountId, account.id))
    await me()
    expect(await activeAt()).toBe(old.getTime())
  })

  it('reverse-geocodes a position offline: country, region and town', async () => {
    const get = (q: string, host = 'datingstad.nl') => suite.app.inject({ url: `/api/geocode.php?${q}`, headers: { host } })
    expect((await get('lat=52.3676&lon=4.9041')).json()).toEqual({ country: 'NL', region: 'NL-NH', city: 'Amsterdam', served: true })
    expect((await get('lat=52.0907&lon=5.1214')).json()).toMatchObject({ country: 'NL', region: 'NL-UT', city: 'Utrecht' })
    expect((await get('lat=50.8503&lon=4.3517', 'flirtbelgie.be')).json()).toMatchObject({ country: 'BE', region: 'BE-BRU', served: true })
    expect((await get('lat=51.2194&lon=4.4025', 'flirtbelgie.be')).json()).toMatchObject({ country: 'BE', region: 'BE-VAN', city: 'Antwerpen' })
    expect((await get('lat=48.8566&lon=2.3522')).json()).toMatchObject({ country: 'FR', served: false })
    expect((await get('lat=200&lon=5')).statusCode).toBe(400)
  })

  it('edits one field at a time on /profile, keeping the others, and clears optional texts', async () => {
    const { account, cookie } = await login('bewerk@example.nl')
    await put(cookie, { about: 'Eerste tekst', looking_for: 'Iemand', interests: ['travel'] })
    const res = await put(cookie, { name: 'Nieuwe Naam', about: null })
    expect(res.statusCode).toBe(200)
    expect(res.json().profile).toMatchObject({ name: 'Nieuwe Naam', about: null, looking_for: 'Iemand', interests: ['travel'], city: 'Amsterdam' })
    const got = await suite.app.inject({ url: '/api/profile.php', headers: { host: 'datingstad.nl', cookie } })
    expect(got.json().profile).toMatchObject({ name: 'Nieuwe Naam', about: null, looking_for: 'Iemand' })
    // The navigation's name comes from the session user, which follows the profile.
    const me = await suite.app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })
    expect(me.json().user.profile.name).toBe('Nieuwe Naam')
    const [row] = await suite.database.db.select().from(profiles).where(eq(profiles.accountId, account.id))
    expect(row.about).toBeNull()
  })

  it('refuses values outside the lists, the tenant or its countries', async () => {
    const { cookie } = await login('fout-profiel@example.nl')
    expect((await put(cookie, { gender: 'robot' })).statusCode).toBe(400)
    expect((await put(cookie, { country: 'DE' })).json().fields.country).toBe('Kies een land uit de lijst.')
    expect((await put(cookie, { region: 'BE-VAN' })).json().fields.region).toBe('Kies een provincie of regio van het gekozen land.')
    expect((await put(cookie, { interests: ['skydiving'] })).json().fields.interests).toBe('Kies je interesses uit de lijst.')
    expect((await put(cookie, { name: 'fout-profiel@example.nl' })).json().fields.name).toBe('Je profielnaam moet anders zijn dan je e-mailadres')
    expect((await put(cookie, { name: '@iemand' })).json().fields.name).toBe('Je profielnaam mag niet met @ beginnen.')
    expect((await put(cookie, { name: 'x' })).json().fields.name).toBe('Minimaal 2 tekens.')
    expect((await put(cookie, { about: 'x'.repeat(2001) })).json().fields.about).toBe('Maximaal 2000 tekens.')
    // Bad JSON types are a 400 with field errors, never a 500.
    const bad = await put(cookie, { interests: 'travel', city: 12, looking_for: { a: 1 } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['interests', 'city', 'looking_for']))
    expect((await suite.app.inject({ method: 'PUT', url: '/api/profile.php', headers: { host: 'datingstad.nl' }, payload: {} })).statusCode).toBe(403)
  })
})
