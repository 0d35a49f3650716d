// The console's tenants view (/admin/tenants, issue 13): every brand with its domains, niche, pool, languages and
// state, and the maintenance switch (the tenant file's `maintenance`, decision 027) for the roles allowed it.
// Handlers: tenant-routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'

export const consoleTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  niche: z.number(),
  pool: z.string(),
  default_locale: z.string(),
  /** Country code -> the languages offered there. */
  countries: z.record(z.string(), z.array(z.string())),
  languages: z.array(z.string()),
  maintenance: z.boolean(),
  maintenance_retry_after_minutes: z.number(),
  primary: z.string(),
  secondary: z.string(),
})
export type ConsoleTenant = z.infer<typeof consoleTenantSchema>

export const tenantsListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/tenants.php',
  summary: 'Every tenant of the staff member\'s pools with domains, niche, pool, languages and state (live or maintenance)',
  session: 'staff',
  staffAction: 'tenants.view',
  response: z.object({ tenants: z.array(consoleTenantSchema) }),
  errors: [],
})

export const tenantMaintenanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/tenant-maintenance.php',
  summary: 'Switches a tenant off for maintenance or on again: writes its tenant file and reloads the tenants at once (sessions stay)',
  session: 'staff',
  staffAction: 'tenants.maintenance',
  body: z.object({ id: z.string().regex(/^[a-z0-9-]{1,60}$/), maintenance: z.boolean() }),
  response: z.object({ tenant: consoleTenantSchema, changed: z.boolean() }),
  errors: ['not_found', 'current_tenant', 'tenant_file_refused'],
})

export const TENANT_ENDPOINTS = [tenantsListEndpoint, tenantMaintenanceEndpoint] as const
