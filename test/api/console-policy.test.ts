// The console policy through the HTTP API (decision 028): every console action for every role, allowed and
// refused, plus a member session and no session, on PGlite (and PostgreSQL with TEST_DATABASE_URL).
import crypto from 'node:crypto'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/client.server'
import { eq } from 'drizzle-orm'
import { accounts, complaints, conversationMembers, conversations, messages, photos, profiles } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { createMember, loggedInMember, staffCookie, suiteApp } from '../support/app'
import { CONSOLE_ENDPOINTS } from '../../src/features/console/endpoints'
import { pendingPhotosEndpoint, reviewPhotoEndpoint } from '../../src/features/photos/endpoints'
import { pendingTextsEndpoint, reviewTextsEndpoint } from '../../src/features/profile/endpoints'
import { newsletterExportEndpoint } from '../../src/features/notifications/endpoints'
import { landerGalleryEndpoint, pageBouncesEndpoint, trafficStatsEndpoint } from '../../src/features/landers/gallery'
import { OPERATOR_ENDPOINTS } from '../../src/features/console/operator-endpoints'
import { PAYMENT_ENDPOINTS } from '../../src/features/console/payment-endpoints'
import { TENANT_ENDPOINTS } from '../../src/features/console/tenant-endpoints'
import { STAFF_ENDPOINTS } from '../../src/features/console/staff-endpoints'
import { VULNERABLE_ENDPOINTS } from '../../src/features/console/vulnerable-endpoints'
import { paidPayment } from '../../src/features/payments/test-support/paid-payment'
import { POLICY, STAFF_ACTIONS, STAFF_ROLES, can, type StaffRole } from '../../src/shared/staff-policy'
import type { EndpointDefinition } from '../../src/shared/endpoint'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'
const ENDPOINTS: EndpointDefinition[] = [...CONSOLE_ENDPOINTS, pendingPhotosEndpoint, reviewPhotoEndpoint, pendingTextsEndpoint, reviewTextsEndpoint, newsletterExportEndpoint, landerGalleryEndpoint, trafficStatsEndpoint, pageBouncesEndpoint, ...OPERATOR_ENDPOINTS, ...PAYMENT_ENDPOINTS, ...TENANT_ENDPOINTS, ...STAFF_ENDPOINTS, ...VULNERABLE_ENDPOINTS]

