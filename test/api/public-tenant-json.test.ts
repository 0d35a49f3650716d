// The tenant as the browser gets it (decision 042): JSON made once per public tenant, passed to the client instead
// of the object Vike's serializer would walk on every page.
import { createI18nService } from '../../src/server/i18n.server'
import { loadTenants } from '../../src/server/tenants.server'
import { publicTenant, publicTenantJson } from '../../src/server/public-tenant.server'
import type { Services } from '../../src/server/context.server'
import config from '../../pages/+config'

describe('the public tenant for the browser', () => {
  it('is JSON of the public tenant, made once per tenant, language and country', async () => {
    const tenants = await loadTenants()
    const services = { i18n: createI18nService(), vapid: { publicKey: 'k', privateKey: 'p' } } as unknown as Services
    const shown = (id: string, lng: 'nl' | 'fr') => {
      const i18n = services.i18n.forRequest(lng)
      return publicTenant(services, { tenant: tenants.byId.get(id)!, lng, t: i18n.t.bind(i18n), country: undefined })
    }
    const nl = shown('flirtbelgie', 'nl')
    const json = publicTenantJson(nl)
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(nl)))
    expect(publicTenantJson(shown('flirtbelgie', 'nl'))).toBe(json)
    const fr = publicTenantJson(shown('flirtbelgie', 'fr'))
    expect(fr).not.toBe(json)
    expect(JSON.parse(fr).id).toBe('flirtbelgie')
    // Nothing of the tenant file that is not public: the JSON is the public tenant, key for key.
    expect(Object.keys(JSON.parse(json)).sort()).toEqual(Object.keys(nl).sort())
  })

  it('is what pages pass to the browser, not the object', () => {
    expect(config.passToClient).toContain('tenantJson')
    expect(config.passToClient).not.toContain('tenant')
  })
})
