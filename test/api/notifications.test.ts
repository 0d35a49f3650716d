import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, makeTestApp, sessionCookie, staffCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, devMails, notificationSettings } from '../../src/db/schema'

jest.setTimeout(60_000)
const SECRET = 'mail-events-secret-for-tests'

describeEachDb('notifications API', (kind) => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database, { MAIL_EVENTS_SECRET: SECRET })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const login = async (email: string) => {
    const { password } = await createMember(database.db, { email })
    const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email, password } })
    return sessionCookie(res.headers['set-cookie'])
  }
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { host: 'datingstad.nl', ...(cookie ? { cookie } : {}), ...headers }, payload })

  it('reads and switches each e-mail type, push and invisible mode', async () => {
    const cookie = await login('meld@example.nl')
    const initial = (await call('GET', '/api/notifications.php', cookie)).json().notifications
    // The newsletter is opt-in (GDPR: no pre-ticked consent).
    expect(initial).toEqual({ email_messages: true, email_likes: true, email_matches: true, email_newsletter: false, push: true, invisible: false, disabled_reasons: [] })
    const changed = (await call('PUT', '/api/notifications.php', cookie, { email_likes: false, push: false, invisible: true })).json().notifications
    expect(changed).toMatchObject({ email_likes: false, push: false, invisible: true, email_messages: true })
    expect((await call('GET', '/api/notifications.php')).statusCode).toBe(403)
    expect((await call('PUT', '/api/notifications.php', cookie, { email_likes: 'ja' })).statusCode).toBe(400)
  })

  it('stores newsletter consent with its time and source, its withdrawal, and exports the subscribers as CSV for staff only', async () => {
    const email = 'nieuwsbrief@example.nl'
    const cookie = await login(email)
    const before = Date.now()
    expect((await call('PUT', '/api/notifications.php', cookie, { email_newsletter: true })).json().notifications.email_newsletter).toBe(true)
    const [account] = await database.db.select().from(accounts).where(eq(accounts.email, email))
    const row = async () => (await database.db.select().from(notificationSettings).where(eq(notificationSettings.accountId, account.id)))[0]
    const given = await row()
    expect(given.newsletterConsentSource).toBe('notifications_page')
    expect(given.newsletterConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(given.newsletterWithdrawnAt).toBeNull()
    // Saving again keeps the first consent's time.
    await call('PUT', '/api/notifications.php', cookie, { email_newsletter: true, push: false })
    expect((await row()).newsletterConsentAt).toEqual(given.newsletterConsentAt)

    // Console staff whose role may export (admin, marketer) get the list; a moderator, members and visitors do not.
    const staffEmail = 'staf-nieuwsbrief@example.nl'
    const staffOf = async (email: string, role: string) => (await staffCookie(database.db, app, role, { email })).cookie
    const marketer = await staffOf(staffEmail, 'marketer')
    expect((await call('GET', '/api/admin/newsletter.csv')).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/newsletter.csv', cookie)).json().error).toBe('authentication_required')
    expect((await call('GET', '/api/admin/newsletter.csv', await staffOf('moderator-nieuwsbrief@example.nl', 'moderator'))).json().error).toBe('forbidden')
    const csv = await call('GET', '/api/admin/newsletter.csv', marketer)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-main-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,email,site,language,consent_at,consent_source')
    expect(lines).toContain(`${account.id},${email},datingstad,nl,${given.newsletterConsentAt!.toISOString()},notifications_page`)
    // The staff member gave no consent: not listed.
    expect(csv.body).not.toContain(staffEmail)

    // Withdrawn: the time is kept, the member leaves the list.
    await call('PUT', '/api/notifications.php', cookie, { email_newsletter: false })
    expect((await row()).newsletterWithdrawnAt).not.toBeNull()
    expect((await call('GET', '/api/admin/newsletter.csv', marketer)).body).not.toContain(email)
  })

  it('turns e-mail off on a bounce or spam report, shows why, and lets the member turn it on again', async () => {
    const cookie = await login('stuiter@example.nl')
    expect((await call('POST', '/api/mail-events.php', undefined, { email: 'stuiter@example.nl', type: 'bounce' })).statusCode).toBe(404)
    expect((await call('POST', '/api/mail-events.php', undefined, { email: 'stuiter@example.nl', type: 'bounce' }, { 'x-mail-events-secret': 'wrong-secret-wrong-secret-xx' })).statusCode).toBe(404)
    const ok = await call('POST', '/api/mail-events.php', undefined, { email: 'Stuiter@example.nl', type: 'bounce' }, { 'x-mail-events-secret': SECRET })
    expect(ok.json()).toEqual({ ok: true, accounts: 1 })
    await call('POST', '/api/mail-events.php', undefined, { email: 'stuiter@example.nl', type: 'complaint' }, { 'x-mail-events-secret': SECRET })
    const me = (await call('GET', '/api/user.php', cookie)).json().user
    expect(me.notifications_disabled.sort()).toEqual(['bounce', 'fbl'])
    const enabled = (await call('POST', '/api/notifications-enable.php', cookie, {})).json().notifications
    expect(enabled.disabled_reasons).toEqual([])
  })

  it('stores a push subscription with POST /api/user.php?push=1 for the member', async () => {
    const cookie = await login('push@example.nl')
    const subscription = { endpoint: 'https://push.example.net/send/abc123', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }
    const res = await call('POST', '/api/user.php?push=1', cookie, { subscription })
    expect(res.statusCode).toBe(200)
    expect(res.json().push).toBe(true)
    const again = await call('POST', '/api/user.php?push=1', cookie, { subscription })
    expect(again.statusCode).toBe(200)
    const rows = (await database.db.execute("select endpoint from push_subscriptions where endpoint = 'https://push.example.net/send/abc123'" as never)) as unknown as { rows: unknown[] }
    expect(rows.rows).toHaveLength(1)
    expect((await call('POST', '/api/user.php?push=1', undefined, { subscription })).statusCode).toBe(403)
    expect((await call('POST', '/api/user.php?push=1', cookie, { subscription: { ...subscription, endpoint: 'http://insecure.example' } })).statusCode).toBe(400)
  })

  it('serves the service worker (version 2) from the root', async () => {
    const sw = await call('GET', '/sw.js')
    expect(sw.statusCode).toBe(200)
    expect(sw.headers['content-type']).toContain('javascript')
    expect(sw.body).toContain('const VERSION = 2')
  })

  it('puts List-Unsubscribe headers with one-click unsubscribe on member mails', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: 'datingstad.nl' },
      payload: { email: 'afmelden@example.nl', name: 'Afmelder', password: 'lang genoeg', date_of_birth: '1980-01-01' },
    })
    const cookie = sessionCookie(res.headers['set-cookie'])
    await app.services.jobs.runDue()
    const [mail] = await database.db.select().from(devMails).where(eq(devMails.to, 'afmelden@example.nl'))
    const headers = mail.headers as Record<string, string>
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const url = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe'])![1])
    expect(url.origin).toBe('http://datingstad.localhost:3000')
    // A token with its last character changed (to a different one, whatever it was).
    const token = url.searchParams.get('token')!
    const forgedToken = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    // What Gmail and Yahoo post (RFC 8058): a urlencoded form, no cookie, no Origin.
    const oneClickPost = (address: string, payload = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
      app.inject({ method: 'POST', url: address, headers: { host: url.host, 'content-type': type }, payload })
    const forged = await oneClickPost(`/api/unsubscribe.php?token=${forgedToken}`)
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error).toBe('token_invalid')
    const oneClick = await oneClickPost(url.pathname + url.search)
    expect(oneClick.statusCode).toBe(200)
    expect(oneClick.json()).toEqual({ ok: true })
    const me = (await call('GET', '/api/user.php', cookie)).json().user
    expect(me.notifications_disabled).toEqual(['listunsubscribe'])
    // The multipart form of RFC 8058's example is read too.
    const boundary = 'XyZ'
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
    expect((await oneClickPost(url.pathname + url.search, multipart, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(200)
  })
})
