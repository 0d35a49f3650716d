// The first touch (docs/decisions/029-traffic-tracking-and-postbacks.md): a page request whose address carries
// tracking parameters (network, ref, sub1-3, clickid), from a browser without a first-touch cookie yet, sets the
// cookie for 30 days and counts a visit. A later landing with other parameters changes nothing until it expires.
// The signup reads the cookie; the signup body's copy (the browser's localStorage) only counts without it.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { trafficVisits } from '../../db/schema'
import { trackingSchema, type Tracking } from '../../shared/contracts'
import { FIRST_TOUCH_DAYS, hasTrafficSource, trackingFromSearch } from '../../shared/tracking'

export const FIRST_TOUCH_COOKIE = 'ft'
export const FIRST_TOUCH_MAX_AGE_S = FIRST_TOUCH_DAYS * 24 * 3600

/** What the cookie holds: the parameters, the landing path (no query) and when (epoch seconds). */
export const firstTouchSchema = trackingSchema.extend({ landing: z.string().max(300), at: z.number().int() })
export type FirstTouch = z.infer<typeof firstTouchSchema>

export function encodeFirstTouch(ft: FirstTouch): string {
  return Buffer.from(JSON.stringify(ft)).toString('base64url')
}

/** The cookie's first touch, or undefined when absent, unreadable or older than 30 days. */
export function decodeFirstTouch(value: string | undefined, nowS = Math.floor(Date.now() / 1000)): FirstTouch | undefined {
  if (!value || value.length > 2000) return undefined
  try {
    const parsed = firstTouchSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')))
    if (!parsed.success) return undefined
    const age = nowS - parsed.data.at
    return age >= -60 && age <= FIRST_TOUCH_MAX_AGE_S ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The page's path without query, and without Vike's /index.pageContext.json of a client navigation. */
export function landingPath(url: string): string {
  const p = url.split('?')[0].replace(/\/index\.pageContext\.json$/, '') || '/'
  return p.slice(0, 300)
}

/**
 * On a page request (HTML or a client navigation's page context): a visitor's first landing with tracking
 * parameters sets the first-touch cookie and counts a visit. Members (logged in) are not traffic.
 */
export async function captureFirstTouch(db: Db, req: FastifyRequest, reply: FastifyReply, opts: { secure: boolean }) {
  if (req.method !== 'GET' || !req.ctx || req.ctx.account) return
  const q = req.url.indexOf('?')
  if (q < 0) return
  const tracking = trackingFromSearch(req.url.slice(q + 1))
  if (Object.keys(tracking).length === 0) return
  if (decodeFirstTouch(req.cookies[FIRST_TOUCH_COOKIE])) return
  const landing = landingPath(req.url)
  const ft: FirstTouch = { ...tracking, landing, at: Math.floor(Date.now() / 1000) }
  reply.setCookie(FIRST_TOUCH_COOKIE, encodeFirstTouch(ft), { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: FIRST_TOUCH_MAX_AGE_S })
  await db.insert(trafficVisits).values({
    tenantId: req.ctx.tenant.id,
    network: tracking.network ?? null,
    ref: tracking.ref ?? null,
    sub1: tracking.sub1 ?? null,
    sub2: tracking.sub2 ?? null,
    sub3: tracking.sub3 ?? null,
    landing,
  })
}

/** Where an account's traffic data comes from at signup: the first-touch cookie, else what the browser sent. */
export interface AccountTracking extends Tracking {
  landing?: string
  at?: Date
}

export function signupTracking(cookieValue: string | undefined, sent: Tracking | undefined): AccountTracking {
  const ft = decodeFirstTouch(cookieValue)
  if (ft) {
    const { landing, at, ...tracking } = ft
    return { ...tracking, landing, at: new Date(at * 1000) }
  }
  if (!sent) return {}
  // The body's copy passes the same cleaning as an address's parameters.
  const cleaned = trackingFromSearch(new URLSearchParams(Object.entries(sent).filter((e): e is [string, string] => typeof e[1] === 'string')))
  return cleaned
}

export { hasTrafficSource }
