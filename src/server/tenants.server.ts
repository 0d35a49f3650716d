// Loads tenants/<id>.ts, validates each with the zod schema and resolves a request's Host to a tenant.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as Esbuild from 'esbuild'
import { tenantSchema, type Tenant } from '../shared/tenant-schema'

export class TenantFileError extends Error {}

export interface TenantRegistry {
  all: Tenant[]
  byId: Map<string, Tenant>
  /** The tenant for a Host header value, or undefined for an unknown host. */
  resolve(host: string | undefined): Tenant | undefined
}

/** Every problem of one tenant object (its fields, then its id against the file name); empty when it is valid. */
export function tenantProblems(file: string, value: unknown): { tenant?: Tenant; problems: string[] } {
  const parsed = tenantSchema.safeParse(value)
  const expectedId = path.basename(file).replace(/\.[cm]?[jt]s$/, '')
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
  const id = parsed.success ? parsed.data.id : (value as { id?: unknown } | null | undefined)?.id
  if (id !== expectedId && !problems.some((p) => p.startsWith('  id:'))) problems.push(`  id: must be "${expectedId}", the file's name`)
  return { tenant: parsed.success && problems.length === 0 ? parsed.data : undefined, problems }
}

/** Validates one tenant object; the error names the file and every bad field. */
export function parseTenant(file: string, value: unknown): Tenant {
  const { tenant, problems } = tenantProblems(file, value)
  if (!tenant) throw new TenantFileError(`Tenant file ${file} is invalid:\n${problems.join('\n')}`)
  return tenant
}

/**
 * Loads every tenant file and reports every problem of every file in one error: files that do not load, bad
 * fields, ids that differ from the file name, ids used twice and domains claimed twice.
 */
export async function loadTenants(dir = path.resolve(process.cwd(), 'tenants')): Promise<TenantRegistry> {
  const files = fs.readdirSync(dir).filter((f) => /\.[cm]?[jt]s$/.test(f) && !f.endsWith('.d.ts')).sort()
  const tenants: Tenant[] = []
  const reports: string[] = []
  for (const file of files) {
    const full = path.join(dir, file)
    let mod: { default?: unknown }
    try {
      mod = evaluateTenantFile(full)
    } catch (err) {
      reports.push(`Tenant file ${full} could not be loaded: ${(err as Error).message}`)
      continue
    }
    const { tenant, problems } = tenantProblems(full, mod.default)
    if (tenant) tenants.push(tenant)
    else reports.push(`Tenant file ${full} is invalid:\n${problems.join('\n')}`)
  }
  reports.push(...registryProblems(tenants))
  if (reports.length > 0) throw new TenantFileError(reports.length === 1 ? reports[0] : `${reports.length} problems in the tenant files:\n${reports.join('\n')}`)
  return createRegistry(tenants)
}

/** Ids used twice and domains claimed by two tenants. */
function registryProblems(tenants: Tenant[]): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  const byDomain = new Map<string, string>()
  for (const t of tenants) {
    if (ids.has(t.id)) problems.push(`Tenant id ${t.id} is used twice`)
    ids.add(t.id)
    for (const d of t.domains) {
      const other = byDomain.get(d)
      if (other && other !== t.id) problems.push(`Domain ${d} belongs to both ${other} and ${t.id}`)
      else byDomain.set(d, t.id)
    }
  }
  return problems
}

/**
 * Compiles a tenant file (TypeScript) with esbuild and evaluates it, so the server needs no TypeScript loader at
 * run time; packages it imports (zod) are required from node_modules.
 */
function evaluateTenantFile(file: string): { default?: unknown } {
  // Packages resolve from the project, wherever the tenant file lies; esbuild is loaded only when needed.
  const projectRequire = createRequire(path.join(process.cwd(), 'package.json'))
  const { buildSync } = projectRequire('esbuild') as typeof Esbuild
  const out = buildSync({ entryPoints: [file], bundle: true, format: 'cjs', platform: 'node', packages: 'external', write: false, logLevel: 'silent' })
  const module = { exports: {} as { default?: unknown } }
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(module, module.exports, projectRequire)
  return module.exports
}

export function createRegistry(tenants: Tenant[], defaultTenant?: string): TenantRegistry {
  if (tenants.length === 0) throw new TenantFileError('No tenant files found in tenants/')
  const problems = registryProblems(tenants)
  if (problems.length > 0) throw new TenantFileError(problems.join('\n'))
  const byId = new Map<string, Tenant>()
  const byDomain = new Map<string, Tenant>()
  for (const t of tenants) {
    byId.set(t.id, t)
    for (const d of t.domains) byDomain.set(d, t)
  }
  if (defaultTenant && !byId.has(defaultTenant)) throw new TenantFileError(`DEFAULT_TENANT ${defaultTenant} is not a tenant`)
  return {
    all: tenants,
    byId,
    resolve(host) {
      const name = hostName(host)
      if (!name) return defaultTenant ? byId.get(defaultTenant) : undefined
      const direct = byDomain.get(name)
      if (direct) return direct
      // <id>.localhost for local preview
      const m = /^([a-z0-9-]+)\.localhost$/.exec(name)
      if (m && byId.has(m[1])) return byId.get(m[1])
      return defaultTenant ? byId.get(defaultTenant) : undefined
    },
  }
}

/** The lowercased host name of a Host header, without port; undefined when malformed. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined
  const h = host.trim().toLowerCase()
  const m = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(h)
  return m ? m[1].replace(/\.$/, '') : undefined
}
