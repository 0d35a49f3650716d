// npm run tenant:new, scripted (flags and --json, no terminal): a tenant of each niche written into a folder of its
// own, refusals of bad ids, taken domains, unknown niches, countries and languages and failing colours, and the
// app built over that folder answering on each new tenant's host.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { loadTenants } from '../../src/server/tenants.server'
import { answerProblems, existingTenants, type LaunchContext } from '../../src/server/tenant-launch.server'
import { NICHES, type NicheCode } from '../../src/shared/tenant-schema'
import type { Locale } from '../../src/shared/locales'
import { checkContrast } from '../../themes/contrast'
import type { Database } from '../../src/db/client.server'
import { openTestDatabase } from '../support/db'
import { makeTestApp } from '../support/app'

// Each run starts the command in its own process (tsx compiles it): seconds on a loaded machine.
jest.setTimeout(180_000)

const run = promisify(execFile)
const TSX = path.resolve('node_modules/.bin/tsx')
const PORT = '3282'

/** Runs npm run tenant:new's script without a terminal; resolves with its exit code and output. */
async function tenantNew(dir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, ['scripts/tenant-new.ts', '--dir', dir, '--port', PORT, '--yes', ...args], { env: { ...process.env, NODE_OPTIONS: '' } })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** A folder with the demo tenants in it (the new ones must not clash with them). */
function tenantsFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-new-'))
  for (const f of fs.readdirSync(path.resolve('tenants'))) {
    fs.writeFileSync(path.join(dir, f), fs.readFileSync(path.resolve('tenants', f), 'utf8').replace('../src/shared', path.resolve('src/shared')))
  }
  return dir
}

const catalogue = (lng: string, file: string) => JSON.parse(fs.readFileSync(path.resolve('locales', lng, `${file}.json`), 'utf8'))

/** One brand per niche, with countries, languages, pools and companies varied. */
const brands: { niche: NicheCode; id: string; args: string[]; domains: string[]; countries: Record<string, string[]>; pool: string }[] = [
  { niche: 1, id: 'singlesstad', domains: ['singlesstad.nl', 'www.singlesstad.nl'], countries: { NL: ['nl', 'en'] }, pool: 'main', args: ['--niche', '1', '--pool', 'main', '--countries', 'NL:nl,en', '--company', 'lowlands-media'] },
  { niche: 2, id: 'zijzoektzij', domains: ['zijzoektzij.be'], countries: { BE: ['nl', 'fr', 'de'] }, pool: 'vrouwen', args: ['--niche', 'she', '--pool', 'vrouwen', '--new-pool', '--countries', 'BE', '--company', 'brabo-online'] },
  { niche: 3, id: 'spelpartners', domains: ['spelpartners.de'], countries: { DE: ['de', 'en'], FR: ['fr'] }, pool: 'main', args: ['--niche', 'bdsm', '--pool', 'main', '--countries', 'DE:de,en FR:fr', '--company', 'lowlands-media'] },
  { niche: 4, id: 'rondingen', domains: ['rondingen.pl'], countries: { PL: ['pl'] }, pool: 'main', args: ['--niche', '4', '--pool', 'main', '--countries', 'PL:pl'] },
  { niche: 5, id: 'zilverdates', domains: ['zilverdates.se'], countries: { SE: ['sv'], FI: ['fi', 'sv'] }, pool: 'main', args: ['--niche', 'gilf', '--pool', 'main', '--countries', 'SE:sv FI:fi,sv', '--company', 'lowlands-media'] },
  { niche: 6, id: 'cougarclub', domains: ['cougarclub.com'], countries: { US: ['en-US'] }, pool: 'main', args: ['--niche', 'milf', '--pool', 'main', '--countries', 'US:en-US', '--company', 'lowlands-media'] },
  { niche: 7, id: 'mannenplein', domains: ['mannenplein.nl'], countries: { NL: ['nl'], GB: ['en'] }, pool: 'gay', args: ['--niche', 'gay', '--pool', 'gay', '--countries', 'NL:nl GB:en', '--company', 'rainbow-ventures'] },
]

