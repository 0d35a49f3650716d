// npm run tenant:new: asks for a new brand and writes tenants/<id>.ts (src/server/tenant-launch.server.ts).
// Without a terminal, or with --yes, it takes flags and/or a JSON file and asks nothing:
//   npm run tenant:new -- --id milfmatch --domains milfmatch.nl,www.milfmatch.nl --niche milf --pool main \
//     --countries NL:nl,en --name MilfMatch --primary '#ad1457' --secondary '#ffb300' --company lowlands-media
//   npm run tenant:new -- --json brand.json        (the same keys; company may be an id or an object)
// A running server reads tenants/ again on the file's arrival (decision 027): the preview address answers at once.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createInterface } from 'node:readline/promises'
import { NICHES, type Tenant } from '../src/shared/tenant-schema'
import {
  LAUNCH_COUNTRIES,
  LaunchError,
  checkColour,
  checkCompany,
  checkCountries,
  checkDomains,
  checkId,
  checkName,
  checkNiche,
  checkPool,
  companies,
  existingTenants,
  launchTenant,
  parseCountries,
  parseDomains,
  pools,
  type LaunchAnswers,
  type LaunchContext,
  type NewCompany,
} from '../src/server/tenant-launch.server'
import { TenantFileError } from '../src/server/tenants.server'

const USAGE = `Usage: npm run tenant:new [-- options]
  --id <id>                 lowercase letters, digits and dashes (the file tenants/<id>.ts)
  --domains <a,b>           host names, none used by another tenant
  --niche <1-7|name>        ${Object.entries(NICHES).map(([c, n]) => `${c} ${n}`).join(', ')}
  --pool <pool>             an existing pool; with --new-pool a new one
  --countries <CC:l,l ...>  countries and their languages, the first the default (NL:nl,en DE:de)
  --name <name>             the brand as members see it
  --primary <#rrggbb>       primary colour (checked at WCAG AA)
  --secondary <#rrggbb>     secondary colour (checked at WCAG AA)
  --company <id|new>        an existing company, or new with --company-name --company-address --company-zip
                            --company-city --company-country --company-registration --company-phone [--company-vat]
  --support-email <address> default support@<first domain>
  --json <file>             the answers as JSON (flags given as well win)
  --dir <folder>            where the file goes (default tenants/)
  --port <port>             for the preview address (default $PORT or 3000)
  --yes                     ask nothing: fail on what is missing`

const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    domains: { type: 'string' },
    niche: { type: 'string' },
    pool: { type: 'string' },
    'new-pool': { type: 'boolean' },
    countries: { type: 'string' },
    name: { type: 'string' },
    primary: { type: 'string' },
    secondary: { type: 'string' },
    company: { type: 'string' },
    'company-id': { type: 'string' },
    'company-name': { type: 'string' },
    'company-address': { type: 'string' },
    'company-zip': { type: 'string' },
    'company-city': { type: 'string' },
    'company-country': { type: 'string' },
    'company-registration': { type: 'string' },
    'company-vat': { type: 'string' },
    'company-phone': { type: 'string' },
    'support-email': { type: 'string' },
    json: { type: 'string' },
    dir: { type: 'string' },
    port: { type: 'string' },
    yes: { type: 'boolean' },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const root = path.resolve(import.meta.dirname, '..')
const dir = path.resolve(values.dir ?? path.join(root, 'tenants'))
const port = values.port ?? process.env.PORT ?? '3000'

function fromFlags(): LaunchAnswers {
  let json: LaunchAnswers = {}
  if (values.json) {
    try {
      json = JSON.parse(fs.readFileSync(values.json, 'utf8')) as LaunchAnswers
    } catch (err) {
      fail([`--json ${values.json}: ${(err as Error).message}`], 2)
    }
  }
  const companyFields = values['company-name'] !== undefined || values.company === 'new'
  const company: LaunchAnswers['company'] = companyFields
    ? {
        id: values['company-id'],
        name: values['company-name'] ?? '',
        address: values['company-address'] ?? '',
        zip: values['company-zip'] ?? '',
        city: values['company-city'] ?? '',
        country: values['company-country'] ?? '',
        registration: values['company-registration'] ?? '',
        vat: values['company-vat'],
        phone: values['company-phone'] ?? '',
      }
    : values.company
  const flags: LaunchAnswers = {
    id: values.id,
    domains: values.domains,
    niche: values.niche,
    pool: values.pool,
    newPool: values['new-pool'],
    countries: values.countries,
    name: values.name,
    primary: values.primary,
    secondary: values.secondary,
    company,
    supportEmail: values['support-email'],
  }
  return { ...json, ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) }
}

function fail(problems: string[], code = 1): never {
  console.error(`tenant:new refused:\n${problems.map((p) => `- ${p.replace(/\n/g, '\n  ')}`).join('\n')}`)
  process.exit(code)
}

