// The geolocation permission of SPEC.md section 4 (unsupported, unknown, or the browser's own state: granted, prompt,
// denied) as a small Valtio store for this tab, and the geocode of the browser's position cached for an hour
// (SPEC.md section 9): within the hour neither the browser nor the server is asked again.
import { proxy } from 'valtio'

export type GeoPermission = 'unsupported' | 'unknown' | PermissionState

export const geoStore = proxy<{ permission: GeoPermission }>({ permission: 'unknown' })

export const GEO_CACHE_KEY = 'geolocation'
export const GEO_CACHE_MS = 60 * 60 * 1000

type Position = { lat: number; lon: number }
const watched = new WeakSet<PermissionStatus>()

/** Reads the browser's permission state into the store (and follows its changes). */
export async function refreshGeoPermission(nav: Navigator = navigator): Promise<GeoPermission> {
  if (!('geolocation' in nav)) return (geoStore.permission = 'unsupported')
  try {
    const status = await nav.permissions.query({ name: 'geolocation' })
    if (!watched.has(status)) {
      watched.add(status)
      status.addEventListener('change', () => (geoStore.permission = status.state))
    }
    return (geoStore.permission = status.state)
  } catch {
    // no Permissions API (older Safari): the state is known only after asking
    return (geoStore.permission = 'unknown')
  }
}

function readCache<T>(now: number): (Position & { place: T }) | undefined {
  try {
    const cached = JSON.parse(window.localStorage.getItem(GEO_CACHE_KEY) ?? 'null') as (Position & { place?: T; at: number }) | null
    if (cached && cached.place !== undefined && now - cached.at >= 0 && now - cached.at < GEO_CACHE_MS) return { lat: cached.lat, lon: cached.lon, place: cached.place }
  } catch {
    // a broken cache entry is simply replaced
  }
  return undefined
}

function browserPosition(nav: Navigator): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in nav)) {
      geoStore.permission = 'unsupported'
      return reject(new Error('unsupported'))
    }
    nav.geolocation.getCurrentPosition(
      (pos) => {
        geoStore.permission = 'granted'
        resolve({ lat: pos.coords.latitude, lon: pos.coords.longitude })
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) geoStore.permission = 'denied'
        reject(err)
      },
      { timeout: 10000, maximumAge: GEO_CACHE_MS },
    )
  })
}

/**
 * The place of the browser's position, as `geocode` answers it: from the cache when it is younger than an hour,
 * else the browser's position geocoded and cached with the time.
 */
export async function locatePlace<T>(geocode: (pos: Position) => Promise<T>, nav: Navigator = navigator): Promise<T> {
  const cached = readCache<T>(Date.now())
  if (cached) return cached.place
  const pos = await browserPosition(nav)
  const place = await geocode(pos)
  try {
    window.localStorage.setItem(GEO_CACHE_KEY, JSON.stringify({ ...pos, place, at: Date.now() }))
  } catch {
    // storage refused: asked again next time
  }
  return place
}
