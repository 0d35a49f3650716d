// npm run tenant:new: a brand's answers (id, domains, niche, pool, countries and languages, name, colours, company)
// checked against the running tenants and made into tenants/<id>.ts, its texts from the catalogues of its niche.
// The command line and the questions are in scripts/tenant-new.ts; README "How to add a tenant".
import fs from 'node:fs'
import path from 'node:path'
import { LOCALES, isLocale, type Locale } from '../shared/locales'
import { NICHES, PAYMENT_METHODS, type NicheCode, type PaymentMethod, type Tenant, type TenantInput } from '../shared/tenant-schema'
import { contrastFailures, describeFailure } from '../../themes/contrast'
import { countryName } from '../features/settings/settings.server'
import { regionsOf } from '../features/settings/regions.server'
import { TenantFileError, loadTenants } from './tenants.server'

/** What a country needs for a brand: its currency, the time zone shown, the payment methods offered, its languages. */
interface CountryDefaults {
  currency: string
  /** Prices of the four standard bundles in this currency, in cents. */
  prices: [number, number, number, number]
  minimumMessageCost: number
  timeZone: string
  methods: PaymentMethod[]
  languages: Locale[]
}

const EUR: [number, number, number, number] = [1250, 2750, 5250, 9500]
const euro = (timeZone: string, methods: PaymentMethod[], languages: Locale[]): CountryDefaults => ({ currency: 'EUR', prices: EUR, minimumMessageCost: 0.25, timeZone, methods, languages })

/**
 * The countries a brand can serve: those with regions in the ISO 3166-2 data (regions.server.ts; Austria, Luxembourg
 * and Switzerland have none there yet), a currency and payment methods we know.
 */
export const LAUNCH_COUNTRIES: Record<string, CountryDefaults> = {
  NL: euro('Europe/Amsterdam', ['ideal', 'creditcard', 'paypal', 'applepay', 'sdd', 'sct'], ['nl']),
  BE: euro('Europe/Brussels', ['bancontact', 'creditcard', 'paypal', 'applepay', 'sdd'], ['nl', 'fr', 'de']),
  DE: euro('Europe/Berlin', ['sofort', 'giropay', 'creditcard', 'paypal', 'sdd', 'sct'], ['de']),
  FR: euro('Europe/Paris', ['creditcard', 'paypal', 'applepay', 'sdd'], ['fr']),
  ES: euro('Europe/Madrid', ['creditcard', 'paypal', 'applepay', 'sdd'], ['es']),
  IT: euro('Europe/Rome', ['creditcard', 'paypal', 'applepay', 'sdd'], ['it']),
  IE: euro('Europe/Dublin', ['creditcard', 'paypal', 'applepay', 'sdd'], ['en']),
  FI: euro('Europe/Helsinki', ['creditcard', 'paypal', 'banktransfer'], ['fi', 'sv']),
  DK: { currency: 'DKK', prices: [9500, 19900, 38500, 69500], minimumMessageCost: 2, timeZone: 'Europe/Copenhagen', methods: ['creditcard', 'paypal', 'applepay'], languages: ['da'] },
  SE: { currency: 'SEK', prices: [14500, 31500, 59500, 109500], minimumMessageCost: 3, timeZone: 'Europe/Stockholm', methods: ['creditcard', 'paypal', 'applepay'], languages: ['sv'] },
  NO: { currency: 'NOK', prices: [14500, 31500, 59500, 109500], minimumMessageCost: 3, timeZone: 'Europe/Oslo', methods: ['creditcard', 'paypal'], languages: ['nb'] },
  PL: { currency: 'PLN', prices: [5500, 11900, 22500, 39900], minimumMessageCost: 1, timeZone: 'Europe/Warsaw', methods: ['blik', 'creditcard', 'paypal', 'banktransfer'], languages: ['pl'] },
  GB: { currency: 'GBP', prices: [1099, 2399, 4499, 7999], minimumMessageCost: 0.2, timeZone: 'Europe/London', methods: ['creditcard', 'paypal', 'applepay'], languages: ['en'] },
  US: { currency: 'USD', prices: [1399, 2999, 5699, 9999], minimumMessageCost: 0.3, timeZone: 'America/New_York', methods: ['creditcard', 'paypal', 'applepay'], languages: ['en-US'] },
}

const BUNDLES = [
  { id: 'starter', credits: 50 },
  { id: 'popular', credits: 120, highlighted: true },
  { id: 'value', credits: 250 },
  { id: 'deluxe', credits: 500 },
] as const

export interface NewCompany {
  id?: string
  name: string
  address: string
  zip: string
  city: string
  country: string
  /** The registration number (KvK, KBO, Handelsregister...). */
  registration: string
  vat?: string
  phone: string
}

