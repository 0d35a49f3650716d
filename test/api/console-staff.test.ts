// Creating staff accounts in the console (issue 13, decision 037 addendum): admin only, the rules of
// npm run staff:create (role, the chosen tenant's pool, a long password, an existing member promoted and logged out),
// audited in the same transaction without the password; the new account logs in to the console with its role.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb } from '../support/db'
import { loggedInMember, staffCookie, suiteApp } from '../support/app'
import { accounts, sessions, staffAudit } from '../../src/db/schema'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'

describeEachDb('console staff accounts', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  let admin: string
  const db = () => suite.database.db
  const create = (cookie: string, body: object) => app.inject({ method: 'POST', url: '/api/admin/staff-create.php', headers: { host: HOST, cookie }, payload: body })

  beforeAll(async () => {
    app = suite.app
    admin = (await staffCookie(db(), app, 'admin')).cookie
  })

  it('makes a moderator in the chosen brand\'s pool who logs in to the console, audited without the password', async () => {
    const email = `mod-${kind}@staf.example`
    const res = await create(admin, { tenant: 'mannenmatch', email, password: 'een lang wachtwoord', role: 'moderator' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ created: true, staff: { email, role: 'moderator', pool: 'gay', tenant_id: 'mannenmatch' } })
    const login = await app.inject({ method: 'POST', url: '/api/admin/login.php', headers: { host: 'mannenmatch.nl' }, payload: { email, password: 'een lang wachtwoord' } })
    expect(login.json().staff).toMatchObject({ email, role: 'moderator', pools: ['gay'] })
    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'staff.create'), eq(staffAudit.targetId, String(res.json().staff.id))))
    expect(audit).toMatchObject({ staffRole: 'admin', pool: 'gay', targetType: 'staff', before: null, after: { email, role: 'moderator', tenant: 'mannenmatch', created: true } })
    expect(JSON.stringify(audit)).not.toContain('een lang wachtwoord')
    expect((await app.inject({ method: 'GET', url: '/api/admin/staff.php', headers: { host: HOST, cookie: admin } })).json().staff.map((s: { email: string }) => s.email)).toContain(email)
  })

  it('promotes an existing member of the pool as staff:create does: the role, member sessions ended', async () => {
    const member = await loggedInMember(app, db(), `wordt-staf-${kind}@example.com`)
    const res = await create(admin, { tenant: 'datingstad', email: member.account.email, password: 'een ander lang wachtwoord', role: 'support' })
    expect(res.json()).toMatchObject({ created: false, staff: { id: member.account.id, role: 'support' } })
    expect(await db().select().from(sessions).where(eq(sessions.accountId, member.account.id))).toHaveLength(0)
    const [audit] = await db().select().from(staffAudit).where(and(eq(staffAudit.action, 'staff.create'), eq(staffAudit.targetId, String(member.account.id))))
    expect(audit.before).toEqual({ role: 'member' })
  })

  it('refuses a short password, an unknown role or brand, and every role but admin', async () => {
    expect((await create(admin, { tenant: 'datingstad', email: `kort-${kind}@staf.example`, password: 'kort', role: 'moderator' })).json().error).toBe('invalid_input')
    expect((await create(admin, { tenant: 'datingstad', email: `rol-${kind}@staf.example`, password: 'een lang wachtwoord', role: 'staff' })).json().error).toBe('invalid_input')
    expect((await create(admin, { tenant: 'nergens', email: `site-${kind}@staf.example`, password: 'een lang wachtwoord', role: 'moderator' })).json().error).toBe('not_found')
    for (const role of ['moderator', 'marketer', 'support', 'chat_operator']) {
      const cookie = (await staffCookie(db(), app, role)).cookie
      const res = await create(cookie, { tenant: 'datingstad', email: `door-${role}-${kind}@staf.example`, password: 'een lang wachtwoord', role: 'admin' })
      expect({ role, status: res.statusCode, error: res.json().error }).toEqual({ role, status: 403, error: 'forbidden' })
    }
    expect(await db().select().from(accounts).where(eq(accounts.email, `door-support-${kind}@staf.example`))).toHaveLength(0)
  })
})
