import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, makeTestApp, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, creditLedger, devMails, jobs, oneTimeTokens, profiles } from '../../src/db/schema'
import { ageOf } from '../../src/features/accounts/signup.server'
import { suggestEmail } from '../../src/shared/email-suggest'

jest.setTimeout(60_000)

const adultDob = '1990-05-17'

describe('signup rules without a database', () => {
  it('computes ages and refuses impossible dates', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    expect(ageOf('2008-11-22', now)).toBe(18)
    expect(ageOf('2008-11-23', now)).toBe(17)
    expect(ageOf('2001-02-29', now)).toBeUndefined()
    expect(ageOf('17-05-1990', now)).toBeUndefined()
  })

  it('suggests the right domain for mistyped providers', () => {
    expect(suggestEmail('anna@gmial.com')).toBe('anna@gmail.com')
    expect(suggestEmail('piet@hotmial.nl')).toBe('piet@hotmail.nl')
    expect(suggestEmail('els@telenet.bee')).toBe('els@telenet.be')
    expect(suggestEmail('jan@ziggo.nl')).toBeUndefined()
    expect(suggestEmail('jan@mijnbedrijf.nl')).toBeUndefined()
  })
})

describeEachDb('accounts API', (kind) => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  // Each request gets its own client address unless a test sets one (the signup limit counts per address).
  let ip = 0
  const post = (url: string, payload: unknown, host = 'datingstad.nl', headers: Record<string, string> = {}, remoteAddress = `192.0.2.${(ip++ % 250) + 1}`) =>
    app.inject({ method: 'POST', url, headers: { host, ...headers }, payload: payload as object, remoteAddress })
  const mailsTo = (to: string) => database.db.select().from(devMails).where(eq(devMails.to, to))
  const linkIn = (text: string) => /(http:\/\/\S+)/.exec(text)![1]

  describe('signup', () => {
    it('creates a not_confirmed account with signup credits, tracking, a session and an activation mail', async () => {
      const res = await post('/api/signup.php', {
        email: 'nieuw@example.nl',
        name: 'Nieuwkomer',
        password: 'geheim1234',
        date_of_birth: adultDob,
        signup_message: 'Hoi!',
        tracking: { network: 'tradetracker', ref: 'abc', sub1: 's1', sub2: 's2', sub3: 's3' },
      })
      expect(res.statusCode).toBe(201)
      const user = res.json().user
      expect(user).toMatchObject({ status: 'not_confirmed', credits: 20, paid_user: false, profile: { name: 'Nieuwkomer', country: 'NL' } })
      const [acc] = await database.db.select().from(accounts).where(eq(accounts.id, user.id))
      expect(acc).toMatchObject({ trackingNetwork: 'tradetracker', trackingRef: 'abc', trackingSub1: 's1', trackingSub2: 's2', trackingSub3: 's3', signupMessage: 'Hoi!', tenantId: 'datingstad', pool: 'main' })
      expect(acc.passwordHash).toMatch(/^\$argon2id\$/)
      const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.accountId, user.id))
      expect(ledger).toEqual([expect.objectContaining({ delta: 20, balanceAfter: 20, reason: 'signup' })])
      // Logged in at once.
      const me = await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie: sessionCookie(res.headers['set-cookie']) } })
      expect(me.json().user.id).toBe(user.id)

      // The activation mail is a durable job, sent by the worker, in Dutch, with a link on the tenant's own domain.
      expect(await mailsTo('nieuw@example.nl')).toHaveLength(0)
      expect(await app.services.jobs.runDue()).toBeGreaterThanOrEqual(1)
      const [mail] = await mailsTo('nieuw@example.nl')
      expect(mail.subject).toBe('Bevestig je e-mailadres voor Datingstad')
      expect(mail.text).toContain('Hallo Nieuwkomer,')
      const link = linkIn(mail.text)
      expect(link).toMatch(/^http:\/\/datingstad\.localhost:3000\/api\/activate\.php\?token=[A-Za-z0-9_-]{43}$/)
      // The token is stored hashed and the sent job keeps no copy of the link.
      const token = new URL(link).searchParams.get('token')!
      const tokens = await database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.accountId, user.id))
      expect(JSON.stringify(tokens)).not.toContain(token)
      const done = await database.db.select().from(jobs)
      expect(JSON.stringify(done.filter((j) => j.doneAt))).not.toContain(token)

      // Activation; the member's open tabs hear of it at once (issue 19, bug 4).
      const heard: string[] = []
      const detach = app.services.realtime.attach(user.id, { send: (data) => heard.push(data) })
      const activate = await app.inject({ url: `/api/activate.php?token=${token}`, headers: { host: 'datingstad.nl' } })
      expect(activate.statusCode).toBe(303)
      expect(activate.headers.location).toBe('/activate/done')
      detach()
      expect(heard.map((d) => JSON.parse(d))).toEqual([{ type: 'account_changed' }])
      const [after] = await database.db.select().from(accounts).where(eq(accounts.id, user.id))
      expect(after.status).toBe('active')
      expect(after.confirmedAt).not.toBeNull()
      // Single use.
      const again = await app.inject({ url: `/api/activate.php?token=${token}`, headers: { host: 'datingstad.nl' } })
      expect(again.headers.location).toBe('/activate/error')
    })

    it('sends the mail in the language of the signup, in the brand of the tenant', async () => {
      const res = await post('/api/signup.php', { email: 'lea@example.be', name: 'Léa', password: 'motdepasse1', date_of_birth: adultDob }, 'flirtbelgie.be', { cookie: 'lang=fr' })
      expect(res.statusCode).toBe(201)
      await app.services.jobs.runDue()
      const [mail] = await mailsTo('lea@example.be')
      expect(mail.html).toContain('FlirtBelgië')
      expect(mail.html).toContain('#c62828')
      expect(linkIn(mail.text)).toMatch(/^http:\/\/flirtbelgie\.localhost:3000\//)
      expect((mail.headers as Record<string, string>).From).toBe('"FlirtBelgië" <noreply@flirtbelgie.be>')
      const [acc] = await database.db.select().from(accounts).where(eq(accounts.email, 'lea@example.be'))
      expect(acc.language).toBe('fr')
    })

    it('answers each rule of SPEC.md section 5 with its message', async () => {
      const res = await post('/api/signup.php', { email: 'anna@gmial.com', name: 'anna@gmial.com', password: 'kort', date_of_birth: '' })
      expect(res.statusCode).toBe(400)
      expect(res.json().fields).toEqual({
        name: 'Je profielnaam moet anders zijn dan je e-mailadres',
        password: 'Je wachtwoord moet minstens 8 tekens hebben.',
        date_of_birth: 'Vul je geboortedatum in (18+ jaar)',
      })
      expect(res.json().suggestion).toBe('anna@gmail.com')
      const bad = await post('/api/signup.php', { email: 'geen-adres', name: '@anna', password: 'lang genoeg', date_of_birth: '2015-01-01' })
      expect(bad.json().fields).toEqual({ email: 'Ongeldige e-mail', name: 'Je profielnaam mag niet met @ beginnen.', date_of_birth: 'Ongeldige geboortedatum.' })
      const malformed = await post('/api/signup.php', { email: 'x@example.nl', name: 'Xander', password: 'lang genoeg', date_of_birth: '1990-02-30' })
      expect(malformed.json().fields.date_of_birth).toBe('Ongeldige geboortedatum.')
    })

    it('offers a login for an existing account, and reactivation for a deleted one', async () => {
      await createMember(database.db, { email: 'bestaat@example.nl' })
      const exists = await post('/api/signup.php', { email: 'Bestaat@example.nl', name: 'Iemand', password: 'lang genoeg', date_of_birth: adultDob })
      expect(exists.statusCode).toBe(409)
      expect(exists.json()).toMatchObject({ error: 'account_exists', message: 'Er bestaat al een account met dit e-mailadres.' })
      await createMember(database.db, { email: 'weg@example.nl', status: 'deleted' })
      const deleted = await post('/api/signup.php', { email: 'weg@example.nl', name: 'Iemand', password: 'lang genoeg', date_of_birth: adultDob })
      expect(deleted.json().error).toBe('account_deleted')
      expect(deleted.json().message).toContain('support@datingstad.nl')
    })

    it('allows signup on a with_trafficsource tenant only with a traffic source', async () => {
      const without = await post('/api/signup.php', { email: 'milf1@example.nl', name: 'Harm', password: 'lang genoeg', date_of_birth: adultDob }, 'rijpedates.nl')
      expect(without.statusCode).toBe(403)
      expect(without.json().error).toBe('signups_closed')
      const withSource = await post('/api/signup.php', { email: 'milf1@example.nl', name: 'Harm', password: 'lang genoeg', date_of_birth: adultDob, tracking: { network: 'daisycon' } }, 'rijpedates.nl')
      expect(withSource.statusCode).toBe(201)
    })

    it('keeps accounts per pool: the same address can sign up in another pool', async () => {
      await createMember(database.db, { email: 'dubbel@example.nl' })
      const res = await post('/api/signup.php', { email: 'dubbel@example.nl', name: 'Dubbel', password: 'lang genoeg', date_of_birth: adultDob }, 'mannenmatch.nl')
      expect(res.statusCode).toBe(201)
      const [acc] = await database.db.select().from(accounts).where(and(eq(accounts.email, 'dubbel@example.nl'), eq(accounts.pool, 'gay')))
      expect(acc.tenantId).toBe('mannenmatch')
      const [profile] = await database.db.select().from(profiles).where(eq(profiles.accountId, acc.id))
      expect(profile.gender).toBeNull()
    })
  })

  it('limits signups per client address', async () => {
    const codes = []
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/signup.php', { email: `burst${i}@example.nl`, name: `Burst ${i}`, password: 'lang genoeg', date_of_birth: adultDob }, 'datingstad.nl', {}, '198.51.100.7')
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201))
    expect(codes[10]).toBe(429)
  })

  describe('activation reminder', () => {
    it('resends the activation mail to a not yet confirmed member only', async () => {
      const res = await post('/api/signup.php', { email: 'opnieuw@example.nl', name: 'Opnieuw', password: 'lang genoeg', date_of_birth: adultDob })
      const cookie = sessionCookie(res.headers['set-cookie'])
      expect(res.json().user.profile.status).toBe('disabled')
      await app.services.jobs.runDue()
      const again = await post('/api/activate-resend.php', {}, 'datingstad.nl', { cookie })
      expect(again.statusCode).toBe(200)
      await app.services.jobs.runDue()
      const mails = await mailsTo('opnieuw@example.nl')
      expect(mails).toHaveLength(2)
      expect(new Set(mails.map((m) => linkIn(m.text))).size).toBe(2)
      expect((await post('/api/activate-resend.php', {})).statusCode).toBe(403)
    })
  })

  describe('password reset', () => {
    it('mails a single-use link; the new password works, ends other sessions and lifts a block', async () => {
      const { account, password } = await createMember(database.db, { email: 'vergeten@example.nl' })
      const login = await post('/api/user.php', { email: 'vergeten@example.nl', password })
      const oldCookie = sessionCookie(login.headers['set-cookie'])
      for (let i = 0; i < 5; i++) await post('/api/user.php', { email: 'vergeten@example.nl', password: 'fout' })

      const req = await post('/api/reset-password.php', { email: 'vergeten@example.nl' })
      expect(req.statusCode).toBe(200)
      await app.services.jobs.runDue()
      const [mail] = await mailsTo('vergeten@example.nl')
      expect(mail.subject).toBe('Nieuw wachtwoord voor Datingstad')
      const token = new URL(linkIn(mail.text)).searchParams.get('token')!
      expect(linkIn(mail.text)).toMatch(/\/reset-password\/do\?token=/)

      const mismatch = await post('/api/reset-password-do.php', { token, password: 'nieuw-wachtwoord', password_repeat: 'anders-wachtwoord' })
      expect(mismatch.json().fields.password_repeat).toBe('De opgegeven wachtwoorden zijn niet gelijk.')
      const ok = await post('/api/reset-password-do.php', { token, password: 'nieuw-wachtwoord', password_repeat: 'nieuw-wachtwoord' })
      expect(ok.statusCode).toBe(200)
      const reuse = await post('/api/reset-password-do.php', { token, password: 'nog-een-keer', password_repeat: 'nog-een-keer' })
      expect(reuse.json().message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan')

      expect((await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie: oldCookie } })).statusCode).toBe(403)
      const fresh = await post('/api/user.php', { email: 'vergeten@example.nl', password: 'nieuw-wachtwoord' })
      expect(fresh.statusCode).toBe(200)
      expect(fresh.json().user.id).toBe(account.id)
    })

    it('answers an unknown address, and too many reset mails, with the spec messages', async () => {
      const unknown = await post('/api/reset-password.php', { email: 'niemand@example.nl' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe('E-mailadres niet gevonden')
      await createMember(database.db, { email: 'vaak@example.nl' })
      for (let i = 0; i < 3; i++) expect((await post('/api/reset-password.php', { email: 'vaak@example.nl' })).statusCode).toBe(200)
      const fourth = await post('/api/reset-password.php', { email: 'vaak@example.nl' })
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json().message).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.')
    })

    it('refuses a token of another pool', async () => {
      await createMember(database.db, { email: 'pool@example.nl' })
      await post('/api/reset-password.php', { email: 'pool@example.nl' })
      await app.services.jobs.runDue()
      const [mail] = await mailsTo('pool@example.nl')
      const token = new URL(linkIn(mail.text)).searchParams.get('token')!
      const other = await post('/api/reset-password-do.php', { token, password: 'nieuw-wachtwoord', password_repeat: 'nieuw-wachtwoord' }, 'mannenmatch.nl')
      expect(other.statusCode).toBe(400)
    })
  })

  describe('settings: password and e-mail address', () => {
    it('changes the password after checking the old one; other sessions end, this one stays', async () => {
      const { password } = await createMember(database.db, { email: 'wijzig@example.nl' })
      const first = sessionCookie((await post('/api/user.php', { email: 'wijzig@example.nl', password })).headers['set-cookie'])
      const second = sessionCookie((await post('/api/user.php', { email: 'wijzig@example.nl', password })).headers['set-cookie'])
      const wrongOld = await post('/api/password.php', { old_password: 'fout', password: 'nieuw-wachtwoord', password_repeat: 'nieuw-wachtwoord' }, 'datingstad.nl', { cookie: first })
      expect(wrongOld.json().fields).toEqual({ old_password: 'Controleer je oude wachtwoord.' })
      const mismatch = await post('/api/password.php', { old_password: password, password: 'nieuw-wachtwoord', password_repeat: 'ander-wachtwoord' }, 'datingstad.nl', { cookie: first })
      expect(mismatch.json().fields).toEqual({ password_repeat: 'De opgegeven wachtwoorden zijn niet gelijk.' })
      const ok = await post('/api/password.php', { old_password: password, password: 'nieuw-wachtwoord', password_repeat: 'nieuw-wachtwoord' }, 'datingstad.nl', { cookie: first })
      expect(ok.statusCode).toBe(200)
      const me = (cookie: string) => app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })
      expect((await me(first)).statusCode).toBe(200)
      expect((await me(second)).statusCode).toBe(403)
      expect((await post('/api/user.php', { email: 'wijzig@example.nl', password: 'nieuw-wachtwoord' })).statusCode).toBe(200)
      expect((await post('/api/password.php', { old_password: 'x', password: 'y', password_repeat: 'y' })).statusCode).toBe(403)
    })

    it('changes the e-mail address once the link mailed to the new address is followed', async () => {
      const { password } = await createMember(database.db, { email: 'oud@example.nl' })
      await createMember(database.db, { email: 'bezet@example.nl' })
      const cookie = sessionCookie((await post('/api/user.php', { email: 'oud@example.nl', password })).headers['set-cookie'])
      const invalid = await post('/api/mail-change.php', { email: 'geen adres' }, 'datingstad.nl', { cookie })
      expect(invalid.json().fields).toEqual({ email: 'Nieuw e-mailadres invalide.' })
      const taken = await post('/api/mail-change.php', { email: 'BEZET@example.nl' }, 'datingstad.nl', { cookie })
      expect(taken.json().fields).toEqual({ email: 'Dit e-mailadres heeft al een account op deze site.' })
      const ok = await post('/api/mail-change.php', { email: 'nieuw-adres@example.nl' }, 'datingstad.nl', { cookie })
      expect(ok.statusCode).toBe(200)
      await app.services.jobs.runDue()
      const [mail] = await mailsTo('nieuw-adres@example.nl')
      expect(mail.subject).toBe('Bevestig je nieuwe e-mailadres voor Datingstad')
      const token = new URL(linkIn(mail.text)).searchParams.get('token')!
      expect(linkIn(mail.text)).toContain('/mail-change/do?token=')
      // Not changed until confirmed.
      expect((await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })).json().user.email).toBe('oud@example.nl')
      const confirm = await post('/api/mail-change-do.php', { token })
      expect(confirm.json()).toEqual({ ok: true, email: 'nieuw-adres@example.nl' })
      expect((await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })).json().user.email).toBe('nieuw-adres@example.nl')
      const reuse = await post('/api/mail-change-do.php', { token })
      expect(reuse.json().message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan')
      expect((await post('/api/user.php', { email: 'nieuw-adres@example.nl', password })).statusCode).toBe(200)
    })
  })

  describe('account deletion', () => {
    it('deletes at once, mails a reactivation link valid 14 days, and a job purges the account afterwards', async () => {
      const { account, password } = await createMember(database.db, { email: 'weg-ermee@example.nl' })
      const cookie = sessionCookie((await post('/api/user.php', { email: 'weg-ermee@example.nl', password })).headers['set-cookie'])
      const wrong = await post('/api/delete-account.php', { password: 'fout', reason: 'no_matches' }, 'datingstad.nl', { cookie })
      // Its own message, not the password change's "Controleer je oude wachtwoord."
      expect(wrong.json().fields.password).toBe('Dit wachtwoord klopt niet. Vul het wachtwoord in waarmee je inlogt.')
      const res = await post('/api/delete-account.php', { password, reason: 'found_partner', reason_text: 'Gevonden!' }, 'datingstad.nl', { cookie })
      expect(res.statusCode).toBe(200)
      expect((await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })).statusCode).toBe(403)
      // The right password tells the member the account is deleted (reactivation by login); see the next test.
      expect((await post('/api/user.php', { email: 'weg-ermee@example.nl', password })).json().error).toBe('account_deleted')
      const signupAgain = await post('/api/signup.php', { email: 'weg-ermee@example.nl', name: 'Terug', password: 'lang genoeg', date_of_birth: adultDob })
      expect(signupAgain.json().error).toBe('account_deleted')

      await app.services.jobs.runDue()
      const [mail] = await mailsTo('weg-ermee@example.nl')
      expect(mail.subject).toBe('Je account bij Datingstad is verwijderd')
      const link = linkIn(mail.text)
      const back = await app.inject({ url: new URL(link).pathname + new URL(link).search, headers: { host: 'datingstad.nl' } })
      expect(back.headers.location).toBe('/login?reactivated=1')
      expect((await post('/api/user.php', { email: 'weg-ermee@example.nl', password })).statusCode).toBe(200)

      // Deleted again, and the grace period passes: the purge job removes the account and its rows.
      const cookie2 = sessionCookie((await post('/api/user.php', { email: 'weg-ermee@example.nl', password })).headers['set-cookie'])
      await post('/api/delete-account.php', { password, reason: 'other' }, 'datingstad.nl', { cookie: cookie2 })
      await database.db.update(accounts).set({ deletedAt: new Date(Date.now() - 15 * 86400_000) }).where(eq(accounts.id, account.id))
      await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.kind, 'account.purge'))
      await app.services.jobs.runDue()
      expect(await database.db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([])
      expect(await database.db.select().from(profiles).where(eq(profiles.accountId, account.id))).toEqual([])
    })

    it('offers reactivation at login with the right password only; a wrong one fails and counts like any other', async () => {
      const { account, password } = await createMember(database.db, { email: 'terug-via-login@example.nl' })
      const email = 'terug-via-login@example.nl'
      const cookie = sessionCookie((await post('/api/user.php', { email, password })).headers['set-cookie'])
      expect((await post('/api/delete-account.php', { password, reason: 'other' }, 'datingstad.nl', { cookie })).statusCode).toBe(200)

      const wrong = await post('/api/user.php', { email, password: 'helemaal fout' })
      const unknown = await post('/api/user.php', { email: 'bestaat-niet-login@example.nl', password: 'helemaal fout' })
      expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'login_failed', message: 'Login mislukt, probeer opnieuw' }])
      expect(wrong.json()).toEqual(unknown.json())
      // Even with reactivate set, a wrong password brings nothing back.
      expect((await post('/api/user.php', { email, password: 'helemaal fout', reactivate: true })).statusCode).toBe(401)
      const [counted] = await database.db.select().from(accounts).where(eq(accounts.id, account.id))
      expect([counted.status, counted.failedLogins]).toEqual(['deleted', 2])

      const told = await post('/api/user.php', { email, password })
      expect(told.statusCode).toBe(403)
      expect(told.json()).toMatchObject({ error: 'account_deleted', message: expect.stringContaining('14 dagen') })
      expect(told.headers['set-cookie']).toBeUndefined()

      const back = await post('/api/user.php', { email, password, reactivate: true })
      expect(back.statusCode).toBe(200)
      const [row] = await database.db.select().from(accounts).where(eq(accounts.id, account.id))
      expect([row.status, row.deletedAt, row.failedLogins]).toEqual(['active', null, 0])
      expect((await database.db.select().from(profiles).where(eq(profiles.accountId, account.id)))[0].searchable).toBe(true)
      // The mailed link is used up with it.
      expect(await database.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.accountId, account.id), eq(oneTimeTokens.purpose, 'reactivate')))).toEqual([])
      const me = await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie: sessionCookie(back.headers['set-cookie']) } })
      expect(me.statusCode).toBe(200)

      // After the grace period the account answers like an unknown address, right password or not.
      await post('/api/delete-account.php', { password, reason: 'other' }, 'datingstad.nl', { cookie: sessionCookie(back.headers['set-cookie']) })
      await database.db.update(accounts).set({ deletedAt: new Date(Date.now() - 15 * 86400_000) }).where(eq(accounts.id, account.id))
      expect((await post('/api/user.php', { email, password, reactivate: true })).json().error).toBe('login_failed')
    })

    it('offers invisible mode as an alternative', async () => {
      const { account, password } = await createMember(database.db, { email: 'pauze@example.nl' })
      const cookie = sessionCookie((await post('/api/user.php', { email: 'pauze@example.nl', password })).headers['set-cookie'])
      const res = await post('/api/invisible.php', { invisible: true }, 'datingstad.nl', { cookie })
      expect(res.json().invisible).toBe(true)
      const [row] = await database.db.select().from(accounts).where(eq(accounts.id, account.id))
      expect(row.invisible).toBe(true)
    })
  })

  describe('the dev mailbox', () => {
    it('lists the mails of the host tenant only', async () => {
      const res = await app.inject({ url: '/dev/mail.json', headers: { host: 'flirtbelgie.be' } })
      expect(res.statusCode).toBe(200)
      const tos = res.json().mails.map((m: { to: string }) => m.to)
      expect(tos).toContain('lea@example.be')
      expect(tos).not.toContain('nieuw@example.nl')
    })
  })
})

describe('the dev mailbox outside development', () => {
  it('does not exist', async () => {
    const database = await openTestDatabase('pglite')
    const app = await makeTestApp(database, { DEV_MAILBOX: 'false' })
    expect((await app.inject({ url: '/dev/mail', headers: { host: 'datingstad.nl' } })).statusCode).toBe(404)
    await app.close()
    await database.close()
  })
})