/** A brand's answers: from the questions, the flags or a JSON file. */
export interface LaunchAnswers {
  id?: string
  domains?: string[] | string
  /** 1 to 7 or none, she, bdsm, bbw, gilf, milf, gay. */
  niche?: number | string
  pool?: string
  /** A pool no tenant uses yet must be asked for (a typo would otherwise split members off). */
  newPool?: boolean
  /** Country to languages, the first country the default; a country without languages gets its own. */
  countries?: Record<string, Locale[] | string[] | string> | string
  name?: string
  primary?: string
  secondary?: string
  /** An existing company id, or the company's details. */
  company?: string | NewCompany
  supportEmail?: string
}

/** What the command knows about the tenants already there. */
export interface LaunchContext {
  /** Where the file goes (tenants/ of the project by default). */
  dir: string
  existing: Tenant[]
  /** The catalogues (locales/). */
  localesDir: string
  /** The date the company was added, for a new company (today). */
  today: string
}

export class LaunchError extends Error {
  constructor(public problems: string[]) {
    super(problems.join('\n'))
  }
}

const ID = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/
const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
const HEX = /^#[0-9a-f]{6}$/
const NICHE_NAMES = Object.entries(NICHES).map(([code, name]) => `${code} ${name}`).join(', ')

/** The tenants of a folder; none when it has no tenant files yet. */
export async function existingTenants(dir: string): Promise<Tenant[]> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.[cm]?[jt]s$/.test(f) && !f.endsWith('.d.ts')) : []
  return files.length ? (await loadTenants(dir)).all : []
}

export function pools(ctx: LaunchContext): string[] {
  return [...new Set(ctx.existing.map((t) => t.pool))]
}

export function companies(ctx: LaunchContext): string[] {
  return [...new Set(ctx.existing.map((t) => t.company_id))]
}

// Each check returns the problem with an answer, or undefined when it is fine; the questions ask again on a problem.

export function checkId(id: string | undefined, ctx: LaunchContext): string | undefined {
  if (!id) return 'id: required (lowercase letters, digits and dashes, like "milfmatch")'
  if (!ID.test(id)) return `id "${id}": use 3 to 40 lowercase letters, digits and dashes, starting with a letter and not ending with a dash`
  if (ctx.existing.some((t) => t.id === id)) return `id "${id}": tenants/${id}.ts exists already`
  if (fs.existsSync(path.join(ctx.dir, `${id}.ts`))) return `id "${id}": ${path.join(ctx.dir, `${id}.ts`)} exists already`
  return undefined
}

export function parseDomains(value: LaunchAnswers['domains']): string[] {
  const list = Array.isArray(value) ? value : String(value ?? '').split(/[\s,]+/)
  return list.map((d) => d.trim().toLowerCase()).filter(Boolean)
}

export function checkDomains(domains: string[], ctx: LaunchContext): string | undefined {
  if (domains.length === 0) return 'domains: at least one, like "milfmatch.nl www.milfmatch.nl"'
  for (const d of domains) {
    if (!HOST.test(d)) return `domain "${d}": not a host name (like milfmatch.nl)`
    if (d.endsWith('.localhost')) return `domain "${d}": <id>.localhost is the preview address of every tenant already`
    const owner = ctx.existing.find((t) => t.domains.includes(d))
    if (owner) return `domain "${d}": belongs to tenant ${owner.id} already (tenants/${owner.id}.ts); move it there first`
  }
  const twice = domains.find((d, i) => domains.indexOf(d) !== i)
  if (twice) return `domain "${twice}": given twice`
  return undefined
}

export function parseNiche(value: LaunchAnswers['niche']): NicheCode | undefined {
  const text = String(value ?? '').trim().toLowerCase()
  if (/^[1-7]$/.test(text)) return Number(text) as NicheCode
  const hit = Object.entries(NICHES).find(([, name]) => name === text)
  return hit ? (Number(hit[0]) as NicheCode) : undefined
}

export function checkNiche(value: LaunchAnswers['niche']): string | undefined {
  if (value === undefined || value === '') return `niche: required, one of ${NICHE_NAMES}`
  return parseNiche(value) ? undefined : `niche "${value}": unknown, choose one of ${NICHE_NAMES}`
}

