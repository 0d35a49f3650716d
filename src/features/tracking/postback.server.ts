// Server-to-server postbacks to a traffic source (decision 029): the tenant's address template for the account's
// network is filled with the event's values and called with GET from the job worker, with retries (jobs.server.ts).
// Only public hosts are reached, as for web push (push-host.server.ts): the name is resolved, every address must be
// public and the connection is pinned to the checked address. The log names tenant, event, host and status only:
// a template's query often holds the network's secret token.
import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { trafficConversions } from '../../db/schema'
import type { JobHandler } from '../../server/jobs.server'
import type { TenantRegistry } from '../../server/tenants.server'
import type { Tenant } from '../../shared/tenant-schema'
import { isPublicAddress } from '../notifications/index.server'
import type { ConversionKind } from './conversions.server'

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>

/** The placeholders a template may use. */
export const POSTBACK_PLACEHOLDERS = ['clickid', 'event', 'amount', 'currency', 'network', 'ref', 'sub1', 'sub2', 'sub3', 'conversion_id'] as const
export type PostbackValues = Partial<Record<(typeof POSTBACK_PLACEHOLDERS)[number], string>>

/** The template with each {name} replaced by its URL-encoded value (empty when the event has none). */
export function fillPostbackTemplate(template: string, values: PostbackValues): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    (POSTBACK_PLACEHOLDERS as readonly string[]).includes(name) ? encodeURIComponent(values[name as keyof PostbackValues] ?? '') : whole,
  )
}

/** The tenant's postback for a network and event: the network's own entry first, else one for any network ('*'). */
export function postbackFor(tenant: Tenant, network: string | null, event: ConversionKind) {
  const list = tenant.tracking.postbacks.filter((p) => p.events.includes(event))
  return list.find((p) => network && p.network === network) ?? list.find((p) => p.network === '*')
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain)$/i

/** http(s), no user or password in it, a host name with a dot (no IP literal, no local name). */
export function postbackUrlAllowed(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return false
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host) || /^[0-9.]+$/.test(host) || /^0x/i.test(host)) return false
  return host.includes('.') && !LOCAL_NAMES.test(host.replace(/\.$/, ''))
}

export class PostbackRefused extends Error {
  constructor(host: string) {
    super(`postback host refused: ${host} is not a public address`)
  }
}

/**
 * One GET of a postback address; resolves with the HTTP status (redirects are not followed). allowPrivateHosts
 * (tests only, refused in production by the config) skips the host checks so a local receiver can answer.
 */
export async function callPostback(address: string, opts: { timeoutMs?: number; allowPrivateHosts?: boolean; resolve?: Resolve } = {}): Promise<number> {
  const url = new URL(address)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let lookup: LookupFunction | undefined
  if (!opts.allowPrivateHosts) {
    if (!postbackUrlAllowed(address)) throw new PostbackRefused(host)
    const addresses = await (opts.resolve ?? ((h: string) => dns.lookup(h, { all: true, verbatim: true })))(host)
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) throw new PostbackRefused(host)
    const pinned = addresses[0]
    lookup = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned])
      else callback(null, pinned.address, pinned.family)
    }
  }
  const client = url.protocol === 'https:' ? https : http
  const timeoutMs = opts.timeoutMs ?? 10_000
  return new Promise<number>((resolve, reject) => {
    const req = client.get(url, { lookup, timeout: timeoutMs, headers: { 'user-agent': 'postback/1', accept: '*/*' }, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

/**
 * The job: calls the conversion's postback once; a failure or non-2xx answer is retried, a refused host is not.
 * The last attempt that fails marks the conversion `failed` (it stays `pending` only while a retry is due).
 */
export function postbackJobHandler(opts: { db: Db; tenants: TenantRegistry; allowPrivateHosts: boolean; log?: (m: string) => void; resolve?: Resolve; timeoutMs?: number }): JobHandler {
  const { db } = opts
  return async (payload, run) => {
    const id = Number(payload.conversionId)
    const [c] = await db.select().from(trafficConversions).where(eq(trafficConversions.id, id))
    // Done already (a repeat of a job that ran), or gone.
    if (!c || c.postbackStatus !== 'pending') return
    const setStatus = (postbackStatus: string) => db.update(trafficConversions).set({ postbackStatus, postbackAt: new Date() }).where(eq(trafficConversions.id, id))
    const tenant = opts.tenants.byId.get(c.tenantId)
    const pb = tenant && postbackFor(tenant, c.network, c.kind as ConversionKind)
    if (!pb) {
      await setStatus('none')
      return
    }
    const address = fillPostbackTemplate(pb.url, {
      clickid: c.clickid ?? '',
      event: c.kind,
      amount: (c.amountCents / 100).toFixed(2),
      currency: c.currency ?? '',
      network: c.network ?? '',
      ref: c.ref ?? '',
      sub1: c.sub1 ?? '',
      sub2: c.sub2 ?? '',
      sub3: c.sub3 ?? '',
      conversion_id: String(c.id),
    })
    const host = new URL(address).host
    const what = `postback ${c.tenantId} ${c.kind} #${c.id} to ${host}`
    const fail = async (error: string): Promise<never> => {
      if (run.attempt >= run.maxAttempts) {
        await setStatus('failed')
        opts.log?.(`${what}: failed after ${run.attempt} attempts`)
      }
      throw new Error(error)
    }
    let status: number
    try {
      status = await callPostback(address, { allowPrivateHosts: opts.allowPrivateHosts, resolve: opts.resolve, timeoutMs: opts.timeoutMs })
    } catch (err) {
      if (err instanceof PostbackRefused) {
        opts.log?.(`${what}: refused, not a public address`)
        await setStatus('refused')
        return
      }
      // Never the address itself in the error (it is stored and logged): the host and the error's code.
      return fail(`${what} failed: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message.slice(0, 40)}`)
    }
    if (status < 200 || status >= 300) return fail(`${what} answered ${status}`)
    await setStatus('sent')
    opts.log?.(`${what}: ${status}`)
  }
}
