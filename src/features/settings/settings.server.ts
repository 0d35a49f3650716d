// The settings object of SPEC.md section 3 and the company info, presented field by field from a tenant.
import path from 'node:path'
import { createRequire } from 'node:module'
import countries from 'i18n-iso-countries'
import type { i18n as I18n } from 'i18next'
import { companyRegistry, type Tenant } from '../../shared/tenant-schema'
import { LOCALES, type Locale } from '../../shared/locales'
import { regionsOf } from './regions.server'

const requireJson = createRequire(path.join(process.cwd(), 'package.json'))
for (const lng of ['nl', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'pl', 'sv']) {
  countries.registerLocale(requireJson(`i18n-iso-countries/langs/${lng}.json`))
}

/** A localized tenant text in lng, else the tenant's default locale. */
export function pick(text: Partial<Record<Locale, string>>, lng: Locale, fallback: Locale): string {
  return text[lng] ?? (lng === 'en-US' ? text.en : undefined) ?? text[fallback] ?? Object.values(text)[0] ?? ''
}

export function countryName(code: string, lng: Locale): string {
  const l = lng === 'en-US' ? 'en' : lng
  return countries.getName(code, l, { select: 'alias' }) ?? countries.getName(code, l) ?? code
}

/** The support phone number without dashes and spaces (SPEC.md section 9). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '')
}

/** The terms version date: 1 December 2023 unless the company was added later. */
export function termsVersionDate(added: string): string {
  return added > '2023-12-01' ? added : '2023-12-01'
}

/** The visitor's country when the tenant serves it, else the tenant's first country. */
export function selectedCountry(tenant: Tenant, geoCountry: string | undefined): string {
  const served = Object.keys(tenant.countries)
  return geoCountry && served.includes(geoCountry) ? geoCountry : served[0]
}

/** Locales of the dropdown for the visitor's country. */
export function localesFor(tenant: Tenant, country: string): Locale[] {
  return tenant.countries[country] ?? tenant.countries[Object.keys(tenant.countries)[0]]
}

/** Every locale a tenant offers in any country (what the language cookie may hold). */
export function tenantLocales(tenant: Tenant): Locale[] {
  const all = new Set(Object.values(tenant.countries).flat())
  return LOCALES.filter((l) => all.has(l))
}

export function interestsOf(tenant: Tenant, t: I18n['t']) {
  return tenant.interests.map((id) => ({ id, name: t(`interests.${id}`) }))
}

export function regionDataOf(tenant: Tenant, lng: Locale) {
  return Object.keys(tenant.countries).map((code) => ({ country: code, name: countryName(code, lng), regions: regionsOf(code) }))
}

export function buildCompanyInfo(tenant: Tenant) {
  const c = tenant.company
  return {
    name: c.name,
    address: c.address,
    zip: c.zip,
    kvk: c.kvk,
    /** Where kvk is registered (kvk, kbo, handelsregister...): named by the legal pages. */
    registry: companyRegistry(c),
    city: c.city,
    country: c.country,
    tradenames: c.tradenames,
    vat_numbers: c.vat_numbers,
    support_phone: cleanPhone(c.support_phone),
    delete_discount: c.delete_discount,
    added: c.added,
  }
}

export interface SettingsContext {
  lng: Locale
  geoCountry: string | undefined
  pushPublicKey: string
  t: I18n['t']
}

export function buildSettings(tenant: Tenant, ctx: SettingsContext) {
  const d = tenant.default_locale
  return {
    countries: Object.keys(tenant.countries).map((code) => ({ code, name: countryName(code, ctx.lng), locales: tenant.countries[code] })),
    name: tenant.name,
    index_title: pick(tenant.index_title, ctx.lng, d),
    description: pick(tenant.description, ctx.lng, d),
    visible_profile_fields: tenant.visible_profile_fields,
    geoip_country: ctx.geoCountry ?? null,
    geoip_selected_country: selectedCountry(tenant, ctx.geoCountry),
    cdn_prefix: tenant.cdn_prefix,
    visible_profile_notes: tenant.visible_profile_notes,
    message_credits: tenant.credits.message_credits,
    photo_credits: tenant.credits.photo_credits,
    gift_credits: tenant.credits.gift_credits,
    signup_credits: tenant.credits.signup_credits,
    message_length: tenant.message_length,
    minimum_message_costs: tenant.credits.minimum_message_costs,
    support_email: tenant.support_email,
    support_phone: cleanPhone(tenant.company.support_phone),
    enable_site_entry_popup: tenant.features.enable_site_entry_popup,
    push_public_key: ctx.pushPublicKey,
    search_fields: tenant.search_fields,
    domain: tenant.domains[0],
    domain_language: d,
    fictional_warning: pick(tenant.fictional.warning, ctx.lng, d),
    fictional_singular: pick(tenant.fictional.singular, ctx.lng, d),
    fictional_plural: pick(tenant.fictional.plural, ctx.lng, d),
    refund_days: tenant.refund_days,
    signups: tenant.features.signups,
    logged_out_search: tenant.features.logged_out_search,
    logged_out_search_trafficsource: tenant.features.logged_out_search_trafficsource,
    member_resell: tenant.features.member_resell,
    niche: tenant.niche,
    company_id: tenant.company_id,
    mail_name: tenant.mail_name,
    interests: interestsOf(tenant, ctx.t),
    region_data: regionDataOf(tenant, ctx.lng),
    locale: ctx.lng,
    locales: localesFor(tenant, selectedCountry(tenant, ctx.geoCountry)),
    site_entry_countries: tenant.features.site_entry_countries,
    us_footer: tenant.features.us_footer,
    extra_pages: Object.keys(tenant.extra_pages),
    design_version: 2,
  }
}

export type Settings = ReturnType<typeof buildSettings>
export type CompanyInfo = ReturnType<typeof buildCompanyInfo>
