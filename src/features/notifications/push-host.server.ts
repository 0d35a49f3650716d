// Which push services the server connects to: web push sends to whatever address a browser handed in, so a
// member could point it at the server's own network (blind SSRF). Only public hosts are reached: checked when
// a subscription is made (https, a host name, no private address literal) and again at send time (the name is
// resolved, every address must be public, and the connection is pinned to the checked address, so a DNS
// answer that changes between check and connect cannot redirect it). See docs/decisions/017-logs-and-bad-input.md.
import dns from 'node:dns/promises'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Whether an IP address is a public unicast address (not private, loopback, link-local, unique-local, ...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let ip = ipaddr.parse(address)
  // ::ffff:10.0.0.1 and the like are judged as the IPv4 address they carry.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  return ip.range() === 'unicast'
}

// Names that never lead to the public internet.
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain)$/i

/**
 * Whether a subscription's endpoint may be stored: https on the default port or another, a host name with a
 * dot (no IP literal, no local name). allowPrivate (tests only) accepts any https address.
 */
export function pushEndpointAllowed(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  if (allowPrivate) return true
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host) || /^[0-9.]+$/.test(host) || /^0x/i.test(host)) return false
  return host.includes('.') && !LOCAL_NAMES.test(host.replace(/\.$/, ''))
}

export class PushHostRefused extends Error {
  constructor(host: string) {
    super(`push host refused: ${host} is not a public address`)
  }
}

/**
 * An agent for one send to `endpoint`: the host is resolved once, refused unless every address is public, and
 * connections go to the checked address only (the certificate is still checked against the host name).
 */
export async function pinnedPushAgent(endpoint: string, opts: { timeoutMs: number; resolve?: (host: string) => Promise<{ address: string; family: number }[]> }): Promise<https.Agent> {
  const url = new URL(endpoint)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!pushEndpointAllowed(endpoint, false)) throw new PushHostRefused(host)
  const addresses = await (opts.resolve ?? ((h: string) => dns.lookup(h, { all: true, verbatim: true })))(host)
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) throw new PushHostRefused(host)
  const pinned = addresses[0]
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  return new https.Agent({ lookup, timeout: opts.timeoutMs, keepAlive: false })
}
