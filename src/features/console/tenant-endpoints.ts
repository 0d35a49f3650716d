// The console's tenants view (/admin/tenants, issue 13): every brand with its domains, niche, pool, languages and
// state, and the maintenance switch (the tenant file's `maintenance`, decision 027) for the roles allowed it.
// Handlers: tenant-routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { settingsResponse } from '../settings/endpoints'

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

export const contrastResultSchema = z.object({
  /** The pair's id (admin.tenants.pairs.<id>; package_<n> for the package colours). */
  id: z.string(),
  /** The pair in English, as tenant:new and the server start name it. */
  name: z.string(),
  foreground: z.string(),
  background: z.string(),
  /** The tenant's colour the pair follows from; absent for the base colours every tenant shares. */
  input: z.string().nullable(),
  ratio: z.number(),
  passes: z.boolean(),
})
export type ContrastResultView = z.infer<typeof contrastResultSchema>

export const tenantDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/tenant.php',
  summary: 'One tenant read-only: its settings as /api/settings.php returns them (in one of its languages), its theme with the WCAG AA contrast of every pair, and the addresses of its landers',
  session: 'staff',
  staffAction: 'tenants.view',
  query: z.object({ id: z.string().regex(/^[a-z0-9-]{1,60}$/), lng: z.string().max(10).optional() }),
  response: z.object({
    tenant: consoleTenantSchema,
    /** The language the settings are in (lng when the tenant offers it, else its default). */
    settings_language: z.string(),
    settings: settingsResponse,
    theme: z.object({ primary: z.string(), secondary: z.string(), unread: z.string(), background: z.string(), text: z.string() }),
    /** WCAG AA for normal text (4.5). */
    contrast_minimum: z.number(),
    contrast: z.array(contrastResultSchema),
    /** The lander gallery's designs and slugs for this tenant, each with its address. */
    landers: z.array(z.object({ design: z.string(), slug: z.string(), href: z.string() })),
  }),
  errors: ['not_found'],
})

export const TENANT_ENDPOINTS = [tenantsListEndpoint, tenantMaintenanceEndpoint, tenantDetailEndpoint] as const
