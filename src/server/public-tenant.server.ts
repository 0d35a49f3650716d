// What the browser receives about its tenant: the public settings, company info, theme and pitch.
import type { RequestContext, Services } from './context.server'
import { buildCompanyInfo, buildSettings, pick, termsVersionDate } from '../features/settings/settings.server'
import type { PublicTenant } from '../../renderer/types'

export function publicTenant(services: Services, ctx: RequestContext): PublicTenant {
  const { tenant, lng, t, country } = ctx
  return {
    id: tenant.id,
    settings: buildSettings(tenant, { lng, geoCountry: country, pushPublicKey: services.vapid.publicKey, t }),
    company: buildCompanyInfo(tenant),
    theme: tenant.theme,
    pitch: {
      headline: pick(tenant.pitch.headline, lng, tenant.default_locale),
      body: pick(tenant.pitch.body, lng, tenant.default_locale),
      cta: pick(tenant.pitch.cta, lng, tenant.default_locale),
    },
    termsVersionDate: termsVersionDate(tenant.company.added),
  }
}