describe('npm run tenant:new', () => {
  let dir: string
  let ctx: LaunchContext

  beforeAll(async () => {
    dir = tenantsFolder()
    ctx = { dir, existing: await existingTenants(dir), localesDir: path.resolve('locales'), today: '2026-01-01' }
  })

  it('creates a tenant of each niche, valid against the schema, with the texts of its niche in its languages', async () => {
    const companies = (await loadTenants(dir)).all.map((t) => t.company_id)
    expect(companies).toEqual(expect.arrayContaining(['lowlands-media', 'brabo-online', 'rainbow-ventures']))
    for (const b of brands) {
      const name = b.id.charAt(0).toUpperCase() + b.id.slice(1)
      let args = [...b.args, '--id', b.id, '--domains', b.domains.join(','), '--name', name, '--primary', '#ad1457', '--secondary', '#ffb300']
      if (b.niche === 4) {
        // A new company, and the answers as a JSON file.
        const json = path.join(dir, '..', `${b.id}.json`)
        fs.writeFileSync(json, JSON.stringify({ name, primary: '#1565c0', secondary: '#ffd54f', company: { name: 'Krakowskie Media Sp. z o.o.', address: 'ul. Floriańska 1', zip: '31-019', city: 'Kraków', country: 'PL', registration: '0000123456', vat: 'PL1234567890', phone: '+48 12 345 67 89' } }))
        args = [...b.args, '--id', b.id, '--domains', b.domains.join(','), '--json', json]
      }
      const out = await tenantNew(dir, args)
      expect({ id: b.id, code: out.code, stderr: out.stderr }).toEqual({ id: b.id, code: 0, stderr: '' })
      expect(out.stdout).toContain(`Preview: http://${b.id}.localhost:${PORT}/`)
      expect(out.stdout).toContain(`free@${b.id}.demo  demo-free-123`)
      expect(out.stdout).toContain(`premium@${b.id}.demo  demo-premium-123`)
      expect(fs.existsSync(path.join(dir, `${b.id}.ts`))).toBe(true)
    }

    const { byId } = await loadTenants(dir)
    for (const b of brands) {
      const t = byId.get(b.id)!
      expect(t).toMatchObject({ niche: b.niche, domains: b.domains, countries: b.countries, pool: b.pool, default_locale: Object.values(b.countries)[0][0] })
      expect(checkContrast(t.theme).filter((r) => !r.passes)).toEqual([])
      const languages = [...new Set(Object.values(b.countries).flat())] as Locale[]
      expect(Object.keys(t.pitch.headline).sort()).toEqual([...languages].sort())
      for (const lng of languages) {
        // Texts from the catalogues of its niche: the audience of the niche and its tagline, in each language.
        const audience: string = catalogue(lng, 'landers').landers.audience[NICHES[b.niche]]
        const tagline: string = catalogue(lng, 'common').landing.niche[b.niche]
        expect(t.description[lng]!.toLowerCase()).toContain(audience.toLowerCase())
        expect(t.pitch.headline[lng]!.toLowerCase()).toContain(audience.toLowerCase())
        expect(t.pitch.headline[lng]!.charAt(0)).toBe(t.pitch.headline[lng]!.charAt(0).toUpperCase())
        expect(t.pitch.body[lng]).toContain(t.name)
        expect(t.index_title[lng]).toContain(tagline)
        expect(t.fictional.warning[lng]).toBe(catalogue(lng, 'pages').brand.fictional_warning)
        for (const text of [t.index_title[lng], t.description[lng], t.pitch.headline[lng], t.pitch.body[lng], t.pitch.cta[lng]]) expect(text).not.toMatch(/\{\{|\}\}/)
      }
      for (const c of Object.keys(b.countries)) {
        expect(t.payments.methods[c].length).toBeGreaterThan(0)
        const perCredit = t.payments.bundles.map((x) => x.prices[c].amount_cents / x.credits)
        expect([...perCredit].sort((x, y) => y - x)).toEqual(perCredit)
      }
    }
    expect(byId.get('singlesstad')!.pitch.headline).toEqual({ nl: 'Ontmoet singles bij jou in de buurt', en: 'Meet singles near you' })
    expect(byId.get('zijzoektzij')!.company.tradenames).toContain('Zijzoektzij')
    expect(byId.get('rondingen')!.company).toMatchObject({ name: 'Krakowskie Media Sp. z o.o.', kvk: '0000123456', vat_numbers: ['PL1234567890'], added: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) })
    expect(byId.get('rondingen')!.company_id).toBe('krakowskie-media-sp-z-o-o')
    expect(byId.get('rondingen')!.payments.bundles[0].prices.PL.currency).toBe('PLN')
    expect(byId.get('cougarclub')!.features.us_footer).toBe(true)
    expect(byId.get('mannenplein')!.time_zone).toBe('Europe/Amsterdam')
  })

  it('refuses bad ids, taken ids and domains, unknown niches and failing colours, writing nothing', async () => {
    const good = ['--niche', 'milf', '--pool', 'main', '--countries', 'NL:nl', '--name', 'Goed', '--primary', '#ad1457', '--secondary', '#ffb300', '--company', 'lowlands-media']
    const before = fs.readdirSync(dir).sort()

    const badId = await tenantNew(dir, [...good, '--id', 'Bad_Id!', '--domains', 'goed.nl'])
    expect(badId.code).toBe(1)
    expect(badId.stderr).toContain('- id "Bad_Id!": use 3 to 40 lowercase letters, digits and dashes, starting with a letter and not ending with a dash')

    const taken = await tenantNew(dir, [...good, '--id', 'goedsite', '--domains', 'goed.nl,www.datingstad.nl'])
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('- domain "www.datingstad.nl": belongs to tenant datingstad already (tenants/datingstad.ts); move it there first')

    const pale = await tenantNew(dir, [...good.map((a) => (a === '#ad1457' ? '#f48fb1' : a)), '--id', 'goedsite', '--domains', 'goed.nl'])
    expect(pale.code).toBe(1)
    expect(pale.stderr).toMatch(/- primary colour #f48fb1 refused \(WCAG AA\):\n\s+white text on primary badges: #ffffff on #f48fb1 is 2\.23:1, WCAG AA needs 4\.5:1; nearest passing primary: #[0-9a-f]{6}/)

    const several = await tenantNew(dir, ['--id', 'datingstad', '--domains', 'goed.nl', '--niche', 'furry', '--pool', 'nieuw', '--countries', 'AT:de', '--name', 'X', '--primary', 'pink', '--secondary', '#ffb300', '--company', 'acme'])
    expect(several.code).toBe(1)
    expect(several.stderr.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- id "datingstad": tenants/datingstad.ts exists already',
      '- niche "furry": unknown, choose one of 1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay',
      expect.stringMatching(/^- pool "nieuw": no tenant uses it yet; the existing pools are main, gay/),
      '- country "AT": unknown, choose from NL, BE, DE, FR, ES, IT, IE, FI, DK, SE, NO, PL, GB, US',
      '- primary colour "pink": write it as #rrggbb, like #c2185b',
      expect.stringMatching(/^- company "acme": unknown, the existing companies are/),
      '- npm run tenant:new -- --help lists the options',
    ])

    const missing = await tenantNew(dir, ['--id', 'leeg'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('- domains: at least one')
    expect(fs.readdirSync(dir).sort()).toEqual(before)
  })

  it('refuses unknown languages, a domain given twice and a colour pair that fails, through the same checks', () => {
    const base = { id: 'nieuwsite', domains: 'nieuwsite.nl', niche: 6, pool: 'main', countries: 'NL:nl', name: 'Nieuw', primary: '#ad1457', secondary: '#ffb300', company: 'lowlands-media' }
    expect(answerProblems(base, ctx)).toEqual([])
    expect(answerProblems({ ...base, countries: 'NL:nl,xx' }, ctx)).toEqual(['language "xx" of NL: unknown, choose from nl, da, de, en, en-US, es, fi, fr, it, nb, pl, sv'])
    expect(answerProblems({ ...base, countries: 'XX:nl' }, ctx)).toEqual(['country "XX": unknown, choose from NL, BE, DE, FR, ES, IT, IE, FI, DK, SE, NO, PL, GB, US'])
    expect(answerProblems({ ...base, domains: 'nieuwsite.nl nieuwsite.nl' }, ctx)).toEqual(['domain "nieuwsite.nl": given twice'])
    expect(answerProblems({ ...base, domains: 'nieuwsite' }, ctx)).toEqual(['domain "nieuwsite": not a host name (like milfmatch.nl)'])
    expect(answerProblems({ ...base, domains: 'DatingStad.NL' }, ctx)).toEqual(['domain "datingstad.nl": belongs to tenant datingstad already (tenants/datingstad.ts); move it there first'])
    expect(answerProblems({ ...base, secondary: '#b36400' }, ctx)[0]).toMatch(/^secondary colour #b36400 refused \(WCAG AA\):\n\s+text on secondary/)
    expect(answerProblems({ ...base, niche: 8 }, ctx)).toEqual(['niche "8": unknown, choose one of 1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay'])
  })

  describe('the app built over the folder', () => {
    let database: Database
    let app: FastifyInstance
    beforeAll(async () => {
      database = await openTestDatabase('pglite')
      app = await makeTestApp(database, {}, { tenantsDir: dir })
    })
    afterAll(async () => {
      await app?.close()
      await database?.close()
    })

    it('answers 200 on each new tenant host and its preview address, with its settings and manifest', async () => {
      for (const b of brands) {
        const name = (await loadTenants(dir)).byId.get(b.id)!.name
        for (const host of [b.domains[0], `${b.id}.localhost:${PORT}`]) {
          const settings = await app.inject({ url: '/api/settings.php', headers: { host } })
          expect({ host, status: settings.statusCode }).toEqual({ host, status: 200 })
          expect(settings.json()).toMatchObject({ name, niche: b.niche })
        }
        const manifest = await app.inject({ url: '/manifest.webmanifest', headers: { host: b.domains[0] } })
        expect(manifest.statusCode).toBe(200)
        expect(manifest.json().name).toBe(name)
      }
    })
  })
})
