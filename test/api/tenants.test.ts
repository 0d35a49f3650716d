import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadTenants, parseTenant, createRegistry, hostName, TenantFileError } from '../../src/server/tenants.server'
import { checkContrast } from '../../themes/contrast'
import { LOCALES } from '../../src/shared/locales'

describe('tenant files', () => {
  it('loads the five demo tenants with the required mix', async () => {
    const { all } = await loadTenants()
    expect(all.map((t) => t.id).sort()).toEqual(['datingstad', 'euroflirt', 'flirtbelgie', 'mannenmatch', 'rijpedates'])
    const byId = Object.fromEntries(all.map((t) => [t.id, t]))
    expect(byId.datingstad).toMatchObject({ niche: 1, default_locale: 'nl', countries: { NL: ['nl'] } })
    expect(byId.flirtbelgie.countries.BE).toEqual(['nl', 'fr', 'de'])
    expect(byId.rijpedates.niche).toBe(6)
    expect(byId.rijpedates.pool).toBe(byId.datingstad.pool)
    expect(byId.mannenmatch.niche).toBe(7)
    expect(all.filter((t) => t.pool === byId.mannenmatch.pool)).toHaveLength(1)
  })

  it('offers every catalogue on some demo tenant, so each language can be reached in the browser', async () => {
    const { all } = await loadTenants()
    const offered = new Set(all.flatMap((t) => Object.values(t.countries).flat()))
    expect(LOCALES.filter((l) => !offered.has(l))).toEqual([])
    // The Nordic and southern languages and en-US come from EuroFlirt, with the country's own language first.
    const euro = all.find((t) => t.id === 'euroflirt')!
    expect(euro.countries).toMatchObject({ DK: ['da', 'en'], SE: ['sv', 'en'], NO: ['nb', 'en'], FI: ['fi', 'sv', 'en'], ES: ['es', 'en'], IT: ['it', 'en'], PL: ['pl', 'en'], US: ['en-US'] })
    expect(euro.time_zone).toBe('Europe/Copenhagen')
  })

  it('names the file and the field of a bad tenant file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'))
    const good = fs.readFileSync(path.resolve('tenants/datingstad.ts'), 'utf8')
    fs.writeFileSync(path.join(dir, 'broken.ts'), good.replace("id: 'datingstad'", "id: 'broken'").replace('niche: 1,', 'niche: 9,').replace("../src/shared", path.resolve('src/shared')))
    await expect(loadTenants(dir)).rejects.toThrow(/broken\.ts is invalid:\n\s+niche:/)
  })

  it('checks the contrast of every tenant file at start and refuses a failing theme naming the tenant and the pair', async () => {
    const files = fs.readdirSync(path.resolve('tenants')).filter((f) => f.endsWith('.ts'))
    const { all } = await loadTenants()
    expect(all.map((t) => `${t.id}.ts`).sort()).toEqual(files.sort())
    for (const t of all) expect(checkContrast(t.theme).filter((r) => !r.passes).map((r) => `${t.id}: ${r.name}`)).toEqual([])
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'))
    const good = fs.readFileSync(path.resolve('tenants/datingstad.ts'), 'utf8')
    fs.writeFileSync(path.join(dir, 'pale.ts'), good.replace("id: 'datingstad'", "id: 'pale'").replace("primary: '#e2165b'", "primary: '#f48fb1'").replace("../src/shared", path.resolve('src/shared')))
    await expect(loadTenants(dir)).rejects.toThrow(/pale\.ts is invalid:\n\s+theme\.primary: white text on primary badges: #ffffff on #f48fb1 is 2\.23:1, WCAG AA needs 4\.5:1; nearest passing primary: #[0-9a-f]{6}/)
  })

  it('reports every problem of every tenant file in one start: fields, file names and domain clashes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'))
    const good = fs.readFileSync(path.resolve('tenants/datingstad.ts'), 'utf8').replace('../src/shared', path.resolve('src/shared'))
    // A bad field and a wrong id in one file, a domain clash between two others, a file that does not compile.
    fs.writeFileSync(path.join(dir, 'a-bad.ts'), good.replace('niche: 1,', 'niche: 9,'))
    fs.writeFileSync(path.join(dir, 'datingstad.ts'), good)
    fs.writeFileSync(path.join(dir, 'kopie.ts'), good.replace("id: 'datingstad'", "id: 'kopie'"))
    fs.writeFileSync(path.join(dir, 'stuk.ts'), 'export default {')
    const err = await loadTenants(dir).then(() => undefined, (e: Error) => e)
    expect(err).toBeInstanceOf(TenantFileError)
    const message = err!.message
    expect(message).toMatch(/^4 problems in the tenant files:/)
    expect(message).toMatch(/a-bad\.ts is invalid:\n\s+niche: .*\n\s+id: must be "a-bad", the file's name/)
    expect(message).toMatch(/stuk\.ts could not be loaded/)
    expect(message).toContain('Domain datingstad.nl belongs to both datingstad and kopie')
  })

  it('gives every demo tenant 1 to 4 bundles priced in each served country, and methods per country', async () => {
    const { all } = await loadTenants()
    for (const t of all) {
      expect(t.payments.bundles.length).toBeGreaterThan(0)
      expect(t.payments.bundles.length).toBeLessThanOrEqual(4)
      for (const c of Object.keys(t.countries)) {
        expect(t.payments.methods[c].length).toBeGreaterThan(0)
        const perCredit = t.payments.bundles.map((b) => b.prices[c].amount_cents / b.credits)
        // Bigger bundles are cheaper per credit.
        expect([...perCredit].sort((a, b) => b - a)).toEqual(perCredit)
      }
    }
    const good = (await loadTenants()).all.find((t) => t.id === 'flirtbelgie')!
    expect(() => parseTenant('/x/flirtbelgie.ts', { ...good, payments: { ...good.payments, premium_bundle: 'nope' } })).toThrow(/premium_bundle/)
    expect(() => parseTenant('/x/flirtbelgie.ts', { ...good, payments: { ...good.payments, methods: {} } })).toThrow(/methods/)
  })

  it('rejects a file whose id differs from its name, and duplicate domains', async () => {
    const { byId } = await loadTenants()
    const datingstad = byId.get('datingstad')!
    // A valid tenant under another file name: only the id is wrong.
    expect(parseTenant('/x/datingstad.ts', datingstad).id).toBe('datingstad')
    expect(() => parseTenant('/x/other.ts', datingstad)).toThrow(/other\.ts is invalid:\n\s+id: must be "other", the file's name/)
    const rijpedates = byId.get('rijpedates')!
    const clash = { ...rijpedates, domains: ['rijpedates.nl', 'DATINGSTAD.NL'.toLowerCase()] }
    expect(() => createRegistry([datingstad, clash])).toThrow('Domain datingstad.nl belongs to both datingstad and rijpedates')
    expect(() => createRegistry([datingstad, { ...rijpedates, id: 'datingstad', domains: ['other.example'] }])).toThrow('Tenant id datingstad is used twice')
    expect(createRegistry([datingstad, rijpedates]).resolve('rijpedates.nl')?.id).toBe('rijpedates')
  })

  it('resolves hosts with ports, upper case and trailing dots; refuses malformed hosts', async () => {
    const { all } = await loadTenants()
    const reg = createRegistry(all)
    expect(reg.resolve('DATINGSTAD.NL:443')?.id).toBe('datingstad')
    expect(reg.resolve('www.flirtbelgie.be.')?.id).toBe('flirtbelgie')
    expect(reg.resolve('rijpedates.localhost:3000')?.id).toBe('rijpedates')
    expect(reg.resolve('nope.localhost:3000')).toBeUndefined()
    expect(reg.resolve(undefined)).toBeUndefined()
    expect(hostName('a b')).toBeUndefined()
    expect(createRegistry(all, 'datingstad').resolve('unknown.example')?.id).toBe('datingstad')
  })
})
