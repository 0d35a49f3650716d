// Tracking data of the landing address (network, ref, sub1, sub2, sub3, clickid: SPEC.md sections 3 and 6). The
// server keeps the first touch in a cookie (src/features/tracking/first-touch.server.ts); this browser copy is the
// fallback the signup sends when that cookie is missing (blocked, or a landing reached by client navigation). The
// first touch wins for 30 days here too. No personal data: only what the traffic source put in the address.
import type { Tracking } from './contracts'

const KEY = 'tracking'
export const TRACKING_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'clickid'] as const
/** How long a first touch counts: 30 days. */
export const FIRST_TOUCH_DAYS = 30
const FIRST_TOUCH_MS = FIRST_TOUCH_DAYS * 24 * 3600 * 1000
// Printable text only: control characters never reach a cookie, the database or a postback.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g

/** The tracking parameters of a query string, trimmed, without control characters, cut to their maximum length. */
export function trackingFromSearch(search: string | URLSearchParams): Tracking {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const found: Tracking = {}
  for (const f of TRACKING_FIELDS) {
    const v = params.get(f)?.replace(CONTROL, '').trim()
    if (v) found[f] = v.slice(0, f === 'network' || f === 'ref' ? 100 : 200)
  }
  return found
}

/** Whether tracking data names a traffic source (SPEC.md section 6: signups with_trafficsource). */
export const hasTrafficSource = (t: Tracking | undefined) => Boolean(t?.network || t?.ref)

/** Remembers the landing address's tracking data unless an earlier first touch is still within 30 days. */
export function captureTracking(search: string, now = Date.now()) {
  const found = trackingFromSearch(search)
  if (Object.keys(found).length === 0) return
  try {
    if (storedTracking(now)) return
    window.localStorage.setItem(KEY, JSON.stringify({ ...found, at: now }))
  } catch {
    // Storage refused (private mode): the server's cookie still has it.
  }
}

export function storedTracking(now = Date.now()): Tracking | undefined {
  try {
    const raw = window.localStorage.getItem(KEY)
    if (!raw) return undefined
    const { at, ...tracking } = JSON.parse(raw) as Tracking & { at?: number }
    // An entry without a time (written before the first-touch rule) or older than 30 days is over.
    if (typeof at !== 'number' || now - at > FIRST_TOUCH_MS || at > now + 60_000) return undefined
    return tracking
  } catch {
    return undefined
  }
}