export function checkPool(pool: string | undefined, newPool: boolean | undefined, ctx: LaunchContext): string | undefined {
  const known = pools(ctx)
  if (!pool) return `pool: required, an existing pool (${known.join(', ') || 'none yet'}) or a new one`
  if (!/^[a-z0-9-]+$/.test(pool)) return `pool "${pool}": lowercase letters, digits and dashes`
  if (!known.includes(pool) && !newPool) return `pool "${pool}": no tenant uses it yet; the existing pools are ${known.join(', ') || 'none'} (answer new, or --new-pool, to start a new pool)`
  return undefined
}

/** "NL:nl,en DE:de" or {NL: ['nl', 'en']}; a country without languages gets its own. */
export function parseCountries(value: LaunchAnswers['countries']): Record<string, string[]> {
  const entries: [string, string[]][] =
    typeof value === 'string' || value === undefined
      ? String(value ?? '')
          .split(/[;\s]+/)
          .filter(Boolean)
          .map((part) => {
            const [country, langs = ''] = part.split(/[:=]/)
            return [country, langs.split(',').filter(Boolean)]
          })
      : Object.entries(value).map(([c, l]) => [c, Array.isArray(l) ? l : String(l).split(',').filter(Boolean)])
  const out: Record<string, string[]> = {}
  for (const [c, langs] of entries) {
    const code = c.trim().toUpperCase()
    out[code] = langs.length ? langs.map((l) => l.trim()) : [...(LAUNCH_COUNTRIES[code]?.languages ?? [])]
  }
  return out
}

export function checkCountries(countries: Record<string, string[]>): string | undefined {
  const codes = Object.keys(countries)
  if (codes.length === 0) return `countries: at least one, like "NL:nl" or "BE:nl,fr,de" (known: ${Object.keys(LAUNCH_COUNTRIES).join(', ')})`
  for (const c of codes) {
    if (!LAUNCH_COUNTRIES[c] || regionsOf(c).length === 0) return `country "${c}": unknown, choose from ${Object.keys(LAUNCH_COUNTRIES).join(', ')}`
    if (countries[c].length === 0) return `country ${c}: give its languages, like ${c}:${LAUNCH_COUNTRIES[c].languages.join(',')}`
    for (const l of countries[c]) {
      if (!isLocale(l)) return `language "${l}" of ${c}: unknown, choose from ${LOCALES.join(', ')}`
    }
    if (new Set(countries[c]).size !== countries[c].length) return `country ${c}: a language is given twice`
  }
  return undefined
}

export function checkName(name: string | undefined): string | undefined {
  if (!name?.trim()) return 'name: required, the brand as members see it (like "MilfMatch")'
  if (name.length > 40) return `name "${name}": at most 40 characters`
  return undefined
}

/** A colour alone: its form, and the pairs that follow from it with the other colour (or a neutral one). */
export function checkColour(key: 'primary' | 'secondary', colour: string | undefined, other?: string): string | undefined {
  const value = colour?.trim().toLowerCase()
  if (!value) return `${key} colour: required, like #c2185b`
  if (!HEX.test(value)) return `${key} colour "${colour}": write it as #rrggbb, like #c2185b`
  const partner = other && HEX.test(other.trim().toLowerCase()) ? other.trim().toLowerCase() : undefined
  const theme = key === 'primary' ? { primary: value, secondary: partner ?? '#ffb300' } : { primary: partner ?? '#c62828', secondary: value }
  const failures = contrastFailures(theme).filter((f) => f.key === key)
  if (failures.length === 0) return undefined
  return `${key} colour ${value} refused (WCAG AA):\n${failures.map((f) => `  ${describeFailure(f)}`).join('\n')}`
}

export function checkCompany(company: LaunchAnswers['company'], ctx: LaunchContext): string | undefined {
  if (!company) return `company: required, an existing company id (${companies(ctx).join(', ') || 'none yet'}) or new`
  if (typeof company === 'string') {
    return companies(ctx).includes(company) ? undefined : `company "${company}": unknown, the existing companies are ${companies(ctx).join(', ') || 'none'} (or give a new one)`
  }
  for (const field of ['name', 'address', 'zip', 'city', 'country', 'registration', 'phone'] as const) {
    if (!company[field]?.trim()) return `company ${field}: required for a new company`
  }
  if (!/^[A-Z]{2}$/.test(company.country)) return `company country "${company.country}": two capital letters, like NL`
  const id = company.id ?? slug(company.name)
  if (companies(ctx).includes(id)) return `company id "${id}": exists already; give that id to use the existing company`
  return undefined
}

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(b\.?v\.?|bv|n\.?v\.?|gmbh|ltd|inc|sa|srl)\b/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** Every problem with the answers, in question order; empty when a tenant can be made. */
export function answerProblems(a: LaunchAnswers, ctx: LaunchContext): string[] {
  const problems = [
    checkId(a.id, ctx),
    checkDomains(parseDomains(a.domains), ctx),
    checkNiche(a.niche),
    checkPool(a.pool, a.newPool, ctx),
    checkCountries(parseCountries(a.countries)),
    checkName(a.name),
    checkColour('primary', a.primary, a.secondary),
    checkColour('secondary', a.secondary, a.primary),
    checkCompany(a.company, ctx),
  ]
  return problems.filter((p): p is string => Boolean(p))
}

