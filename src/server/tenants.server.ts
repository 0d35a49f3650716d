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

/** Validates one tenant object; the error names the file and every bad field. */
export function parseTenant(file: string, value: unknown): Tenant {
  const parsed = tenantSchema.safeParse(value)
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')
    throw new TenantFileError(`Tenant file ${file} is invalid:\n${fields}`)
  }
  const expectedId = path.basename(file).replace(/\.[cm]?[jt]s$/, '')
  if (parsed.data.id !== expectedId) {
    throw new TenantFileError(`Tenant file ${file} is invalid:\n  id: must be "${expectedId}", the file's name`)
  }
  return parsed.data
}

export async function loadTenants(dir = path.resolve(process.cwd(), 'tenants')): Promise<TenantRegistry> {
  const files = fs.readdirSync(dir).filter((f) => /\.[cm]?[jt]s$/.test(f) && !f.endsWith('.d.ts')).sort()
  const tenants: Tenant[] = []
  for (const file of files) {
    const full = path.join(dir, file)
    let mod: { default?: unknown }
    try {
      mod = evaluateTenantFile(full)
    } catch (err) {
      throw new TenantFileError(`Tenant file ${full} could not be loaded: ${(err as Error).message}`)
    }
    tenants.push(parseTenant(full, mod.default))
  }
  return createRegistry(tenants)
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
  const byId = new Map<string, Tenant>()
  const byDomain = new Map<string, Tenant>()
  for (const t of tenants) {
    if (byId.has(t.id)) throw new TenantFileError(`Tenant id ${t.id} is used twice`)
    byId.set(t.id, t)
    for (const d of t.domains) {
      const other = byDomain.get(d)
      if (other) throw new TenantFileError(`Domain ${d} belongs to both ${other.id} and ${t.id}`)
      byDomain.set(d, t)
    }
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