/** A valid call of each endpoint, with what it needs made fresh, so an allowed role gets 200. */
function callFor(def: EndpointDefinition, db: Database['db'], app: () => FastifyInstance, cookie: string | undefined): () => Promise<{ query?: Record<string, string>; body?: Record<string, unknown>; file?: Buffer }> {
  const member = async (status = 'active') => (await createMember(db, { status })).account
  const complaint = async () =>
    (await db.insert(complaints).values({ pool: 'main', tenantId: 'datingstad', name: 'Klager', email: 'klager@example.com', subject: 'Onderwerp', message: 'Een klacht van tien tekens.' }).returning())[0]
  // A member's message to a fictional profile: a conversation waiting for a chat operator.
  const waiting = async () => {
    const fictional = await member()
    await db.update(accounts).set({ fictional: true }).where(eq(accounts.id, fictional.id))
    const writer = await member()
    const [a, b] = writer.id < fictional.id ? [writer.id, fictional.id] : [fictional.id, writer.id]
    const [c] = await db.insert(conversations).values({ pool: 'main', memberA: a, memberB: b, startedBy: writer.id }).returning()
    await db.insert(conversationMembers).values([{ pool: 'main', conversationId: c.id, accountId: a }, { pool: 'main', conversationId: c.id, accountId: b }])
    await db.insert(messages).values({ pool: 'main', conversationId: c.id, senderId: writer.id, clientId: crypto.randomUUID(), kind: 'text', body: 'Hoi' })
    return c.id
  }
  /** A waiting conversation this role has claimed (a refused role's claim is refused too: the call then tests the policy alone). */
  const claimed = async (cookie: string | undefined) => {
    const id = await waiting()
    if (cookie) await app().inject({ method: 'POST', url: '/api/admin/operator-claim.php', headers: { host: HOST, cookie }, payload: { conversation_id: id } })
    return id
  }
  switch (def.path) {
    case '/api/admin/operator-claim.php':
      return async () => ({ body: { conversation_id: await waiting() } })
    case '/api/admin/operator-reply.php':
      return async () => ({ body: { conversation_id: await claimed(cookie), client_id: crypto.randomUUID(), text: 'Hallo!' } })
    case '/api/admin/operator-reply-gif.php':
      return async () => ({ body: { conversation_id: await claimed(cookie), client_id: crypto.randomUUID(), gif_id: 'wave' } })
    case '/api/admin/operator-reply-image.php':
      return async () => ({
        query: { conversation_id: String(await claimed(cookie)), client_id: crypto.randomUUID() },
        file: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } }).png().toBuffer(),
      })
    case '/api/admin/operator-typing.php':
      return async () => ({ body: { conversation_id: await claimed(cookie) } })
    case '/api/admin/operator-note.php':
      return async () => ({ body: { conversation_id: await claimed(cookie), note: 'Houdt van fietsen.' } })
    case '/api/admin/payments.php':
      return async () => ({ query: { status: 'paid' } })
    case '/api/admin/payment-refund.php':
      return async () => ({ body: { id: (await paidPayment(app(), db)).paymentId, reason: 'dubbel betaald' } })
    case '/api/admin/tenant-maintenance.php':
      // Asking for the state a brand has already: allowed roles get 200 and the project's tenant files stay untouched
      // (the switch itself: test/api/console-tenants.test.ts, on a copy of the files).
      return async () => ({ body: { id: 'rijpedates', maintenance: false } })
    case '/api/admin/tenant.php':
      return async () => ({ query: { id: 'datingstad' } })
    case '/api/admin/staff-create.php':
      return async () => ({ body: { tenant: 'datingstad', email: `nieuw-${crypto.randomUUID()}@staf.example`, password: 'een lang wachtwoord', role: 'moderator' } })
    case '/api/admin/traffic.php':
    case '/api/admin/page-bounces.php':
      return async () => ({ query: { tenant: 'datingstad' } })
    case '/api/admin/overview.php':
      return async () => ({ query: { days: '7' } })
    case '/api/admin/members.php':
      return async () => ({ query: { q: 'member' } })
    case '/api/admin/member.php':
      return async () => ({ query: { id: String((await member()).id) } })
    case '/api/admin/member-ban.php':
      return async () => ({ body: { id: (await member()).id, reason: 'spam in chats' } })
    case '/api/admin/member-unban.php':
      return async () => ({ body: { id: (await member('banned')).id, reason: 'bezwaar toegekend' } })
    case '/api/admin/member-credits.php':
      return async () => ({ body: { id: (await member()).id, delta: 5, reason: 'goodwill na storing', request_id: crypto.randomUUID() } })
    case '/api/admin/complaint.php':
      return async () => ({ body: { id: (await complaint()).id, status: 'in_progress' } })
    case '/api/admin/complaint-reply.php':
      return async () => ({ body: { id: (await complaint()).id, message: 'Bedankt voor je melding, we kijken ernaar.' } })
    case '/api/admin/photos.php':
      if (def.method === 'GET') return async () => ({})
      return async () => {
        const owner = await member()
        const [p] = await db.insert(photos).values({ pool: 'main', accountId: owner.id, filename: 'x.jpg', thumbFilename: 'x-t.jpg', blurredFilename: 'x-b.jpg' }).returning()
        return { body: { id: p.id, action: 'approve' } }
      }
    case '/api/admin/operator-vulnerable.php':
      if (def.method === 'GET') return async () => ({ query: { conversation_id: String(await waiting()) } })
      return async () => ({ body: { conversation_id: await waiting(), reason: 'schrijft over schulden' } })
    case '/api/admin/member-vulnerable.php': {
      const marked = async () => {
        const m = await member()
        await db.update(accounts).set({ vulnerableAt: new Date() }).where(eq(accounts.id, m.id))
        return m.id
      }
      if (def.method === 'GET') return async () => ({ query: { id: String(await marked()) } })
      return async () => ({ body: { id: await marked(), reason: 'gebeld, gaat goed' } })
    }
    case '/api/admin/profile-texts.php':
      if (def.method === 'GET') return async () => ({})
      return async () => {
        // A member's texts waiting for review, at a millisecond time (what the queue hands the console).
        const owner = await member()
        const at = new Date(Date.now() - 60_000)
        await db.update(profiles).set({ about: 'Ik wandel graag.', textStatus: 'pending', textSubmittedAt: at }).where(eq(profiles.accountId, owner.id))
        return { body: { account_id: owner.id, action: 'approve', submitted_at: at.toISOString() } }
      }
    default:
      return async () => ({})
  }
}

