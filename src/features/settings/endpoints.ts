// The tenant's public settings and catalogues (SPEC.md section 3), one definition per endpoint
// (docs/decisions/016-endpoint-contracts.md). Handlers: routes.server.ts, built by settings.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { LOCALES } from '../../shared/locales'
import { COMPANY_REGISTRIES, tenantSchema } from '../../shared/tenant-schema'

const tenant = tenantSchema.shape
const locale = z.enum(LOCALES)

export const interestSchema = z.object({ id: z.string(), name: z.string() })
export const countryRegionsSchema = z.object({
  country: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
})
export type CountryRegions = z.infer<typeof countryRegionsSchema>

/** GET /api/settings.php: what every page of the tenant needs, in the request's language. */
export const settingsResponse = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string(), locales: z.array(locale) })),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  visible_profile_fields: tenant.visible_profile_fields,
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  cdn_prefix: z.string(),
  visible_profile_notes: tenant.visible_profile_notes,
  message_credits: z.number(),
  photo_credits: z.number(),
  gift_credits: z.number(),
  signup_credits: z.number(),
  message_length: z.number(),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number(), currency: z.string() })),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.boolean(),
  push_public_key: z.string(),
  search_fields: tenant.search_fields,
  domain: z.string(),
  domain_language: locale,
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number(),
  signups: tenant.features.shape.signups,
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  niche: tenant.niche,
  company_id: z.string(),
  mail_name: z.string(),
  interests: z.array(interestSchema),
  region_data: z.array(countryRegionsSchema),
  locale,
  locales: z.array(locale),
  site_entry_countries: z.array(z.string()),
  us_footer: z.boolean(),
  extra_pages: z.array(z.string()),
  design_version: z.number(),
})

export const companyInfoResponse = z.object({
  name: z.string(),
  address: z.string(),
  zip: z.string(),
  kvk: z.string(),
  /** Where kvk is registered (kvk, kbo, handelsregister, trade_register): named by the legal pages. */
  registry: z.enum(COMPANY_REGISTRIES),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number(),
  added: z.string(),
})

export const settingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settings.php',
  summary: 'Site settings of the tenant (SPEC.md section 3), in the request\'s language. forced_domain (a tenant domain) is honoured only on preview hosts (PREVIEW_HOSTS, and localhost outside production) and ignored elsewhere',
  session: 'none',
  query: z.object({ forced_domain: z.string().max(253).optional() }),
  response: settingsResponse,
  errors: [],
})

export const interestsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/interests.php',
  summary: 'The interests members of the tenant can choose',
  session: 'none',
  response: z.object({ interests: z.array(interestSchema) }),
  errors: [],
})

export const regionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/regions.php',
  summary: 'Regions of every country the tenant serves',
  session: 'none',
  response: z.object({ countries: z.array(countryRegionsSchema) }),
  errors: [],
})

export const companyInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/companyinfo.php',
  summary: 'Company info of the tenant (imprint, terms)',
  session: 'none',
  response: companyInfoResponse,
  errors: [],
})