type Catalogue = Record<string, unknown>
function readCatalogue(localesDir: string, lng: Locale, file: string): Catalogue {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${file}.json`), 'utf8')) as Catalogue
}

function lookup(catalogue: Catalogue, key: string): string {
  const value = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Catalogue)[k] : undefined), catalogue)
  if (typeof value !== 'string') throw new Error(`catalogue key ${key} is missing`)
  return value
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => vars[k] ?? m)

/** The brand's texts in one language: from pages.json brand.*, with the niche's audience and tagline. */
export function brandTexts(localesDir: string, lng: Locale, opts: { niche: NicheCode; site: string; country: string }) {
  const pages = readCatalogue(localesDir, lng, 'pages')
  const vars = {
    site: opts.site,
    audience: lookup(readCatalogue(localesDir, lng, 'landers'), `landers.audience.${NICHES[opts.niche]}`),
    tagline: lookup(readCatalogue(localesDir, lng, 'common'), `landing.niche.${opts.niche}`),
    country: countryName(opts.country, lng),
  }
  // A text may start with the audience ("reife Frauen in deiner Nähe..."): its first letter is a capital.
  const text = (key: string) => {
    const filled = fill(lookup(pages, `brand.${key}`), vars)
    return filled.charAt(0).toLocaleUpperCase(lng) + filled.slice(1)
  }
  return {
    index_title: text('index_title'),
    description: text('description'),
    headline: text('headline'),
    body: text('body'),
    cta: text('cta'),
    fictional_singular: text('fictional_singular'),
    fictional_plural: text('fictional_plural'),
    fictional_warning: text('fictional_warning'),
  }
}

/** The tenant of valid answers (answerProblems empty): every field of the schema, texts in each of its languages. */
export function buildTenant(a: LaunchAnswers, ctx: LaunchContext): TenantInput {
  const niche = parseNiche(a.niche)!
  const countries = parseCountries(a.countries) as Record<string, Locale[]>
  const codes = Object.keys(countries)
  const first = codes[0]
  const defaultLocale = countries[first][0]
  const languages = [...new Set(Object.values(countries).flat())]
  const domains = parseDomains(a.domains)
  const name = a.name!.trim()
  const texts = Object.fromEntries(languages.map((l) => [l, brandTexts(ctx.localesDir, l, { niche, site: name, country: countries[first].includes(l) ? first : (codes.find((c) => countries[c].includes(l)) ?? first) })]))
  const perLanguage = (key: keyof ReturnType<typeof brandTexts>) => Object.fromEntries(languages.map((l) => [l, texts[l][key]]))
  const perCountry = <T>(make: (c: CountryDefaults) => T) => Object.fromEntries(codes.map((c) => [c, make(LAUNCH_COUNTRIES[c])]))
  const mainDomain = domains.find((d) => !d.startsWith('www.')) ?? domains[0].replace(/^www\./, '')
  const company = a.company!
  const companyBlock: TenantInput['company'] =
    typeof company === 'string'
      ? (() => {
          const from = ctx.existing.find((t) => t.company_id === company)!.company
          return { ...from, tradenames: from.tradenames.includes(name) ? from.tradenames : [...from.tradenames, name] }
        })()
      : {
          name: company.name.trim(),
          address: company.address.trim(),
          zip: company.zip.trim(),
          city: company.city.trim(),
          country: company.country,
          kvk: company.registration.trim(),
          tradenames: [name],
          vat_numbers: company.vat?.trim() ? [company.vat.trim()] : [],
          support_phone: company.phone.trim(),
          delete_discount: 50,
          added: ctx.today,
        }
  return {
    id: a.id!,
    domains,
    pool: a.pool!,
    niche,
    company_id: typeof company === 'string' ? company : (company.id ?? slug(company.name)),
    name,
    mail_name: name,
    default_locale: defaultLocale,
    time_zone: LAUNCH_COUNTRIES[first].timeZone,
    countries,
    index_title: perLanguage('index_title'),
    description: perLanguage('description'),
    pitch: { headline: perLanguage('headline'), body: perLanguage('body'), cta: perLanguage('cta') },
    support_email: a.supportEmail ?? `support@${mainDomain}`,
    company: companyBlock,
    theme: { primary: a.primary!.trim().toLowerCase(), secondary: a.secondary!.trim().toLowerCase(), heroImage: 'hearts' },
    cdn_prefix: '',
    credits: {
      message_credits: 10,
      photo_credits: 15,
      gift_credits: 25,
      signup_credits: 20,
      minimum_message_costs: perCountry((c) => ({ costs: c.minimumMessageCost, currency: c.currency })),
    },
    payments: {
      bundles: BUNDLES.map((b, i) => ({ ...b, prices: perCountry((c) => ({ amount_cents: c.prices[i], currency: c.currency })) })),
      premium_bundle: 'popular',
      methods: perCountry((c) => c.methods.filter((m) => (PAYMENT_METHODS as readonly string[]).includes(m))),
      direct_debit_limit_cents: 15000,
    },
    message_length: 1000,
    refund_days: 14,
    features: {
      signups: 'all',
      logged_out_search: true,
      logged_out_search_trafficsource: false,
      enable_site_entry_popup: true,
      site_entry_countries: codes,
      member_resell: false,
      us_footer: codes.includes('US'),
    },
    fictional: { singular: perLanguage('fictional_singular'), plural: perLanguage('fictional_plural'), warning: perLanguage('fictional_warning') },
    visible_profile_fields: ['age', 'gender', 'sexuality', 'country', 'region', 'city', 'hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'interests'],
    visible_profile_notes: ['about', 'looking_for'],
    search_fields: ['gender', 'country', 'region', 'age'],
    interests: ['travel', 'cooking', 'music', 'movies', 'sports', 'fitness', 'reading', 'dancing', 'nature', 'animals', 'photography', 'art', 'gaming', 'wine', 'cycling', 'beach', 'festivals', 'fashion', 'gardening', 'theatre'],
  }
}

/** A value as TypeScript source in the style of the tenant files: single quotes, bare keys where they may be. */
export function toSource(value: unknown, indent = ''): string {
  const inner = `${indent}  `
  if (typeof value === 'string') {
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
    // Single quotes as in the other tenant files; double quotes around a text with an apostrophe.
    return escaped.includes("'") && !escaped.includes('"') ? `"${escaped}"` : `'${escaped.replace(/'/g, "\\'")}'`
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => toSource(v, inner)).join(', ')}]`
    if (value.every((v) => typeof v !== 'object') && flat.length + indent.length < 110) return flat
    return `[\n${value.map((v) => `${inner}${toSource(v, inner)},`).join('\n')}\n${indent}]`
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`)
    const flat = `{ ${entries.map(([k, v]) => `${key(k)}: ${toSource(v, inner)}`).join(', ')} }`
    if (!flat.includes('\n') && flat.length + indent.length < 110) return entries.length ? flat : '{}'
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${toSource(v, inner)},`).join('\n')}\n${indent}}`
  }
  throw new Error(`cannot write ${String(value)}`)
}

