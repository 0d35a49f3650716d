// The information pages of SPEC.md section 2, their texts filled in from the tenant's company info.
import type { PageContextServer } from 'vike/types'
import { countryName } from '../settings/index.server'

/** URL token -> key in locales/<lng>/pages.json */
export const INFO_PAGES: Record<string, string> = {
  terms: 'terms',
  privacy: 'privacy',
  cookies: 'cookies',
  ban: 'ban',
  faq: 'faq',
  'return-policy': 'return_policy',
  service: 'service',
}

export interface InfoPageData {
  title: string
  intro?: string
  version?: string
  sections: { heading?: string; body: string }[]
  company?: Record<'name' | 'address' | 'kvk' | 'tradenames' | 'vat' | 'email' | 'phone', string>
  /** The page's one address, /pages/{token}, also when it is read at /{token} (SPEC.md section 2). */
  canonical: string
}

export function infoPageData(pageContext: PageContextServer, token: string): InfoPageData | undefined {
  const { tenant, lng } = pageContext
  const t = pageContext.i18nServer!.t
  const key = INFO_PAGES[token]
  if (!key) {
    const extra = pageContext.services!.extraPage(token)
    return extra ? { title: extra.title, sections: [{ body: extra.body }], canonical: `/pages/${token}` } : undefined
  }
  const c = tenant.company
  const registry = c.registry
  const versionDate = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${tenant.termsVersionDate}T00:00:00Z`))
  const vars = {
    ns: 'pages',
    site: tenant.settings.name,
    company: c.name,
    address: c.address,
    zip: c.zip,
    city: c.city,
    country: countryName(c.country, lng),
    kvk: c.kvk,
    // "registered with the Kamer van Koophandel (KvK)" or its Belgian, German... counterpart, in the page's language.
    registered: t(`registries.${registry}.registered`, { ns: 'pages' }),
    registry_label: t(`registries.${registry}.label`, { ns: 'pages' }),
    tradenames: c.tradenames.join(', '),
    vat_numbers: c.vat_numbers.join(', '),
    support_email: tenant.settings.support_email,
    support_phone: c.support_phone,
    version_date: versionDate,
    refund_days: tenant.settings.refund_days,
    min_age: 18,
  }
  // The US English privacy statement for English-speaking visitors from the United States (or who ask for en-US).
  const pageT = key === 'privacy' && usEnglish(pageContext) ? pageContext.i18nServer!.getFixedT('en-US') : t
  const page = pageT(key, { ...vars, returnObjects: true }) as unknown as { title: string; intro: string; sections: { heading: string; body: string }[] }
  return {
    title: page.title,
    intro: page.intro,
    version: key === 'terms' || key === 'privacy' ? t('version', vars) : undefined,
    sections: page.sections,
    company: { ...(t('company_block', { ...vars, returnObjects: true }) as unknown as NonNullable<InfoPageData['company']>), kvk: vars.registry_label },
    canonical: `/pages/${token}`,
  }
}

/** Whether a visitor reading English should get the US variant: en-US chosen, or English from the US. */
export function usEnglish(pageContext: PageContextServer): boolean {
  if (pageContext.lng === 'en-US') return true
  if (pageContext.lng !== 'en') return false
  const accept = String(pageContext.headersOriginal ? (pageContext.headersOriginal as Record<string, string>)['accept-language'] ?? '' : '')
  return pageContext.tenant.settings.geoip_country === 'US' || /^en-US\b/i.test(accept.trim())
}
