import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, hostOf, makeTestApp, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { complaints, accounts, devMails } from '../../src/db/schema'

jest.setTimeout(60_000)

const SETTINGS_FIELDS = [
  'countries', 'name', 'index_title', 'description', 'visible_profile_fields', 'geoip_country', 'geoip_selected_country',
  'cdn_prefix', 'visible_profile_notes', 'message_credits', 'photo_credits', 'gift_credits', 'signup_credits', 'message_length',
  'minimum_message_costs', 'support_email', 'support_phone', 'enable_site_entry_popup', 'push_public_key', 'search_fields',
  'domain', 'domain_language', 'fictional_warning', 'fictional_singular', 'fictional_plural', 'refund_days', 'signups',
  'logged_out_search', 'logged_out_search_trafficsource', 'member_resell', 'niche', 'company_id', 'mail_name', 'interests', 'region_data',
]

describeEachDb('foundation API', (kind) => {
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

  const get = (url: string, host = hostOf('datingstad'), headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host, ...headers } })

  describe('UI catalogues', () => {
    it('serves a language catalogue by its content-named address, cached for a year and compressed', async () => {
      const url = app.services.i18n.bundleUrl('fr')
      expect(url).toMatch(/^\/i18n\/fr\.[\w-]{12}\.json$/)
      const plain = await get(url, hostOf('flirtbelgie'), { 'accept-encoding': 'identity' })
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['cache-control']).toContain('immutable')
      const body = plain.json()
      expect(Object.keys(body).sort()).toEqual(['fr', 'nl'])
      expect(body.fr.common.nav).toBeDefined()
      const br = await get(url, hostOf('flirtbelgie'), { 'accept-encoding': 'gzip, br' })
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    })

    it('answers 404 for an old or unknown catalogue name', async () => {
      expect((await get('/i18n/fr.AAAAAAAAAAAA.json')).statusCode).toBe(404)
      expect((await get('/i18n/xx.json')).statusCode).toBe(404)
      expect((await get('/i18n/..%2F..%2Fpackage.json')).statusCode).toBe(404)
    })
  })

  describe('tenants and settings', () => {
    it('returns every settings field of SPEC.md section 3 for the tenant of the Host', async () => {
      const res = await get('/api/settings.php')
      expect(res.statusCode).toBe(200)
      const s = res.json()
      for (const f of SETTINGS_FIELDS) expect(s).toHaveProperty(f)
      expect(s.name).toBe('Datingstad')
      expect(s.niche).toBe(1)
      expect(s.message_credits).toBe(10)
      expect(s.minimum_message_costs).toEqual({ NL: { costs: 0.25, currency: 'EUR' } })
      expect(s.support_phone).toBe('0201234567')
      expect(s.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/)
      expect(s.interests[0]).toEqual({ id: 'travel', name: 'Reizen' })
    })

    it('resolves <id>.localhost and each domain to its own tenant', async () => {
      const gay = (await get('/api/settings.php', 'mannenmatch.localhost:3000')).json()
      expect(gay.name).toBe('MannenMatch')
      expect(gay.niche).toBe(7)
      const milf = (await get('/api/settings.php', 'www.rijpedates.nl')).json()
      expect(milf.niche).toBe(6)
      expect(milf.signups).toBe('with_trafficsource')
    })

    it('takes geoip_country from the client address with the offline database', async () => {
      const be = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'flirtbelgie.be' }, remoteAddress: '81.82.1.1' })
      expect(be.json().geoip_country).toBe('BE')
      expect(be.json().geoip_selected_country).toBe('BE')
      expect(be.json().locales).toEqual(['nl', 'fr', 'de'])
      const nl = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'datingstad.nl' }, remoteAddress: '145.53.1.1' })
      expect(nl.json().geoip_country).toBe('NL')
      const local = await get('/api/settings.php')
      expect(local.json().geoip_country).toBeNull()
      expect(local.json().geoip_selected_country).toBe('NL')
    })

    it('answers an unknown host clearly, as JSON for the API and as a page otherwise', async () => {
      const api = await get('/api/settings.php', 'unknown.example')
      expect(api.statusCode).toBe(404)
      expect(api.json().error).toBe('unknown_host')
      const page = await get('/', 'unknown.example')
      expect(page.statusCode).toBe(404)
      expect(page.body).toContain('Onbekende website')
      const garbage = await get('/', 'bad host!!')
      expect(garbage.statusCode).toBe(404)
      const preview = await get('/', 'localhost:3000')
      expect(preview.statusCode).toBe(200)
      expect(preview.body).toContain('http://mannenmatch.localhost:3000/')
    })

    it('serves interests, regions for every served country, and company info, with cache headers', async () => {
      const interests = await get('/api/interests.php', 'mannenmatch.nl')
      expect(interests.headers['cache-control']).toContain('max-age')
      expect(interests.json().interests).toHaveLength(15)
      const regions = (await get('/api/regions.php', 'mannenmatch.nl')).json()
      expect(regions.countries.map((c: { country: string }) => c.country)).toEqual(['NL', 'DE'])
      const nl = regions.countries[0].regions.map((r: { code: string }) => r.code)
      expect(nl).toContain('NL-NH')
      expect(nl).toHaveLength(12)
      const be = (await get('/api/regions.php', 'flirtbelgie.be')).json().countries[0].regions.map((r: { code: string }) => r.code)
      expect(be).toEqual(expect.arrayContaining(['BE-VAN', 'BE-BRU', 'BE-WLG']))
      expect(be).toHaveLength(11)
      const company = (await get('/api/companyinfo.php', 'flirtbelgie.be')).json()
      expect(company).toMatchObject({ name: 'Brabo Online BV', kvk: '0712.345.678', city: 'Antwerpen', country: 'BE', support_phone: '+3231234567', delete_discount: 30 })
      expect(company.vat_numbers).toEqual(['BE0712345678'])
    })

    it('localizes settings in the language of the cookie when the tenant offers it', async () => {
      const fr = (await get('/api/settings.php', 'flirtbelgie.be', { cookie: 'lang=fr' })).json()
      expect(fr.fictional_singular).toBe('Profil fictif')
      expect(fr.locale).toBe('fr')
      // Not offered by this tenant: ignored.
      const it = (await get('/api/settings.php', 'datingstad.nl', { cookie: 'lang=it' })).json()
      expect(it.locale).toBe('nl')
    })
  })

  describe('sessions', () => {
    it('logs in with e-mail and password and sets a host-only httpOnly 30-day cookie', async () => {
      const { account, password } = await createMember(database.db, { email: 'Anna@Example.com', name: 'Anna' })
      const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'anna@example.com', password } })
      expect(res.statusCode).toBe(200)
      expect(res.json().user).toMatchObject({ id: account.id, status: 'active', credits: 0, paid_user: false, profile: { name: 'Anna', country: 'NL', main_image: null } })
      expect(res.json().user).not.toHaveProperty('password_hash')
      expect(JSON.stringify(res.json())).not.toContain('argon2')
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] as string).find((c) => c.startsWith('sid='))!
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).toMatch(/Max-Age=2592000/)
      expect(cookie).not.toMatch(/Domain=/i)

      const me = await get('/api/user.php', 'datingstad.nl', { cookie: sessionCookie(res.headers['set-cookie']) })
      expect(me.statusCode).toBe(200)
      expect(me.json().user.id).toBe(account.id)
    })

    it('answers wrong credentials and unknown addresses the same way', async () => {
      const { password } = await createMember(database.db, { email: 'bram@example.com' })
      const wrong = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'bram@example.com', password: password + 'x' } })
      const unknown = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'nobody@example.com', password } })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json()).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' })
      expect(unknown.json()).toEqual(wrong.json())
    })

    it('keeps pools apart: an account of one pool cannot log in on a tenant of another', async () => {
      const { password } = await createMember(database.db, { email: 'gaylord@example.com', pool: 'gay', tenantId: 'mannenmatch' })
      const other = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'gaylord@example.com', password } })
      expect(other.statusCode).toBe(401)
      const own = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'mannenmatch.nl' }, payload: { email: 'gaylord@example.com', password } })
      expect(own.statusCode).toBe(200)
      // A session of the gay pool is worth nothing on a main-pool domain.
      const cookie = sessionCookie(own.headers['set-cookie'])
      expect((await get('/api/user.php', 'datingstad.nl', { cookie })).statusCode).toBe(403)
    })

    it('blocks an account after too many failures, counted per account', async () => {
      const { password } = await createMember(database.db, { email: 'carla@example.com' })
      let last
      for (let i = 0; i < 5; i++) {
        last = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'carla@example.com', password: 'nope' } })
      }
      expect(last!.statusCode).toBe(429)
      expect(last!.json().message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.')
      const right = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'carla@example.com', password } })
      expect(right.statusCode).toBe(429)
    })

    it('answers member-only calls without a session with 403 authentication_required', async () => {
      const res = await get('/api/user.php')
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ error: 'authentication_required', authentication_required: true })
      const put = await app.inject({ method: 'PUT', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { language: 'nl' } })
      expect(put.statusCode).toBe(403)
    })

    it('logs out on the server: the old cookie no longer works', async () => {
      const { password } = await createMember(database.db, { email: 'dirk@example.com' })
      const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'dirk@example.com', password } })
      const cookie = sessionCookie(login.headers['set-cookie'])
      const out = await get('/api/logout.php', 'datingstad.nl', { cookie })
      expect(out.statusCode).toBe(200)
      expect((await get('/api/user.php', 'datingstad.nl', { cookie })).statusCode).toBe(403)
    })

    it('stores the language of a member with PUT /api/user.php and sets the 365-day cookie', async () => {
      const { account, password } = await createMember(database.db, { email: 'eva@example.be', tenantId: 'flirtbelgie' })
      const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'flirtbelgie.be' }, payload: { email: 'eva@example.be', password } })
      const cookie = sessionCookie(login.headers['set-cookie'])
      const res = await app.inject({ method: 'PUT', url: '/api/user.php', headers: { host: 'flirtbelgie.be', cookie }, payload: { language: 'fr' } })
      expect(res.statusCode).toBe(200)
      expect(res.json().user.language).toBe('fr')
      expect(String(res.headers['set-cookie'])).toMatch(/lang=fr.*Max-Age=31536000/)
      const [row] = await database.db.select().from(accounts).where(eq(accounts.id, account.id))
      expect(row.language).toBe('fr')
      const bad = await app.inject({ method: 'PUT', url: '/api/user.php', headers: { host: 'flirtbelgie.be', cookie }, payload: { language: 'it' } })
      expect(bad.statusCode).toBe(400)
      // A member's own language is used when no cookie says otherwise.
      const settings = (await get('/api/settings.php', 'flirtbelgie.be', { cookie })).json()
      expect(settings.locale).toBe('fr')
    })

    it('refuses a state-changing request from another origin', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: { host: 'datingstad.nl', origin: 'https://evil.example' },
        payload: { email: 'a@b.nl', password: 'x' },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('forbidden_origin')
    })

    it('answers bad input with a localized 4xx, never a 500', async () => {
      const badJson = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl', 'content-type': 'application/json' }, payload: '{"email":' })
      expect(badJson.statusCode).toBe(400)
      expect(badJson.json()).toEqual({ error: 'invalid_json', message: 'De gegevens van dit verzoek konden niet gelezen worden.' })
      const missing = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: {} })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().fields.email).toBe('Dit veld is verplicht.')
    })
  })

  it('describes the API in /api/openapi.json, generated from the zod contracts', async () => {
    const doc = (await get('/api/openapi.json')).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/like.php'].post.requestBody.content['application/json'].schema.required).toEqual(['id'])
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/settings.php', '/api/signup.php', '/api/complaints.php']))
  })

  describe('complaints', () => {
    it('stores a complaint for the tenant and confirms it with its number', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/complaints.php',
        headers: { host: 'rijpedates.nl' },
        payload: { name: 'Jan', email: 'jan@example.nl', subject: 'Betaling', message: 'Mijn credits kwamen niet aan.' },
      })
      expect(res.statusCode).toBe(201)
      const { id } = res.json()
      const [row] = await database.db.select().from(complaints).where(eq(complaints.id, id))
      expect(row).toMatchObject({ tenantId: 'rijpedates', pool: 'main', subject: 'Betaling', email: 'jan@example.nl' })
      expect(res.json().reference).toBe(`K${new Date().getUTCFullYear()}-${String(id).padStart(5, '0')}`)
    })

    it('mails each complaint to the tenant support address with its reference, and the receipt to the member in their language', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/complaints.php',
        headers: { host: 'flirtbelgie.be', cookie: 'lang=fr' },
        payload: { name: 'Léa', email: 'lea.klacht@example.be', subject: 'Faux profil', message: 'Ce profil est faux.\nMerci.', profile_url: 'https://flirtbelgie.be/members/12' },
      })
      expect(res.statusCode).toBe(201)
      const { reference } = res.json()
      await app.services.jobs.runDue()
      const [support] = await database.db.select().from(devMails).where(eq(devMails.to, 'help@flirtbelgie.be'))
      expect(support.subject).toBe(`Klacht ${reference}: Faux profil`)
      expect(support.text).toContain('Nieuwe klacht via FlirtBelgië van Léa (lea.klacht@example.be)')
      expect(support.text).toContain('Ce profil est faux.\nMerci.')
      expect(support.text).toContain('https://flirtbelgie.be/members/12')
      expect((support.headers as Record<string, string>)['Reply-To']).toBe('lea.klacht@example.be')
      const [receipt] = await database.db.select().from(devMails).where(eq(devMails.to, 'lea.klacht@example.be'))
      expect(receipt.subject).toBe(`Nous avons reçu votre réclamation (numéro ${reference})`)
      expect(receipt.text).toContain('Vous recevrez une réponse détaillée sous 14 jours.')
      expect(receipt.text).toContain('help@flirtbelgie.be')
      expect((receipt.headers as Record<string, string>)['List-Unsubscribe']).toBeUndefined()
    })

    it('answers invalid fields with the Dutch messages', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/complaints.php',
        headers: { host: 'datingstad.nl' },
        payload: { name: '', email: 'geen-mail', subject: 'x', message: 'y'.repeat(5001) },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().fields).toEqual({ name: 'Dit veld is verplicht.', email: 'Ongeldige e-mail', message: 'Maximaal 5000 tekens.' })
    })
  })
})
