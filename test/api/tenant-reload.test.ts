// A tenant switched off (maintenance page, 503 with Retry-After, localized, in its look) and a domain moved to another
// tenant, both by reading the tenant files again in the running app: no restart, no session lost (decision 027).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/client.server'
import { reloadTenants, reloadTenantsLive } from '../../src/server/tenants.server'
import { themeFor } from '../../themes/build-theme'
import { openTestDatabase } from '../support/db'
import { loggedInMember, makeTestApp } from '../support/app'

// Opening the test database (migrations on PGlite) takes seconds on a loaded machine, as in the other API suites.
jest.setTimeout(60_000)

/** The demo tenant files copied into a folder of their own, importing the schema from the project. */
function copyTenants(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-reload-'))
  for (const f of fs.readdirSync(path.resolve('tenants'))) {
    fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.resolve('tenants', f), 'utf8').replace('../src/shared', path.resolve('src/shared')))
  }
  return dir
}

function edit(dir: string, id: string, change: (source: string) => string) {
  const file = path.join(dir, `${id}.ts`)
  const before = fs.readFileSync(file, 'utf8')
  const after = change(before)
  expect(after).not.toBe(before)
  fs.writeFileSync(file, after)
}

const switchOff = (s: string) => s.replace("  niche: 1,\n", '  niche: 1,\n  maintenance: true,\n  maintenance_retry_after_minutes: 15,\n')
const switchOn = (s: string) => s.replace('  maintenance: true,\n', '')