describeEachDb('console policy', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  const cookies = new Map<StaffRole, string>()
  let memberCookie: string

  beforeAll(async () => {
    app = suite.app
    const { db } = suite.database
    for (const role of STAFF_ROLES) cookies.set(role, (await staffCookie(db, app, role, { email: `${role}@staff.example` })).cookie)
    memberCookie = (await loggedInMember(app, db, 'lid@example.com')).cookie
  })

  const send = async (def: EndpointDefinition, cookie: string | undefined) => {
    const input = await callFor(def, suite.database.db, () => app, cookie)()
    const qs = input.query ? `?${new URLSearchParams(input.query)}` : ''
    if (input.file) {
      // A multipart upload (a photo as a chat message).
      const boundary = '----policy' + crypto.randomUUID()
      const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), input.file, Buffer.from(`\r\n--${boundary}--\r\n`)])
      return app.inject({ method: def.method, url: def.path + qs, headers: { host: HOST, 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) }, payload })
    }
    return app.inject({ method: def.method, url: def.path + qs, headers: { host: HOST, ...(cookie ? { cookie } : {}) }, ...(input.body ? { payload: input.body } : {}) })
  }

  it('covers every action with an endpoint, and every staff endpoint names its action', () => {
    const used = new Set(ENDPOINTS.map((d) => d.staffAction))
    expect([...used].sort()).toEqual([...STAFF_ACTIONS].sort())
    for (const d of ENDPOINTS) expect(d.session).toBe('staff')
    for (const action of STAFF_ACTIONS) expect(POLICY[action].length).toBeGreaterThan(0)
  })

  it('refuses registering a staff endpoint without its action', () => {
    const { route } = jest.requireActual('../../src/server/endpoint.server') as typeof import('../../src/server/endpoint.server')
    const def = { ...pendingPhotosEndpoint, path: '/api/admin/nothing.php', staffAction: undefined }
    expect(() => route(app, def, async () => ({ photos: [] }))).toThrow(/staffAction/)
  })

  // Logout ends the session it is called with: it runs last for each role.
  const ordered = [...ENDPOINTS.filter((d) => d.path !== '/api/admin/logout.php'), ...ENDPOINTS.filter((d) => d.path === '/api/admin/logout.php')]
  for (const def of ordered) {
    describe(`${def.method} ${def.path} (${def.staffAction})`, () => {
      for (const role of STAFF_ROLES) {
        const allowed = can(role, def.staffAction!)
        it(`${allowed ? 'allows' : 'refuses'} ${role}`, async () => {
          const res = await send(def, cookies.get(role))
          if (allowed) expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.json() }).toEqual({ status: 200, body: 'ok' })
          else expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 403, error: 'forbidden' })
        })
      }
      it('refuses a member session and no session', async () => {
        for (const cookie of [memberCookie, undefined]) {
          const res = await send(def, cookie)
          expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 403, error: 'authentication_required' })
        }
      })
    })
  }
})