/** The file's text: a header, the schema import (relative to the file's folder) and the tenant. */
export function tenantSource(tenant: TenantInput, dir: string, schemaFile: string, today: string): string {
  let from = path.relative(dir, schemaFile).replace(/\\/g, '/').replace(/\.ts$/, '')
  if (!from.startsWith('.')) from = `./${from}`
  return `// ${tenant.name}: niche ${tenant.niche} (${NICHES[tenant.niche as NicheCode]}), written by npm run tenant:new on ${today}. README "How to add a tenant".
import { defineTenant } from '${from}'

export default defineTenant(${toSource(tenant)})
`
}

export interface Launched {
  file: string
  tenant: Tenant
}

/**
 * Checks the answers, writes <dir>/<id>.ts and reads it back as the server will (schema, contrast, domains against
 * every tenant); a file the server would refuse is removed again and its problems thrown.
 */
export async function launchTenant(a: LaunchAnswers, ctx: LaunchContext, schemaFile: string): Promise<Launched> {
  const problems = answerProblems(a, ctx)
  if (problems.length) throw new LaunchError(problems)
  const input = buildTenant(a, ctx)
  const file = path.join(ctx.dir, `${input.id}.ts`)
  fs.mkdirSync(ctx.dir, { recursive: true })
  fs.writeFileSync(file, tenantSource(input, ctx.dir, schemaFile, ctx.today), { flag: 'wx' })
  try {
    const loaded = await loadTenants(ctx.dir)
    return { file, tenant: loaded.byId.get(input.id)! }
  } catch (err) {
    fs.rmSync(file, { force: true })
    throw new LaunchError([err instanceof TenantFileError ? err.message : `the written file could not be read back: ${(err as Error).message}`])
  }
}
