import { z } from 'zod'
import { LOCALES } from './locales'
import { contrastFailures, describeFailure } from '../../themes/contrast'

/** Niche codes 1 to 7 of SPEC.md section 1, and the lander slug prefix each selects. */
import { NICHES, type NicheCode } from './niches'
export { NICHES, type NicheCode }

export const PROFILE_FIELDS = [
  'age',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
  'interests',
] as const
export const PROFILE_NOTES = ['about', 'looking_for'] as const
export const SEARCH_FIELDS = ['gender', 'country', 'region', 'age'] as const
export const INTEREST_KEYS = [
  'travel', 'cooking', 'music', 'movies', 'sports', 'fitness', 'reading', 'dancing', 'nature', 'animals',
  'photography', 'art', 'gaming', 'wine', 'cycling', 'beach', 'festivals', 'fashion', 'gardening', 'theatre',
] as const

/** Payment methods of SPEC section 9 (the providers' method names). */
export const PAYMENT_METHODS = [
  'sdd', 'ideal', 'bancontact', 'creditcard', 'paypal', 'applepay', 'sofort', 'sct', 'giropay', 'eps', 'blik', 'banktransfer',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * Company registries whose number the legal pages give, each named in every catalogue (pages.json registries.*):
 * the Dutch Kamer van Koophandel, the Belgian Kruispuntbank van Ondernemingen, the German Handelsregister, or a
 * trade register in general. Which one follows the company's country unless the tenant names it.
 */
export const COMPANY_REGISTRIES = ['kvk', 'kbo', 'handelsregister', 'trade_register'] as const
export type CompanyRegistry = (typeof COMPANY_REGISTRIES)[number]
const REGISTRY_OF_COUNTRY: Record<string, CompanyRegistry> = { NL: 'kvk', BE: 'kbo', DE: 'handelsregister' }

/** The registry of a company: the one named, else the one of its country. */
export function companyRegistry(company: { country: string; registry?: CompanyRegistry }): CompanyRegistry {
  return company.registry ?? REGISTRY_OF_COUNTRY[company.country] ?? 'trade_register'
}

const country = z.string().regex(/^[A-Z]{2}$/, 'two capital letters, ISO 3166-1 alpha-2')
const locale = z.enum(LOCALES)
/** An IANA time zone name this runtime knows, like Europe/Amsterdam. */
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}, 'an IANA time zone like Europe/Amsterdam')
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #e91e63')
/** A text given per locale; the tenant's default locale must be present. */
const localized = z.partialRecord(locale, z.string().min(1))

