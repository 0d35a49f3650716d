// Tracking data of the landing address (network, ref, sub1, sub2, sub3): remembered in this browser from the first
// page that carries it, and sent with the signup.
import type { Tracking } from './contracts'

const KEY = 'tracking'
const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const

export function captureTracking(search: string) {
  const params = new URLSearchParams(search)
  const found: Tracking = {}
  for (const f of FIELDS) {
    const v = params.get(f)
    if (v) found[f] = v.slice(0, f.startsWith('sub') ? 200 : 100)
  }
  if (Object.keys(found).length > 0) window.localStorage.setItem(KEY, JSON.stringify(found))
}

export function storedTracking(): Tracking | undefined {
  try {
    const raw = window.localStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as Tracking) : undefined
  } catch {
    return undefined
  }
}