/** Asks each question whose answer is missing or refused, until it passes its check. */
async function ask(answers: LaunchAnswers, ctx: LaunchContext): Promise<LaunchAnswers> {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  const q = async (label: string, current: string | undefined, check: (v: string) => string | undefined, fallback?: string): Promise<string> => {
    let value = current
    let problem = value === undefined ? undefined : check(value)
    let offered = fallback
    while (value === undefined || problem) {
      if (problem) console.log(`  ${problem.replace(/\n/g, '\n  ')}`)
      // A refused colour offers the nearest one that passes: Enter takes it.
      const nearest = problem && /nearest passing \w+: (#[0-9a-f]{6})/.exec(problem)
      if (nearest) offered = nearest[1]
      const typed = (await rl.question(`${label}${offered ? ` [${offered}]` : ''}: `)).trim()
      value = typed || offered || ''
      problem = check(value)
    }
    return value
  }
  try {
    const a: LaunchAnswers = { ...answers }
    a.id = await q('Id (the file tenants/<id>.ts)', a.id, (v) => checkId(v, ctx))
    a.domains = parseDomains(await q('Domains (space separated)', a.domains === undefined ? undefined : parseDomains(a.domains).join(' '), (v) => checkDomains(parseDomains(v), ctx), `${a.id}.nl www.${a.id}.nl`))
    a.niche = await q(`Niche (${Object.entries(NICHES).map(([c, n]) => `${c} ${n}`).join(', ')})`, a.niche === undefined ? undefined : String(a.niche), checkNiche, '1')
    const known = pools(ctx)
    a.pool = await q(`Pool (existing: ${known.join(', ') || 'none'}; or new)`, a.pool, (v) => (v === 'new' ? undefined : checkPool(v, a.newPool, ctx)), known[0])
    if (a.pool === 'new') {
      a.newPool = true
      a.pool = await q('Name of the new pool', undefined, (v) => checkPool(v, true, ctx) ?? (known.includes(v) ? `pool "${v}" exists already` : undefined), a.id)
    }
    a.countries = await q(`Countries and their languages, the first the default (known: ${Object.keys(LAUNCH_COUNTRIES).join(' ')})`, typeof a.countries === 'string' ? a.countries : undefined, (v) => checkCountries(parseCountries(v)), 'NL:nl')
    a.name = await q('Brand name', a.name, (v) => checkName(v))
    a.primary = await q('Primary colour', a.primary, (v) => checkColour('primary', v, a.secondary), '#c2185b')
    a.secondary = await q('Secondary colour', a.secondary, (v) => checkColour('secondary', v, a.primary), '#ffb300')
    if (typeof a.company !== 'object') {
      const existing = companies(ctx)
      const choice = await q(`Company (existing: ${existing.join(', ') || 'none'}; or new)`, a.company, (v) => (v === 'new' ? undefined : checkCompany(v, ctx)), existing[0] ?? 'new')
      if (choice === 'new') {
        const required = (field: string) => (v: string) => (v ? undefined : `${field}: required`)
        const c: NewCompany = {
          name: await q('  Company name', undefined, required('name')),
          address: await q('  Street and number', undefined, required('address')),
          zip: await q('  Postcode', undefined, required('postcode')),
          city: await q('  City', undefined, required('city')),
          country: (await q('  Country (two letters)', undefined, (v) => (/^[A-Z]{2}$/.test(v.toUpperCase()) ? undefined : 'two letters, like NL'), Object.keys(parseCountries(a.countries))[0])).toUpperCase(),
          registration: await q('  Registration number (KvK, KBO, ...)', undefined, required('registration number')),
          vat: (await q('  VAT number (empty if none)', undefined, () => undefined, '')) || undefined,
          phone: await q('  Support phone', undefined, required('support phone')),
        }
        a.company = c
      } else a.company = choice
    }
    return a
  } finally {
    rl.close()
  }
}

const ctx: LaunchContext = {
  dir,
  existing: await existingTenants(dir).catch((err) => fail([err instanceof TenantFileError ? err.message : String(err)], 2)),
  localesDir: path.join(root, 'locales'),
  today: new Date().toISOString().slice(0, 10),
}
let answers = fromFlags()
const interactive = process.stdin.isTTY && !values.yes
if (interactive) answers = await ask(answers, ctx)

let launched: { file: string; tenant: Tenant }
try {
  launched = await launchTenant(answers, ctx, path.join(root, 'src/shared/tenant-schema.ts'))
} catch (err) {
  if (err instanceof LaunchError) fail(interactive ? err.problems : [...err.problems, 'npm run tenant:new -- --help lists the options'])
  throw err
}
const { file, tenant } = launched
const shown = path.relative(process.cwd(), file)
console.log(`Wrote ${shown.startsWith('..') ? file : shown}: ${tenant.name} (niche ${tenant.niche} ${NICHES[tenant.niche]}, pool ${tenant.pool}, ${Object.entries(tenant.countries).map(([c, l]) => `${c} ${l.join('/')}`).join(', ')})`)
console.log(`Preview: http://${tenant.id}.localhost:${port}/`)
console.log(`Domains: ${tenant.domains.join(', ')} (point them at this server)`)
console.log('A running server reads tenants/ again now (or on SIGHUP); otherwise start it: npm start, or npm run serve after a build.')
// Loaded only now: the seed module brings the avatar renderer, which a refused run does not need.
const { demoAccountsOfTenant } = await import('../src/db/seed.server')
console.log('On a demo install (SEED_DEMO=true, the default) it gets these demo accounts:')
for (const a of demoAccountsOfTenant(tenant)) console.log(`  ${a.kind.padEnd(8)} ${a.email}  ${a.password}  (${a.name})`)
// The seed module keeps no handles open, but its imports (the image renderer) may: the command is done.
process.exit(0)
