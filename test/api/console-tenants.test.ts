// The console's tenants view and maintenance switch (issue 13, decision 037 addendum): every tenant of the staff
// member's pools with domains, niche, pool, languages and state; an admin switches a brand off and on from the
// console, which writes its tenant file and reloads at once (the brand answers 503, sessions stay), audited; other
// roles are refused, and the brand the console runs on cannot lock its own switch out.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/client.server'
import { staffAudit } from '../../src/db/schema'
import { withMaintenance } from '../../src/features/console/tenant-routes.server'
import { AA_NORMAL, checkContrast } from '../../themes/contrast'
import { openTestDatabase } from '../support/db'
import { loggedInMember, makeTestApp, staffCookie } from '../support/app'

jest.setTimeout(60_000)

function copyTenants(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-console-'))
  for (const f of fs.readdirSync(path.resolve('tenants'))) {
    fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.resolve('tenants', f), 'utf8').replace('../src/shared', path.resolve('src/shared')))
  }
  return dir
}

describe('console tenants', () => {
  let database: Database
  let app: FastifyInstance
  let dir: string
  let admin: string
  const HOST = 'datingstad.nl'
  const list = (cookie: string, host = HOST) => app.inject({ method: 'GET', url: '/api/admin/tenants.php', headers: { host, cookie } })
  const toggle = (cookie: string, id: string, maintenance: boolean, host = HOST) =>
    app.inject({ method: 'POST', url: '/api/admin/tenant-maintenance.php', headers: { host, cookie }, payload: { id, maintenance } })

  beforeAll(async () => {
    dir = copyTenants()
    database = await openTestDatabase('pglite')
    app = await makeTestApp(database, {}, { tenantsDir: dir })
    admin = (await staffCookie(database.db, app, 'admin')).cookie
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('lists every tenant with domains, niche, pool, languages and state; a marketer of a pool sees its pool only', async () => {
    const res = await list(admin)
    expect(res.statusCode).toBe(200)
    const tenants = res.json().tenants as { id: string; pool: string }[]
    expect(tenants.map((t) => t.id).sort()).toEqual(app.services.tenants.all.map((t) => t.id).sort())
    expect(tenants.find((t) => t.id === 'mannenmatch')).toMatchObject({ domains: ['mannenmatch.nl', 'www.mannenmatch.nl'], niche: 7, pool: 'gay', languages: ['nl', 'en', 'de'], maintenance: false })
    const marketer = (await staffCookie(database.db, app, 'marketer', { pool: 'gay', tenantId: 'mannenmatch' })).cookie
    expect((await list(marketer, 'mannenmatch.nl')).json().tenants.map((t: { id: string }) => t.id)).toEqual(['mannenmatch'])
  })

  it("shows one tenant read-only: its settings as settings.php returns them, the contrast of every pair of its theme, and its landers", async () => {
    const detail = (cookie: string, query: string, host = HOST) => app.inject({ method: 'GET', url: `/api/admin/tenant.php?${query}`, headers: { host, cookie } })
    const res = await detail(admin, 'id=datingstad')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.tenant).toMatchObject({ id: 'datingstad', name: 'Datingstad' })
    // Exactly what the brand's own pages get.
    const own = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'datingstad.nl' } })
    expect(body.settings_language).toBe('nl')
    expect(body.settings).toEqual(own.json())
    // In another of the brand's languages, as settings.php answers a visitor of that language; one it lacks: its default.
    const german = (await detail(admin, 'id=mannenmatch&lng=de')).json()
    expect(german.settings_language).toBe('de')
    expect(german.settings).toEqual((await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'mannenmatch.nl', cookie: 'lang=de' } })).json())
    expect((await detail(admin, 'id=datingstad&lng=fr')).json().settings_language).toBe('nl')

    // The contrast check of tenant:new and the server start, pair by pair, with its ratio and the verdict.
    const tenant = app.services.tenants.byId.get('datingstad')!
    const expected = checkContrast(tenant.theme)
    expect(body.contrast_minimum).toBe(AA_NORMAL)
    expect(body.contrast).toHaveLength(expected.length)
    expect(body.contrast.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['on_primary', 'on_secondary', 'unread', 'white_on_primary', 'package_0']))
    for (const [i, r] of expected.entries()) {
      expect(body.contrast[i]).toMatchObject({ id: r.id, foreground: r.foreground, background: r.background, passes: r.passes })
      expect(body.contrast[i].ratio).toBeCloseTo(r.ratio, 1)
      expect(body.contrast[i].ratio).toBeLessThanOrEqual(r.ratio)
    }
    expect(body.contrast.every((r: { passes: boolean; ratio: number }) => r.passes === r.ratio >= AA_NORMAL)).toBe(true)
    expect(body.theme.primary).toBe(tenant.theme.primary)

    // Its landers: every design without a slug, and the niche's slugs (tinderswipe takes none).
    const landers = body.landers as { design: string; slug: string; href: string }[]
    expect(landers).toContainEqual({ design: 'gallery', slug: '', href: expect.stringMatching(/^https?:\/\/[^/]+\/landers\/gallery$/) })
    expect(landers.filter((l) => l.design === 'tinderswipe').map((l) => l.slug)).toEqual([''])
    expect(landers.some((l) => l.slug === 'dating' && l.href.endsWith('/landers/video/dating'))).toBe(true)
    // A marketer of another pool: not found; a moderator: refused.
    const marketer = (await staffCookie(database.db, app, 'marketer', { pool: 'gay', tenantId: 'mannenmatch' })).cookie
    expect((await detail(marketer, 'id=datingstad', 'mannenmatch.nl')).statusCode).toBe(404)
    expect((await detail(marketer, 'id=mannenmatch', 'mannenmatch.nl')).statusCode).toBe(200)
    const moderator = (await staffCookie(database.db, app, 'moderator')).cookie
    expect((await detail(moderator, 'id=datingstad')).json().error).toBe('forbidden')
  })

  it('switches a brand off and on from the console: the file, the 503, sessions kept, audited; a repeat changes nothing', async () => {
    const member = await loggedInMember(app, database.db, 'console-switch@example.com', 'rijpedates.nl', { tenantId: 'rijpedates' })
    const off = await toggle(admin, 'rijpedates', true)
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ changed: true, tenant: { id: 'rijpedates', maintenance: true } })
    expect(fs.readFileSync(path.join(dir, 'rijpedates.ts'), 'utf8')).toMatch(/^ {2}maintenance: true,$/m)
    expect((await app.inject({ url: '/api/user.php', headers: { host: 'rijpedates.nl', cookie: member.cookie } })).json()).toMatchObject({ error: 'maintenance' })
    expect((await toggle(admin, 'rijpedates', true)).json()).toMatchObject({ changed: false })

    const on = await toggle(admin, 'rijpedates', false)
    expect(on.json()).toMatchObject({ changed: true, tenant: { maintenance: false } })
    expect(fs.readFileSync(path.join(dir, 'rijpedates.ts'), 'utf8')).toMatch(/^ {2}maintenance: false,$/m)
    // The member is still logged in.
    expect((await app.inject({ url: '/api/user.php', headers: { host: 'rijpedates.nl', cookie: member.cookie } })).json().user.id).toBe(member.account.id)

    const audits = await database.db.select().from(staffAudit).where(and(eq(staffAudit.action, 'tenants.maintenance'), eq(staffAudit.targetId, 'rijpedates')))
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ maintenance: false }, { maintenance: true }],
      [{ maintenance: true }, { maintenance: false }],
    ])
  })

  it("refuses other roles, an unknown tenant, and switching off the brand the console is opened on", async () => {
    for (const role of ['marketer', 'support', 'moderator', 'chat_operator']) {
      const cookie = (await staffCookie(database.db, app, role)).cookie
      const res = await toggle(cookie, 'rijpedates', true)
      expect({ role, status: res.statusCode, error: res.json().error }).toEqual({ role, status: 403, error: 'forbidden' })
    }
    expect((await toggle(admin, 'nergens', true)).json()).toMatchObject({ error: 'not_found' })
    expect((await toggle(admin, 'datingstad', true)).json()).toMatchObject({ error: 'current_tenant' })
    expect(app.services.tenants.byId.get('datingstad')!.maintenance).toBe(false)
  })

  it('writes the maintenance line into the operator\'s file, changing it in place when it is there', () => {
    const src = "export default defineTenant({\n  id: 'x',\n  domains: ['x.nl'],\n})\n"
    const on = withMaintenance(src, 'x', true)
    expect(on).toBe("export default defineTenant({\n  id: 'x',\n  maintenance: true,\n  domains: ['x.nl'],\n})\n")
    expect(withMaintenance(on, 'x', false)).toBe(on.replace('maintenance: true', 'maintenance: false'))
  })
})
