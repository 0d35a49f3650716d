// What the browser receives about its tenant: the public settings, company info, theme and pitch.
import type { RequestContext, Services } from './context.server'
import { buildCompanyInfo, buildSettings, pick, termsVersionDate } from '../features/settings/settings.server'
import type { PublicTenant } from '../../renderer/types'
import { themeFor } from '../../themes/build-theme'

/**
 * It depends only on tenant, language and country: made once per combination, per tenant object (a reload of the
 * tenant files makes new objects, docs/decisions/027).
 */
const caches = new WeakMap<object, WeakMap<object, Map<string, PublicTenant>>>()

export function publicTenant(services: Pick<Services, 'vapid'>, ctx: Pick<RequestContext, 'tenant' | 'lng' | 't' | 'country'>): PublicTenant {
  const { tenant, lng, t, country } = ctx
  let perTenant = caches.get(services)
  if (!perTenant) caches.set(services, (perTenant = new WeakMap()))
  let cache = perTenant.get(tenant)
  if (!cache) perTenant.set(tenant, (cache = new Map()))
  const key = `${lng}:${country ?? ''}`
  const hit = cache.get(key)
  if (hit) return hit
  // The region and interest lists stay out of every page: the client loads them from their endpoints when needed.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { region_data, interests, ...settings } = buildSettings(tenant, { lng, geoCountry: country, pushPublicKey: services.vapid.publicKey, t })
  const made: PublicTenant = {
    id: tenant.id,
    settings,
    company: buildCompanyInfo(tenant),
    theme: tenant.theme,
    appTheme: themeFor(tenant.theme),
    pitch: {
      headline: pick(tenant.pitch.headline, lng, tenant.default_locale),
      body: pick(tenant.pitch.body, lng, tenant.default_locale),
      cta: pick(tenant.pitch.cta, lng, tenant.default_locale),
    },
    termsVersionDate: termsVersionDate(tenant.company.added),
    timeZone: tenant.time_zone,
  }
  cache.set(key, made)
  return made
}

const serialized = new WeakMap<PublicTenant, string>()

/**
 * The public tenant as JSON, made once per public tenant object: what the browser gets of it (`tenantJson`, read
 * back by renderer/+onRenderClient.tsx). Vike's serializer would walk its some 200 values on every page instead
 * (about 2% of a member page's server time, decision 042).
 */
export function publicTenantJson(tenant: PublicTenant): string {
  let json = serialized.get(tenant)
  if (json === undefined) serialized.set(tenant, (json = JSON.stringify(tenant)))
  return json
}
