// The map lander's map: simplified outlines of the Netherlands, Belgium and Germany drawn from a few dozen
// longitude/latitude points each, and where each region's marker goes. Everything ships with the project: no tile
// server, no other host. An equirectangular projection scaled by cos(51.5°) is true enough at this size.

type LonLat = readonly [number, number]

export const MAP_COUNTRIES = ['NL', 'BE', 'DE'] as const

const OUTLINES: Record<(typeof MAP_COUNTRIES)[number], readonly LonLat[]> = {
  NL: [
    [3.37, 51.37], [3.6, 51.3], [3.85, 51.21], [4.24, 51.37], [4.53, 51.48], [4.77, 51.5], [5.04, 51.48], [5.1, 51.43], [5.24, 51.31],
    [5.55, 51.27], [5.85, 51.15], [5.76, 51.0], [5.64, 50.85], [5.7, 50.76], [6.02, 50.75], [6.08, 50.9], [5.9, 51.05], [6.08, 51.17],
    [6.22, 51.36], [6.22, 51.52], [5.95, 51.74], [6.17, 51.85], [6.4, 51.83], [6.83, 51.97], [6.7, 52.07], [7.07, 52.24], [7.03, 52.64],
    [7.21, 53.0], [7.2, 53.24], [6.9, 53.35], [6.2, 53.41], [5.6, 53.38], [5.4, 53.2], [5.35, 53.05], [5.05, 52.96], [4.75, 52.96],
    [4.62, 52.6], [4.5, 52.3], [4.25, 52.1], [4.1, 51.98], [3.9, 51.82], [3.7, 51.7], [3.45, 51.55], [3.55, 51.45],
  ],
  BE: [
    [2.54, 51.09], [3.37, 51.37], [3.6, 51.3], [3.85, 51.21], [4.24, 51.37], [4.53, 51.48], [4.77, 51.5], [5.04, 51.48], [5.1, 51.43],
    [5.24, 51.31], [5.55, 51.27], [5.85, 51.15], [5.76, 51.0], [5.64, 50.85], [5.7, 50.76], [6.02, 50.75], [6.27, 50.62], [6.4, 50.33],
    [6.13, 50.13], [5.75, 49.8], [5.82, 49.55], [5.47, 49.5], [4.86, 49.79], [4.85, 50.15], [4.23, 49.96], [4.14, 50.27], [3.66, 50.34],
    [3.29, 50.53], [2.9, 50.7], [2.61, 50.82],
  ],
  DE: [
    [7.2, 53.24], [7.21, 53.0], [7.03, 52.64], [7.07, 52.24], [6.7, 52.07], [6.83, 51.97], [6.4, 51.83], [6.17, 51.85], [5.95, 51.74],
    [6.22, 51.52], [6.22, 51.36], [6.08, 51.17], [5.9, 51.05], [6.08, 50.9], [6.02, 50.75], [6.27, 50.62], [6.4, 50.33], [6.13, 50.13],
    [6.5, 49.8], [6.36, 49.47], [6.73, 49.16], [7.05, 49.11], [7.6, 49.05], [8.2, 48.97], [7.8, 48.5], [7.55, 47.9], [7.59, 47.58],
    [8.2, 47.62], [8.6, 47.8], [9.0, 47.67], [9.56, 47.53], [10.0, 47.48], [10.45, 47.55], [11.0, 47.42], [12.2, 47.6], [13.0, 47.47],
    [12.9, 47.75], [13.0, 48.0], [12.76, 48.12], [13.4, 48.35], [13.83, 48.77], [13.0, 49.3], [12.4, 49.75], [12.1, 50.25], [12.5, 50.4],
    [13.5, 50.6], [14.3, 50.9], [14.82, 50.87], [15.0, 51.1], [14.7, 51.55], [14.6, 52.0], [14.64, 52.57], [14.13, 52.83], [14.4, 53.3],
    [14.27, 53.7], [13.8, 54.0], [13.4, 54.3], [13.4, 54.6], [12.4, 54.4], [11.0, 54.0], [11.1, 54.4], [10.0, 54.5], [9.9, 54.8],
    [9.4, 54.83], [8.65, 54.9], [8.6, 54.5], [8.9, 54.1], [8.7, 53.88], [8.1, 53.55], [7.9, 53.7], [7.0, 53.6],
  ],
}

