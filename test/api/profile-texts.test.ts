// The review of members' profile texts (decision 037 addendum): a changed text waits for a moderator and others see
// neither text until then; approve and reject are audited (before and after) and reach the owner's open tabs live;
// a rejected text stays hidden until rewritten; a version rewritten since the moderator saw it is never approved;
// another pool's moderator cannot review. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { profiles, staffAudit } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { hostOf, loggedInMember, staffCookie, suiteApp } from '../support/app'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'

describeEachDb('profile text review', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  const db = () => suite.database.db
  const get = (cookie: string, url: string, host = HOST) => app.inject({ method: 'GET', url, headers: { host, cookie } })
  const send = (cookie: string, method: 'PUT' | 'POST', url: string, payload: object, host = HOST) => app.inject({ method, url, headers: { host, cookie }, payload })
  const queue = async (cookie: string) => (await get(cookie, '/api/admin/profile-texts.php')).json().texts as Array<{ account_id: number; about: string | null; looking_for: string | null; submitted_at: string }>
  const notesOf = async (viewer: string, id: number) => (await get(viewer, `/api/member.php?id=${id}`)).json().profile.notes

  let moderator: string
  let viewer: string
  beforeAll(async () => {
    app = suite.app
    moderator = (await staffCookie(db(), app, 'moderator', { email: 'tekstkeurder@staff.example' })).cookie
    viewer = (await loggedInMember(app, db(), 'kijker@example.com')).cookie
  })

  it('holds a changed text back from others until a moderator approves it; the owner sees the verdict live', async () => {
    const owner = await loggedInMember(app, db(), 'schrijver@example.com')
    const saved = await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Ik fiets graag langs de Vecht.', looking_for: 'Iemand om mee te wandelen.' })
    expect(saved.json().profile).toMatchObject({ about: 'Ik fiets graag langs de Vecht.', text_status: 'pending' })
    expect((await get(owner.cookie, '/api/profile.php')).json().profile.text_status).toBe('pending')
    // Others see neither text while it waits.
    expect(await notesOf(viewer, owner.account.id)).toEqual({ about: null, looking_for: null })
    const item = (await queue(moderator)).find((x) => x.account_id === owner.account.id)
    expect(item).toMatchObject({ about: 'Ik fiets graag langs de Vecht.', looking_for: 'Iemand om mee te wandelen.' })

    const heard: string[] = []
    const detach = app.services.realtime.attach(owner.account.id, { send: (d) => heard.push(d) })
    try {
      const res = await send(moderator, 'POST', '/api/admin/profile-texts.php', { account_id: owner.account.id, action: 'approve', submitted_at: item!.submitted_at })
      expect(res.json()).toEqual({ text_status: 'approved' })
    } finally {
      detach()
    }
    expect(heard.map((d) => JSON.parse(d))).toContainEqual({ type: 'moderated', subject: 'text', status: 'approved' })
    expect(await notesOf(viewer, owner.account.id)).toEqual({ about: 'Ik fiets graag langs de Vecht.', looking_for: 'Iemand om mee te wandelen.' })
    expect((await queue(moderator)).some((x) => x.account_id === owner.account.id)).toBe(false)
    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'texts.review'), eq(staffAudit.targetId, String(owner.account.id))))
    expect(audit).toMatchObject({
      staffEmail: 'tekstkeurder@staff.example',
      staffRole: 'moderator',
      pool: 'main',
      targetType: 'member',
      before: { text_status: 'pending', about: 'Ik fiets graag langs de Vecht.', looking_for: 'Iemand om mee te wandelen.' },
      after: { text_status: 'approved' },
    })
    // Saving other fields leaves approved texts alone.
    expect((await send(owner.cookie, 'PUT', '/api/profile.php', { city: 'Utrecht' })).json().profile.text_status).toBe('approved')
  })

  it('keeps a rejected text hidden until it is rewritten, which puts it back in the queue', async () => {
    const owner = await loggedInMember(app, db(), 'afgekeurd@example.com')
    await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Bel me op 06-12345678 voor snelle afspraken.' })
    const item = (await queue(moderator)).find((x) => x.account_id === owner.account.id)!
    const heard: string[] = []
    const detach = app.services.realtime.attach(owner.account.id, { send: (d) => heard.push(d) })
    try {
      expect((await send(moderator, 'POST', '/api/admin/profile-texts.php', { account_id: owner.account.id, action: 'reject', submitted_at: item.submitted_at })).json()).toEqual({ text_status: 'rejected' })
    } finally {
      detach()
    }
    expect(heard.map((d) => JSON.parse(d))).toContainEqual({ type: 'moderated', subject: 'text', status: 'rejected' })
    expect((await get(owner.cookie, '/api/profile.php')).json().profile).toMatchObject({ about: 'Bel me op 06-12345678 voor snelle afspraken.', text_status: 'rejected' })
    expect(await notesOf(viewer, owner.account.id)).toEqual({ about: null, looking_for: null })
    // A second verdict on the same version finds nothing waiting.
    expect((await send(moderator, 'POST', '/api/admin/profile-texts.php', { account_id: owner.account.id, action: 'approve', submitted_at: item.submitted_at })).statusCode).toBe(409)
    await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Ik fiets graag en kook voor vrienden.' })
    expect((await queue(moderator)).find((x) => x.account_id === owner.account.id)).toMatchObject({ about: 'Ik fiets graag en kook voor vrienden.' })
    // Clearing every text needs no review.
    expect((await send(owner.cookie, 'PUT', '/api/profile.php', { about: null, looking_for: null })).json().profile.text_status).toBe('approved')
    expect((await queue(moderator)).some((x) => x.account_id === owner.account.id)).toBe(false)
  })

  it('never approves a version the moderator did not see (409 changed)', async () => {
    const owner = await loggedInMember(app, db(), 'herschrijver@example.com')
    await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Eerste versie van mijn tekst.' })
    const seen = (await queue(moderator)).find((x) => x.account_id === owner.account.id)!
    await new Promise((r) => setTimeout(r, 5))
    await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Tweede versie, met een telefoonnummer.' })
    const res = await send(moderator, 'POST', '/api/admin/profile-texts.php', { account_id: owner.account.id, action: 'approve', submitted_at: seen.submitted_at })
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 409, error: 'changed' })
    const [p] = await db().select({ status: profiles.textStatus }).from(profiles).where(eq(profiles.accountId, owner.account.id))
    expect(p.status).toBe('pending')
  })

  it('keeps a one-pool moderator to the pool of its own brands', async () => {
    const owner = await loggedInMember(app, db(), 'gay-schrijver@example.com', hostOf('mannenmatch'), { pool: 'gay', tenantId: 'mannenmatch' })
    await send(owner.cookie, 'PUT', '/api/profile.php', { about: 'Hallo vanaf de andere pool.' }, hostOf('mannenmatch'))
    // On a brand of another pool the moderator of 'main' is refused; on its own brand the member is not in the queue.
    expect((await get(moderator, '/api/admin/profile-texts.php', hostOf('mannenmatch'))).statusCode).toBe(403)
    expect((await queue(moderator)).some((x) => x.account_id === owner.account.id)).toBe(false)
    const [p] = await db().select({ at: profiles.textSubmittedAt }).from(profiles).where(eq(profiles.accountId, owner.account.id))
    const res = await send(moderator, 'POST', '/api/admin/profile-texts.php', { account_id: owner.account.id, action: 'approve', submitted_at: p.at!.toISOString() })
    expect(res.statusCode).toBe(404)
  })
})