describe('tenant reload: maintenance and domain moves without a restart', () => {
  let database: Database
  let app: FastifyInstance
  let dir: string
  const get = (url: string, host: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { host, ...headers } })

  beforeAll(async () => {
    dir = copyTenants()
    database = await openTestDatabase('pglite')
    app = await makeTestApp(database, {}, { tenantsDir: dir })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('switches a tenant off with a localized 503 page in its look, moves a domain, and keeps every session', async () => {
    const dating = await loggedInMember(app, database.db, 'reload-dating@example.com', 'datingstad.nl')
    const rijpe = await loggedInMember(app, database.db, 'reload-rijpe@example.com', 'rijpedates.nl', { tenantId: 'rijpedates' })
    expect((await get('/api/user.php', 'datingstad.nl', { cookie: dating.cookie })).json().user.id).toBe(dating.account.id)

    edit(dir, 'datingstad', (s) => switchOff(s).replace("domains: ['datingstad.nl', 'www.datingstad.nl']", "domains: ['datingstad.nl']"))
    edit(dir, 'rijpedates', (s) => s.replace("domains: ['rijpedates.nl', 'www.rijpedates.nl']", "domains: ['rijpedates.nl', 'www.rijpedates.nl', 'www.datingstad.nl']"))
    const changed = await reloadTenants(app.services.tenants, dir)
    expect(changed).toEqual({ added: [], removed: [], maintenance: ['datingstad'], movedDomains: [{ domain: 'www.datingstad.nl', from: 'datingstad', to: 'rijpedates' }] })

    // The page: 503, Retry-After, Dutch, the brand's name and colours; no session lookup needed.
    const page = await get('/', 'datingstad.nl', { cookie: dating.cookie })
    expect(page.statusCode).toBe(503)
    expect(page.headers['retry-after']).toBe('900')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<html lang="nl">')
    expect(page.body).toContain('Datingstad is tijdelijk niet bereikbaar')
    expect(page.body).toContain('Opnieuw proberen')
    expect(page.body).toContain(`background:${themeFor(app.services.tenants.byId.get('datingstad')!.theme).colors.primary}`)
    expect((await get('/zoeken', 'datingstad.localhost:3000')).statusCode).toBe(503)
    // The API: the error maintenance, with Retry-After.
    const api = await get('/api/settings.php', 'datingstad.nl')
    expect(api.statusCode).toBe(503)
    expect(api.headers['retry-after']).toBe('900')
    expect(api.json()).toEqual({ error: 'maintenance', message: 'Datingstad is tijdelijk niet bereikbaar wegens onderhoud. Probeer het straks opnieuw.' })
    const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email: 'reload-dating@example.com', password: 'correct horse battery' } })
    expect(login.statusCode).toBe(503)
    expect((await get('/health', 'datingstad.nl')).statusCode).toBe(200)

    // The moved domain is the other brand now; that brand's session holds on it and on its own domain.
    expect((await get('/api/settings.php', 'www.datingstad.nl')).json().name).toBe('RijpeDates')
    expect((await get('/api/user.php', 'www.datingstad.nl', { cookie: rijpe.cookie })).json().user.id).toBe(rijpe.account.id)
    expect((await get('/api/user.php', 'rijpedates.nl', { cookie: rijpe.cookie })).json().user.id).toBe(rijpe.account.id)
    // Sessions are per brand: the switched-off brand's session does not log in on the other brand.
    expect((await get('/api/user.php', 'www.datingstad.nl', { cookie: dating.cookie })).statusCode).toBe(403)

    // Switched on again: the session made before the maintenance still holds.
    edit(dir, 'datingstad', switchOn)
    expect((await reloadTenants(app.services.tenants, dir)).maintenance).toEqual([])
    expect((await get('/api/settings.php', 'datingstad.nl')).statusCode).toBe(200)
    expect((await get('/api/user.php', 'datingstad.nl', { cookie: dating.cookie })).json().user.id).toBe(dating.account.id)
  })

  it('localizes the maintenance page by the language cookie and the browser among the tenant languages', async () => {
    edit(dir, 'flirtbelgie', (s) => s.replace("  niche: ", '  maintenance: true,\n  niche: '))
    await reloadTenants(app.services.tenants, dir)
    expect((await get('/', 'flirtbelgie.be', { 'accept-language': 'fr-BE,fr;q=0.9' })).body).toContain('FlirtBelgië est temporairement indisponible')
    expect((await get('/', 'flirtbelgie.be', { cookie: 'lang=de' })).body).toContain('FlirtBelgië ist vorübergehend nicht erreichbar')
    const english = await get('/api/settings.php', 'flirtbelgie.be', { 'accept-language': 'en' })
    expect(english.json().message).toMatch(/^FlirtBelgië is tijdelijk niet bereikbaar/)
    edit(dir, 'flirtbelgie', (s) => s.replace('  maintenance: true,\n', ''))
    await reloadTenants(app.services.tenants, dir)
  })

  it('drops the member cards kept across renders (decision 050): a card shows the changed tenant at once', async () => {
    app.services.fragmentCache.set('datingstad\u0000nl\u0000member-card\u0000[]', { html: '<div>kaart</div>', styles: [] })
    expect(app.services.fragmentCache.stats().entries).toBe(1)
    edit(dir, 'rijpedates', (s) => s.replace("mail_name: 'RijpeDates'", "mail_name: 'Rijpe Dates'"))
    await reloadTenants(app.services.tenants, dir)
    expect(app.services.fragmentCache.stats().entries).toBe(0)
  })

  it('refuses a reload that would give a domain to two tenants, keeping the running tenants', async () => {
    edit(dir, 'mannenmatch', (s) => s.replace("domains: ['mannenmatch.nl', 'www.mannenmatch.nl']", "domains: ['mannenmatch.nl', 'www.mannenmatch.nl', 'rijpedates.nl']"))
    await expect(reloadTenants(app.services.tenants, dir)).rejects.toThrow('Domain rijpedates.nl belongs to both mannenmatch and rijpedates')
    expect((await get('/api/settings.php', 'rijpedates.nl')).json().name).toBe('RijpeDates')
    edit(dir, 'mannenmatch', (s) => s.replace(", 'rijpedates.nl']", ']'))
  })

  it('reads the files again on SIGHUP and when a file changes, in the running process', async () => {
    const lines: string[] = []
    const stop = reloadTenantsLive(app.services.tenants, { dir, log: (l) => lines.push(l) })
    try {
      const statusOf = async () => (await get('/api/settings.php', 'mannenmatch.nl')).statusCode
      expect(await statusOf()).toBe(200)
      edit(dir, 'mannenmatch', (s) => s.replace('  niche: 7,\n', '  niche: 7,\n  maintenance: true,\n'))
      for (let i = 0; i < 100 && (await statusOf()) !== 503; i++) await new Promise((r) => setTimeout(r, 50))
      expect(await statusOf()).toBe(503)
      const count = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).length
      expect(lines.some((l) => l.startsWith(`[tenants] reloaded (file change): ${count} tenants; in maintenance: mannenmatch`))).toBe(true)
      // A bad file is refused with its reason; the running tenants stay.
      edit(dir, 'mannenmatch', (s) => s.replace("primary: '#1775c8'", "primary: '#90caf9'"))
      for (let i = 0; i < 100 && !lines.some((l) => l.startsWith('[tenants] reload refused')); i++) await new Promise((r) => setTimeout(r, 50))
      expect(lines.find((l) => l.startsWith('[tenants] reload refused'))).toMatch(/mannenmatch\.ts is invalid:\n\s+theme\.primary: white text on primary badges: #ffffff on #90caf9/)
      expect(await statusOf()).toBe(503)
      // SIGHUP: the operator's signal after editing files elsewhere.
      stop()
      edit(dir, 'mannenmatch', (s) => s.replace("primary: '#90caf9'", "primary: '#1775c8'").replace('  maintenance: true,\n', ''))
      const again = reloadTenantsLive(app.services.tenants, { dir, log: (l) => lines.push(l) })
      process.emit('SIGHUP', 'SIGHUP')
      for (let i = 0; i < 100 && (await statusOf()) !== 200; i++) await new Promise((r) => setTimeout(r, 50))
      expect(await statusOf()).toBe(200)
      expect(lines.some((l) => l.startsWith('[tenants] reloaded (SIGHUP)'))).toBe(true)
      again()
    } finally {
      stop()
    }
  })
})