/** A point inside each region (its seat or middle), for the markers. */
const REGION_POINTS: Record<string, LonLat> = {
  'NL-DR': [6.6, 52.9], 'NL-FL': [5.5, 52.5], 'NL-FR': [5.8, 53.1], 'NL-GE': [5.9, 52.05], 'NL-GR': [6.65, 53.2], 'NL-LI': [5.9, 51.2],
  'NL-NB': [5.2, 51.58], 'NL-NH': [4.85, 52.5], 'NL-OV': [6.45, 52.4], 'NL-UT': [5.15, 52.08], 'NL-ZE': [3.8, 51.5], 'NL-ZH': [4.5, 51.98],
  'BE-VAN': [4.65, 51.2], 'BE-VOV': [3.8, 51.02], 'BE-VWV': [3.05, 51.05], 'BE-VBR': [4.75, 50.88], 'BE-VLI': [5.4, 51.0], 'BE-BRU': [4.36, 50.85],
  'BE-WBR': [4.6, 50.66], 'BE-WHT': [3.95, 50.48], 'BE-WLG': [5.7, 50.5], 'BE-WNA': [4.85, 50.3], 'BE-WLX': [5.5, 49.95],
  'DE-BW': [9.0, 48.6], 'DE-BY': [11.5, 48.9], 'DE-BE': [13.4, 52.52], 'DE-BB': [13.3, 52.2], 'DE-HB': [8.8, 53.08], 'DE-HH': [10.0, 53.55],
  'DE-HE': [9.0, 50.6], 'DE-MV': [12.4, 53.75], 'DE-NI': [9.3, 52.7], 'DE-NW': [7.5, 51.45], 'DE-RP': [7.4, 49.9], 'DE-SL': [6.95, 49.38],
  'DE-SN': [13.3, 51.05], 'DE-ST': [11.7, 51.95], 'DE-SH': [9.7, 54.2], 'DE-TH': [11.0, 50.9],
}

const K = 100
const COS = Math.cos((51.5 * Math.PI) / 180)
const WEST = 2.3
const NORTH = 55.2

/** Map units (x right, y down) of a longitude/latitude. */
export function project([lon, lat]: LonLat): [number, number] {
  return [Math.round((lon - WEST) * K * COS * 10) / 10, Math.round((NORTH - lat) * K * 10) / 10]
}

/** The outline of a country as an SVG path. */
export function outlinePath(country: (typeof MAP_COUNTRIES)[number]): string {
  return OUTLINES[country].map((p, i) => `${i ? 'L' : 'M'}${project(p).join(' ')}`).join('') + 'Z'
}

/** The marker position of a region, or undefined for one the map does not know. */
export function regionPoint(code: string): [number, number] | undefined {
  const p = REGION_POINTS[code]
  return p ? project(p) : undefined
}

/** The box around the given countries' outlines, with a margin: what the map shows. */
export function viewBoxOf(countries: readonly string[]): string {
  const shown = countries.filter((c): c is (typeof MAP_COUNTRIES)[number] => (MAP_COUNTRIES as readonly string[]).includes(c))
  const points = (shown.length ? shown : MAP_COUNTRIES).flatMap((c) => OUTLINES[c].map(project))
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const pad = 12
  const x = Math.min(...xs) - pad
  const y = Math.min(...ys) - pad
  return `${Math.round(x)} ${Math.round(y)} ${Math.round(Math.max(...xs) - x + pad)} ${Math.round(Math.max(...ys) - y + pad)}`
}
