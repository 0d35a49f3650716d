// Which browser origins belong to a tenant: the live socket and cross-site checks accept only these.
import type { Tenant } from '../shared/tenant-schema'
import { hostName } from './tenants.server'

/**
 * True when origin (an Origin header) is one of the tenant's own hosts: one of its domains, `<id>.localhost` on
 * any port (local use), or exactly the host the request came in on (a host mapped by DEFAULT_TENANT behind a
 * proxy). Anything else, "null" and malformed values included, is another site.
 */
export function isTenantOrigin(tenant: Tenant, origin: string, requestHost: string | undefined): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  const name = hostName(url.host)
  if (!name) return false
  if (tenant.domains.includes(name) || name === `${tenant.id}.localhost`) return true
  return requestHost !== undefined && url.host === requestHost.trim().toLowerCase()
}
