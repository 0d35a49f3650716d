// The console's actions through the HTTP API (decision 028): staff login and its lockout, ban (sessions gone,
// open tabs told, login refused), unban, credit correction through the ledger, complaints, the audit log, and
// nothing of another pool for a role that works on one pool.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts, complaints, creditLedger, jobs, sessions, staffAudit } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { createMember, loggedInMember, suiteApp } from '../support/app'
import { hashPassword } from '../../src/features/accounts/passwords.server'
import { ledgerCheck } from '../../src/features/payments/ledger.server'
import { STAFF_MAX_FAILED_LOGINS } from '../../src/features/console/staff-auth.server'
import { STAFF_FAILED_LOGINS_PER_ADDRESS } from '../../src/features/console/routes.server'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'
const PASSWORD = 'a long staff password'

describeEachDb('console API', (kind) => {
  const suite = suiteApp(kind)
  let app: FastifyInstance
  const db = () => suite.database.db

  const staffAccount = async (role: string, email: string, pool = 'main', tenantId = 'datingstad') =>
    (await db().insert(accounts).values({ pool, tenantId, email, status: 'active', role, passwordHash: await hashPassword(PASSWORD) }).returning())[0]
  const staffLogin = async (email: string, host = HOST, password = PASSWORD) => app.inject({ method: 'POST', url: '/api/admin/login.php', headers: { host }, payload: { email, password } })
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object, host = HOST) => app.inject({ method, url, headers: { host, cookie }, ...(payload ? { payload } : {}) })
  const audits = async (action: string) => db().select().from(staffAudit).where(eq(staffAudit.action, action))

  let support: string
  beforeAll(async () => {
    app = suite.app
    await staffAccount('support', 'support@staff.example')
    support = cookieOf(await staffLogin('support@staff.example'))
  })

  it('logs staff in to the console only, with its own cookie; a staff account cannot log in as a member', async () => {
    await staffAccount('admin', 'admin@staff.example')
    const res = await staffLogin('admin@staff.example')
    expect(res.statusCode).toBe(200)
    expect(res.json().staff).toMatchObject({ email: 'admin@staff.example', role: 'admin', pools: ['gay', 'main'] })
    expect(String(res.headers['set-cookie'])).toMatch(/^staff=.*HttpOnly.*SameSite=Strict/i)
    const member = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email: 'admin@staff.example', password: PASSWORD } })
    expect(member.statusCode).toBe(401)
    // A member's login never yields a console session.
    const lid = await loggedInMember(app, db(), 'gewoon@example.com')
    expect((await staffLogin('gewoon@example.com', HOST, 'correct horse battery')).statusCode).toBe(401)
    expect((await call(lid.cookie, 'GET', '/api/admin/me.php')).json().error).toBe('authentication_required')
    expect((await audits('staff.login')).some((a) => a.staffEmail === 'admin@staff.example')).toBe(true)
  })

  it('answers who is logged in to the console with 200: null without a console session, the staff member with one', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/admin/session.php', headers: { host: HOST } })
    expect({ status: none.statusCode, body: none.json() }).toEqual({ status: 200, body: { staff: null } })
    const lid = await loggedInMember(app, db(), 'sessie-lid@example.com')
    expect((await call(lid.cookie, 'GET', '/api/admin/session.php')).json()).toEqual({ staff: null })
    expect((await call(support, 'GET', '/api/admin/session.php')).json().staff).toMatchObject({ email: 'support@staff.example', role: 'support', actions: expect.arrayContaining(['complaints.view']) })
  })

  it('blocks a staff account after 3 wrong passwords, for an hour, also for the right password', async () => {
    await staffAccount('moderator', 'slot@staff.example')
    for (let i = 1; i < STAFF_MAX_FAILED_LOGINS; i++) expect((await staffLogin('slot@staff.example', HOST, 'wrong password!')).statusCode).toBe(401)
    const blocked = await staffLogin('slot@staff.example', HOST, 'wrong password!')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({ error: 'login_blocked', minutes: 60 })
    expect((await staffLogin('slot@staff.example')).statusCode).toBe(429)
    expect((await audits('staff.login_failed')).filter((a) => a.staffEmail === 'slot@staff.example')).toHaveLength(STAFF_MAX_FAILED_LOGINS + 1)
  })

  it('counts only failed console logins per address: a team behind one address logs in freely, guessing stops after 10 failures', async () => {
    const from = (remoteAddress: string, email: string, password = PASSWORD) => app.inject({ method: 'POST', url: '/api/admin/login.php', remoteAddress, headers: { host: HOST }, payload: { email, password } })
    await staffAccount('chat_operator', 'ploeg@staff.example')
    // More successful logins from one address than the failure limit: every one gets in.
    for (let i = 0; i < STAFF_FAILED_LOGINS_PER_ADDRESS + 2; i++) expect((await from('203.0.113.50', 'ploeg@staff.example')).statusCode).toBe(200)
    // Guessing from another address: 10 failures answer 401, the 11th is refused, and then even a right password.
    for (let i = 0; i < STAFF_FAILED_LOGINS_PER_ADDRESS; i++) expect((await from('203.0.113.51', `gok-${i}@staff.example`, 'wrong password!')).statusCode).toBe(401)
    const refused = await from('203.0.113.51', 'gok-x@staff.example', 'wrong password!')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe('too_many_requests')
    expect((await from('203.0.113.51', 'ploeg@staff.example')).statusCode).toBe(429)
    // The team's address is not touched by the guesses.
    expect((await from('203.0.113.50', 'ploeg@staff.example')).statusCode).toBe(200)
  })

  it('bans: every session ends, open tabs get the banned event, login answers account_banned; unban lets the member back in', async () => {
    const m = await loggedInMember(app, db(), 'verbannen@example.com')
    const other = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'rijpedates.nl' }, payload: { email: 'verbannen@example.com', password: 'correct horse battery' } })
    // Logged in on two brands of the pool: both sessions end with the ban.
    expect(other.statusCode).toBe(200)
    const otherCookie = String(other.headers['set-cookie']).split(';')[0]
    const received: string[] = []
    const detach = app.services.realtime.attach(m.account.id, { send: (d) => received.push(d) })
    try {
      const res = await call(support, 'POST', '/api/admin/member-ban.php', { id: m.account.id, reason: 'oplichting in chats' })
      expect(res.json()).toEqual({ status: 'banned' })
      expect(received.map((d) => JSON.parse(d))).toContainEqual({ type: 'banned' })
    } finally {
      detach()
    }
    // Every session is refused on both brands, and says why: an open tab whose socket missed the event (or whose
    // request crossed it) goes to the ban page, not the login page.
    for (const [host, cookie] of [[HOST, m.cookie], ['rijpedates.nl', otherCookie]]) {
      for (const url of ['/api/user.php', '/api/chats.php']) {
        const refused = await app.inject({ url, headers: { host, cookie } })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ error: 'account_banned', authentication_required: true, ban_page: '/pages/ban', message: expect.stringContaining('geblokkeerd') })
      }
    }
    // The send that checks its session in its own statement (a cached session) says it too.
    const sent = await app.inject({ method: 'POST', url: '/api/message.php?member_id=1', headers: { host: HOST, cookie: m.cookie }, payload: { kind: 'text', client_id: crypto.randomUUID(), text: 'Hoi' } })
    expect(sent.json()).toMatchObject({ error: 'account_banned', authentication_required: true })
    // A socket opened with the banned session is closed with 4403, which the tab takes as the banned event.
    const ws = await app.injectWS('/api/ws', { headers: { host: HOST, cookie: m.cookie } })
    expect(await new Promise<number>((resolve) => ws.on('close', (c: number) => resolve(c)))).toBe(4403)
    const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email: 'verbannen@example.com', password: 'correct horse battery' } })
    expect(login.json()).toMatchObject({ error: 'account_banned', ban_page: '/pages/ban' })
    // A wrong password does not tell that the account is banned.
    const wrong = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email: 'verbannen@example.com', password: 'not the password' } })
    expect(wrong.json().error).toBe('login_failed')
    expect((await call(support, 'POST', '/api/admin/member-ban.php', { id: m.account.id, reason: 'nog een keer' })).json().error).toBe('already_banned')
    const [audit] = (await audits('members.ban')).filter((a) => a.targetId === String(m.account.id))
    expect(audit).toMatchObject({ staffEmail: 'support@staff.example', staffRole: 'support', pool: 'main', targetType: 'member', before: { status: 'active' }, after: { status: 'banned', reason: 'oplichting in chats', sessions_ended: 2 } })

    const unban = await call(support, 'POST', '/api/admin/member-unban.php', { id: m.account.id, reason: 'bezwaar toegekend' })
    expect(unban.json()).toEqual({ status: 'active' })
    // The sessions the ban refused never work again: the member logs in anew.
    expect(await db().select().from(sessions).where(eq(sessions.accountId, m.account.id))).toHaveLength(0)
    const old = await app.inject({ url: '/api/user.php', headers: { host: HOST, cookie: m.cookie } })
    expect(old.json()).toMatchObject({ error: 'authentication_required' })
    expect((await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email: 'verbannen@example.com', password: 'correct horse battery' } })).statusCode).toBe(200)
    expect((await audits('members.unban')).find((a) => a.targetId === String(m.account.id))).toMatchObject({ before: { status: 'banned' }, after: { status: 'active', reason: 'bezwaar toegekend' } })
    expect((await call(support, 'POST', '/api/admin/member-unban.php', { id: m.account.id, reason: 'nog een keer' })).json().error).toBe('not_banned')
  })

  it('corrects credits with a ledger entry and its reason, once per request id, never below zero', async () => {
    const { account } = await createMember(db())
    const request_id = crypto.randomUUID()
    const add = await call(support, 'POST', '/api/admin/member-credits.php', { id: account.id, delta: 25, reason: 'storing bij betaling', request_id })
    expect(add.json()).toEqual({ credits: 25, applied: true, delta: 25 })
    const again = await call(support, 'POST', '/api/admin/member-credits.php', { id: account.id, delta: 25, reason: 'storing bij betaling', request_id })
    expect(again.json()).toEqual({ credits: 25, applied: false, delta: 0 })
    const take = await call(support, 'POST', '/api/admin/member-credits.php', { id: account.id, delta: -40, reason: 'dubbel bijgeschreven', request_id: crypto.randomUUID() })
    expect(take.json()).toEqual({ credits: 0, applied: true, delta: -25 })
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.accountId, account.id)).orderBy(creditLedger.id)
    expect(ledger.map((l) => [l.delta, l.reason, l.note, l.shortfall])).toEqual([
      [25, 'correction', 'storing bij betaling', 0],
      [-25, 'correction', 'dubbel bijgeschreven', 15],
    ])
    expect(await ledgerCheck(db(), account.id)).toEqual({ balance: 0, sum: 0 })
    const corrections = (await audits('credits.correct')).filter((a) => a.targetId === String(account.id))
    expect(corrections.map((a) => [a.before, (a.after as { credits: number }).credits])).toEqual([[{ credits: 0 }, 25], [{ credits: 25 }, 0]])
    const bad = await call(support, 'POST', '/api/admin/member-credits.php', { id: account.id, delta: 0, reason: 'x', request_id: 'short' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['delta', 'reason', 'request_id'])
  })

  it('shows a member whole (profile, ledger, logins, audit) and logs the look', async () => {
    const m = await loggedInMember(app, db(), 'bekeken@example.com')
    const found = (await call(support, 'GET', '/api/admin/members.php?q=bekeken')).json().members
    expect(found.map((x: { id: number }) => x.id)).toEqual([m.account.id])
    expect((await call(support, 'GET', `/api/admin/members.php?q=${m.account.id}`)).json().members[0].email).toBe('bekeken@example.com')
    const detail = (await call(support, 'GET', `/api/admin/member.php?id=${m.account.id}`)).json()
    expect(detail.member).toMatchObject({ email: 'bekeken@example.com', tenant_id: 'datingstad', status: 'active' })
    expect(detail.logins).toHaveLength(1)
    expect((await audits('members.view')).some((a) => a.targetId === String(m.account.id))).toBe(true)
    // Staff accounts are not members: never found.
    expect((await call(support, 'GET', '/api/admin/members.php?q=staff.example')).json().members).toEqual([])
  })

  it('keeps a one-pool role to its pool: another pool\'s member and complaints are not found', async () => {
    const gay = await createMember(db(), { pool: 'gay', tenantId: 'mannenmatch', email: 'ander-pool@example.com' })
    expect((await call(support, 'GET', '/api/admin/members.php?q=ander-pool')).json().members).toEqual([])
    expect((await call(support, 'GET', `/api/admin/member.php?id=${gay.account.id}`)).statusCode).toBe(404)
    expect((await call(support, 'POST', '/api/admin/member-ban.php', { id: gay.account.id, reason: 'niet van mij' })).statusCode).toBe(404)
    expect((await call(support, 'POST', '/api/admin/member-credits.php', { id: gay.account.id, delta: 5, reason: 'niet van mij', request_id: crypto.randomUUID() })).statusCode).toBe(404)
    expect((await db().select().from(accounts).where(eq(accounts.id, gay.account.id)))[0]).toMatchObject({ status: 'active', credits: 0 })
    const [c] = await db().insert(complaints).values({ pool: 'gay', tenantId: 'mannenmatch', name: 'A', email: 'a@example.com', subject: 'S', message: 'Een klacht hier.' }).returning()
    const list = (await call(support, 'GET', '/api/admin/complaints.php')).json().complaints
    expect(list.map((x: { id: number }) => x.id)).not.toContain(c.id)
    expect((await call(support, 'POST', '/api/admin/complaint.php', { id: c.id, status: 'closed' })).statusCode).toBe(404)
    // The overview of a marketer of pool main lists main's brands only.
    await staffAccount('marketer', 'marketing@staff.example')
    const marketer = cookieOf(await staffLogin('marketing@staff.example'))
    const tenants = (await call(marketer, 'GET', '/api/admin/overview.php')).json().tenants.map((t: { id: string }) => t.id)
    expect(tenants).toEqual(expect.arrayContaining(['datingstad', 'flirtbelgie', 'rijpedates']))
    expect(tenants).not.toContain('mannenmatch')
  })

  it('handles a complaint: assignment, status, reply by e-mail, all audited', async () => {
    const [c] = await db().insert(complaints).values({ pool: 'main', tenantId: 'datingstad', name: 'Klaas', email: 'klaas@example.com', subject: 'Nep profiel', message: 'Dit profiel is nep.' }).returning()
    const me = (await call(support, 'GET', '/api/admin/me.php')).json().staff
    const list = (await call(support, 'GET', '/api/admin/complaints.php?status=open')).json()
    expect(list.complaints.map((x: { id: number }) => x.id)).toContain(c.id)
    expect(list.assignees.map((a: { id: number }) => a.id)).toContain(me.id)
    const assigned = await call(support, 'POST', '/api/admin/complaint.php', { id: c.id, assigned_to: me.id })
    expect(assigned.json().complaint).toMatchObject({ assigned_to: me.id, status: 'open' })
    const { account: member } = await createMember(db())
    expect((await call(support, 'POST', '/api/admin/complaint.php', { id: c.id, assigned_to: member.id })).json().fields).toHaveProperty('assigned_to')
    const reply = await call(support, 'POST', '/api/admin/complaint-reply.php', { id: c.id, message: 'We hebben het profiel verwijderd. Dank je wel!' })
    expect(reply.json().complaint).toMatchObject({ status: 'in_progress', reply: 'We hebben het profiel verwijderd. Dank je wel!' })
    const mails = await db().select().from(jobs).where(eq(jobs.kind, 'mail.send'))
    const mail = mails.map((j) => j.payload as { kind: string; to: string; vars: { id: number } }).find((p) => p.kind === 'complaint_reply' && p.vars.id === c.id)
    expect(mail).toMatchObject({ to: 'klaas@example.com' })
    await app.services.jobs.runDue()
    const closed = await call(support, 'POST', '/api/admin/complaint.php', { id: c.id, status: 'closed' })
    expect(closed.json().complaint.status).toBe('closed')
    const trail = await db().select().from(staffAudit).where(and(eq(staffAudit.targetType, 'complaint'), eq(staffAudit.targetId, String(c.id)))).orderBy(staffAudit.id)
    expect(trail.map((a) => a.action)).toEqual(['complaints.update', 'complaints.reply', 'complaints.update'])
    expect(trail[2]).toMatchObject({ before: { status: 'in_progress' }, after: { status: 'closed' } })
  })

  it('shows a complaint a member files through the complaints form in the inbox of its pool, open and unassigned', async () => {
    const filed = await app.inject({
      method: 'POST', url: '/api/complaints.php', headers: { host: 'datingstad.nl' },
      payload: { name: 'Petra', email: 'petra@example.com', subject: 'Lastig lid', message: 'Dit lid blijft me berichten sturen.', profile_url: 'https://datingstad.nl/members/1' },
    })
    expect(filed.statusCode).toBe(201)
    const inbox = (await call(support, 'GET', '/api/admin/complaints.php?status=open')).json().complaints as { subject: string; email: string; status: string; assigned_to: number | null; tenant_id: string }[]
    expect(inbox.find((x) => x.email === 'petra@example.com')).toMatchObject({ subject: 'Lastig lid', status: 'open', assigned_to: null, tenant_id: 'datingstad' })
    // Another pool's support does not see it.
    await staffAccount('support', 'support-gay@staff.example', 'gay', 'mannenmatch')
    const gay = cookieOf(await staffLogin('support-gay@staff.example', 'mannenmatch.nl'))
    expect((await call(gay, 'GET', '/api/admin/complaints.php', undefined, 'mannenmatch.nl')).json().complaints.some((x: { email: string }) => x.email === 'petra@example.com')).toBe(false)
  })

  it('shows the audit log to an admin, newest first', async () => {
    const admin = cookieOf(await staffLogin('admin@staff.example'))
    const entries = (await call(admin, 'GET', '/api/admin/audit.php')).json().entries
    expect(entries.length).toBeGreaterThan(5)
    expect(entries[0].id).toBeGreaterThan(entries[1].id)
    const bans = (await call(admin, 'GET', '/api/admin/audit.php?action=members.ban')).json().entries
    expect(bans.every((e: { action: string }) => e.action === 'members.ban')).toBe(true)
  })
})