export const tenantSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes'),
    domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'a lowercase host name')).min(1),
    pool: z.string().regex(/^[a-z0-9-]+$/),
    niche: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]),
    company_id: z.string().min(1),
    name: z.string().min(1),
    mail_name: z.string().min(1),
    default_locale: locale,
    /** Every date and time shown to members is in this zone, on the server and in the browser alike. */
    time_zone: timeZone.default('Europe/Amsterdam'),
    /** Countries served, the first is the default; per country the locales of the dropdown. */
    countries: z.record(country, z.array(locale).min(1)).refine((c) => Object.keys(c).length > 0, 'at least one country'),
    index_title: localized,
    description: localized,
    pitch: z.object({ headline: localized, body: localized, cta: localized }),
    support_email: z.string().email(),
    company: z.object({
      name: z.string().min(1),
      address: z.string().min(1),
      zip: z.string().min(1),
      city: z.string().min(1),
      country: country,
      /** The company's registration number (named kvk for compatibility; its registry is `registry`). */
      kvk: z.string().min(1),
      registry: z.enum(COMPANY_REGISTRIES).optional(),
      tradenames: z.array(z.string().min(1)),
      vat_numbers: z.array(z.string().min(1)),
      support_phone: z.string().min(1),
      delete_discount: z.number().int().min(0).max(100),
      added: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2024-03-01'),
    }),
    theme: z.object({
      primary: hexColour,
      secondary: hexColour,
      unread: hexColour.optional(),
      background: hexColour.optional(),
      heroImage: z.enum(['hearts', 'city', 'waves', 'sunset']).default('hearts'),
    }),
    cdn_prefix: z.string().default(''),
    credits: z.object({
      message_credits: z.number().int().min(0),
      photo_credits: z.number().int().min(0),
      gift_credits: z.number().int().min(0),
      signup_credits: z.number().int().min(0),
      minimum_message_costs: z.record(country, z.object({ costs: z.number().min(0), currency: z.string().length(3) })),
    }),
    message_length: z.number().int().min(1).max(10000),
    refund_days: z.number().int().min(0),
    features: z.object({
      signups: z.enum(['all', 'with_trafficsource', 'none']),
      logged_out_search: z.boolean(),
      logged_out_search_trafficsource: z.boolean(),
      enable_site_entry_popup: z.boolean(),
      /** Countries where the site-entry warning shows in the default layout. */
      site_entry_countries: z.array(country).default(['NL', 'DE']),
      member_resell: z.boolean(),
      us_footer: z.boolean().default(false),
    }),
    fictional: z.object({ singular: localized, plural: localized, warning: localized }),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.array(z.enum(PROFILE_NOTES)),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    interests: z.array(z.enum(INTEREST_KEYS)).min(1),
    /**
     * Credit bundles (at most 4: the package colour is the index 0 to 3), the bundle shown on /premium, the payment
     * methods per country and the monthly direct debit limit per member.
     */
    payments: z.object({
      bundles: z
        .array(
          z.object({
            id: z.string().regex(/^[a-z0-9-]+$/),
            credits: z.number().int().positive(),
            /** Price per served country. */
            prices: z.record(country, z.object({ amount_cents: z.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/) })),
            highlighted: z.boolean().optional(),
          }),
        )
        .min(1)
        .max(4),
      premium_bundle: z.string(),
      methods: z.record(country, z.array(z.enum(PAYMENT_METHODS)).min(1)),
      direct_debit_limit_cents: z.number().int().min(0),
    }),
    /** Further information pages at /pages/{token}: title and body per locale. */
    extra_pages: z.record(z.string().regex(/^[a-z0-9-]+$/), z.object({ title: localized, body: localized })).default({}),
    /** The landers (/landers/*): whether search engines may index them (false answers with noindex). */
    landers: z.object({ indexable: z.boolean().default(false) }).default({ indexable: false }),
    /**
     * Switched off: every page answers 503 with a maintenance page in the tenant's look, the API 503 with
     * Retry-After. Read again without a restart (SIGHUP or a change in tenants/, docs/decisions/027).
     */
    maintenance: z.boolean().default(false),
    /** Retry-After of the maintenance answers, in minutes. */
    maintenance_retry_after_minutes: z.number().int().min(1).max(10080).default(30),
    /**
     * Traffic sources' postbacks (docs/decisions/029): per network ('*' for any tracked account) an address template
     * called on its events. Placeholders: {clickid} {event} {amount} {currency} {network} {ref} {sub1} {sub2} {sub3}
     * {conversion_id}. Never sent to the browser (its query may hold the network's secret).
     */
    tracking: z
      .object({
        postbacks: z
          .array(
            z.object({
              network: z.string().min(1).max(100),
              events: z.array(z.enum(['signup', 'first_purchase'])).min(1),
              url: z.string().max(2000).regex(/^https?:\/\/[^/?#\s]+[^\s]*$/, 'an http(s) address'),
            }),
          )
          .max(50)
          .default([]),
      })
      .default({ postbacks: [] }),
  })
  .superRefine((t, ctx) => {
    // Text on the theme's colours reads at WCAG AA (themes/contrast.ts); a failing pair names the colour to choose.
    for (const failure of contrastFailures(t.theme)) {
      ctx.addIssue({ code: 'custom', path: failure.key ? ['theme', failure.key] : ['theme'], message: describeFailure(failure) })
    }
    const localizedFields: [string, Record<string, string>][] = [
      ['index_title', t.index_title],
      ['description', t.description],
      ['pitch.headline', t.pitch.headline],
      ['pitch.body', t.pitch.body],
      ['pitch.cta', t.pitch.cta],
      ['fictional.singular', t.fictional.singular],
      ['fictional.plural', t.fictional.plural],
      ['fictional.warning', t.fictional.warning],
    ]
    for (const [name, value] of localizedFields) {
      if (!value[t.default_locale]) {
        ctx.addIssue({ code: 'custom', path: name.split('.'), message: `needs a text for the default locale ${t.default_locale}` })
      }
    }
    const bundleIds = t.payments.bundles.map((b) => b.id)
    if (new Set(bundleIds).size !== bundleIds.length) ctx.addIssue({ code: 'custom', path: ['payments', 'bundles'], message: 'bundle ids must be unique' })
    if (!bundleIds.includes(t.payments.premium_bundle)) {
      ctx.addIssue({ code: 'custom', path: ['payments', 'premium_bundle'], message: `must be one of the bundle ids (${bundleIds.join(', ')})` })
    }
    for (const c of Object.keys(t.countries)) {
      if (!t.payments.methods[c]) ctx.addIssue({ code: 'custom', path: ['payments', 'methods', c], message: `needs the payment methods of the served country ${c}` })
      t.payments.bundles.forEach((b, i) => {
        if (!b.prices[c]) ctx.addIssue({ code: 'custom', path: ['payments', 'bundles', i, 'prices', c], message: `needs a price for the served country ${c}` })
      })
    }
    for (const [c, locales] of Object.entries(t.countries)) {
      if (!locales.includes(t.default_locale) && Object.keys(t.countries)[0] === c) {
        ctx.addIssue({ code: 'custom', path: ['countries', c], message: `the first country must offer the default locale ${t.default_locale}` })
      }
    }
  })

export type TenantInput = z.input<typeof tenantSchema>
export type Tenant = z.output<typeof tenantSchema>

/** Used by tenant files: types the object, validation happens when the server loads it. */
export function defineTenant(t: TenantInput): TenantInput {
  return t
}
