// Loads tenants/<id>.ts, validates each with the zod schema and resolves a request's Host to a tenant.
import type { CacheBus } from './cache-bus.server'
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as Esbuild from 'esbuild'
import { tenantSchema, type Tenant } from '../shared/tenant-schema'
import { hostName } from '../shared/host-name'

export class TenantFileError extends Error {}

export interface TenantRegistry {
  readonly all: Tenant[]
  readonly byId: Map<string, Tenant>
  /** The tenant for a Host header value, or undefined for an unknown host. */
  resolve(host: string | undefined): Tenant | undefined
  /**
   * Puts other tenants in place of these, in this same object (every holder sees them at once); refused as
   * createRegistry refuses (duplicate id or domain), keeping the running tenants. docs/decisions/027.
   */
  replace(tenants: Tenant[]): void
  /** Calls listener after every replace() that took (caches built from tenants empty themselves). */
  onReplace(listener: () => void): void
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

/** The tenants/ folder of the project. */
export const tenantsDir = () => path.resolve(process.cwd(), 'tenants')

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
export async function loadTenants(dir = tenantsDir()): Promise<TenantRegistry> {
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
  let index = indexTenants(tenants, defaultTenant)
  const listeners: Array<() => void> = []
  return {
    get all() {
      return index.all
    },
    get byId() {
      return index.byId
    },
    resolve(host) {
      const { byId, byDomain } = index
      const name = hostName(host)
      if (!name) return defaultTenant ? byId.get(defaultTenant) : undefined
      const direct = byDomain.get(name)
      if (direct) return direct
      // <id>.localhost for local preview
      const m = /^([a-z0-9-]+)\.localhost$/.exec(name)
      if (m && byId.has(m[1])) return byId.get(m[1])
      return defaultTenant ? byId.get(defaultTenant) : undefined
    },
    replace(next) {
      index = indexTenants(next, defaultTenant)
      for (const listener of listeners) listener()
    },
    onReplace(listener) {
      listeners.push(listener)
    },
  }
}

function indexTenants(tenants: Tenant[], defaultTenant: string | undefined) {
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
  return { all: tenants, byId, byDomain }
}

/** What a reload changed, for the log: tenants added, removed, switched off and domains that moved. */
export interface TenantReload {
  added: string[]
  removed: string[]
  maintenance: string[]
  movedDomains: { domain: string; from: string; to: string }[]
}

/**
 * Reads the tenant files again and puts them in place in the running registry; a bad file (invalid, failing
 * contrast, a domain twice) throws and the running tenants stay. Sessions live in the database: none is lost.
 */
export async function reloadTenants(registry: TenantRegistry, dir?: string): Promise<TenantReload> {
  const before = registry.all
  const next = await loadTenants(dir)
  registry.replace(next.all)
  const ownerBefore = new Map(before.flatMap((t) => t.domains.map((d) => [d, t.id] as const)))
  return {
    added: next.all.filter((t) => !before.some((b) => b.id === t.id)).map((t) => t.id),
    removed: before.filter((b) => !next.byId.has(b.id)).map((b) => b.id),
    maintenance: next.all.filter((t) => t.maintenance).map((t) => t.id),
    movedDomains: next.all.flatMap((t) => t.domains.filter((d) => ownerBefore.has(d) && ownerBefore.get(d) !== t.id).map((d) => ({ domain: d, from: ownerBefore.get(d)!, to: t.id }))),
  }
}

/** One line about a reload for the server log. */
export function describeReload(r: TenantReload, registry: TenantRegistry): string {
  const parts = [`${registry.all.length} tenants`]
  if (r.added.length) parts.push(`added ${r.added.join(', ')}`)
  if (r.removed.length) parts.push(`removed ${r.removed.join(', ')}`)
  if (r.movedDomains.length) parts.push(`moved ${r.movedDomains.map((m) => `${m.domain} ${m.from} -> ${m.to}`).join(', ')}`)
  parts.push(r.maintenance.length ? `in maintenance: ${r.maintenance.join(', ')}` : 'none in maintenance')
  return parts.join('; ')
}

/**
 * Calls onChange once the tenant files stop changing for `quietMs` (an editor writes a file in several steps);
 * returns a function that stops watching.
 */
export function watchTenantFiles(dir: string, onChange: () => void, quietMs = 300): () => void {
  let timer: NodeJS.Timeout | undefined
  const watcher = fs.watch(dir, (_event, file) => {
    if (file && !/\.[cm]?[jt]s$/.test(String(file))) return
    clearTimeout(timer)
    timer = setTimeout(onChange, quietMs)
  })
  watcher.on('error', () => watcher.close())
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}

/**
 * Keeps a running process's tenants in step with tenants/: read again on SIGHUP and when a file there changes.
 * afterReload runs after each reload that took (the server tops up the demo data of a new tenant). A refused
 * reload is logged and the running tenants stay. Returns a function that stops it.
 */
export function reloadTenantsLive(
  registry: TenantRegistry,
  opts: { dir?: string; log: (line: string) => void; afterReload?: () => Promise<void>; bus?: Pick<CacheBus, 'announce' | 'on'> },
): () => void {
  const dir = opts.dir ?? tenantsDir()
  let queue = Promise.resolve()
  const reload = (why: string) => {
    queue = queue.then(async () => {
      try {
        const changed = await reloadTenants(registry, dir)
        opts.log(`[tenants] reloaded (${why}): ${describeReload(changed, registry)}`)
      } catch (err) {
        opts.log(`[tenants] reload refused (${why}), the running tenants stay: ${(err as Error).message}`)
        return
      }
      try {
        await opts.afterReload?.()
      } catch (err) {
        opts.log(`[tenants] after the reload (${why}): ${(err as Error).message}`)
      }
    })
  }
  // A SIGHUP to one instance reloads every instance of the database (through Redis, decision 035); a file change
  // is seen by each instance that watches the files.
  const onHangup = () => {
    reload('SIGHUP')
    opts.bus?.announce('tenants')
  }
  opts.bus?.on('tenants', () => reload('another instance reloaded'))
  process.on('SIGHUP', onHangup)
  const unwatch = watchTenantFiles(dir, () => reload('file change'))
  return () => {
    process.off('SIGHUP', onHangup)
    unwatch()
  }
}

export { hostName }
