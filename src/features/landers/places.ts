// The places a lander slug may name: the regions of the tenant's countries (ISO 3166-2, as the member search
// knows them) and the larger cities in them, with the spellings a marketer may put in a slug (Dutch, French,
// German, English) and the names members' profiles carry for them. Positions are for the map lander.
import type { Locale } from '../../shared/locales'

export interface LanderPlace {
  /** The slug form of the place's main name (amsterdam, den-haag, noord-holland). */
  key: string
  kind: 'city' | 'region'
  /** The name shown, and per language where it differs (Brussel / Bruxelles / Brussels). */
  name: string
  names?: Partial<Record<Locale, string>>
  country: string
  /** The ISO 3166-2 code of the region (the place itself for a region). */
  region: string
  /** Spellings that select it in a slug besides its key. */
  aliases?: readonly string[]
  /** For a city: the names member profiles carry for it. */
  cityNames?: readonly string[]
}

type CityRow = readonly [key: string, name: string, region: string, aliases?: readonly string[], names?: Partial<Record<Locale, string>>, cityNames?: readonly string[]]

const CITIES: Record<string, readonly CityRow[]> = {
  NL: [
    ['amsterdam', 'Amsterdam', 'NL-NH', ['adam', 'mokum']],
    ['rotterdam', 'Rotterdam', 'NL-ZH'],
    ['den-haag', 'Den Haag', 'NL-ZH', ['the-hague', 's-gravenhage', 'denhaag', 'la-haye'], { en: 'The Hague', 'en-US': 'The Hague', fr: 'La Haye' }, ['Den Haag', 'The Hague', "'s-Gravenhage"]],
    ['utrecht', 'Utrecht', 'NL-UT'],
    ['eindhoven', 'Eindhoven', 'NL-NB'],
    ['groningen', 'Groningen', 'NL-GR'],
    ['tilburg', 'Tilburg', 'NL-NB'],
    ['almere', 'Almere', 'NL-FL'],
    ['breda', 'Breda', 'NL-NB'],
    ['nijmegen', 'Nijmegen', 'NL-GE'],
    ['arnhem', 'Arnhem', 'NL-GE'],
    ['haarlem', 'Haarlem', 'NL-NH'],
    ['enschede', 'Enschede', 'NL-OV'],
    ['zwolle', 'Zwolle', 'NL-OV'],
    ['leiden', 'Leiden', 'NL-ZH'],
    ['maastricht', 'Maastricht', 'NL-LI'],
    ['leeuwarden', 'Leeuwarden', 'NL-FR'],
    ['den-bosch', "'s-Hertogenbosch", 'NL-NB', ['s-hertogenbosch', 'hertogenbosch', 'denbosch'], undefined, ["'s-Hertogenbosch", 'Den Bosch']],
    ['apeldoorn', 'Apeldoorn', 'NL-GE'],
    ['amersfoort', 'Amersfoort', 'NL-UT'],
    ['assen', 'Assen', 'NL-DR'],
    ['middelburg', 'Middelburg', 'NL-ZE'],
    ['lelystad', 'Lelystad', 'NL-FL'],
    ['delft', 'Delft', 'NL-ZH'],
    ['dordrecht', 'Dordrecht', 'NL-ZH'],
    ['alkmaar', 'Alkmaar', 'NL-NH'],
    ['venlo', 'Venlo', 'NL-LI'],
    ['deventer', 'Deventer', 'NL-OV'],
    ['emmen', 'Emmen', 'NL-DR'],
    ['hilversum', 'Hilversum', 'NL-NH'],
  ],
  BE: [
    ['brussel', 'Brussel', 'BE-BRU', ['bruxelles', 'brussels', 'bruessel', 'brussel-stad'], { fr: 'Bruxelles', en: 'Brussels', 'en-US': 'Brussels', de: 'Brüssel' }, ['Brussel', 'Bruxelles', 'Brussels']],
    ['antwerpen', 'Antwerpen', 'BE-VAN', ['anvers', 'antwerp'], { fr: 'Anvers', en: 'Antwerp', 'en-US': 'Antwerp' }, ['Antwerpen', 'Anvers', 'Antwerp']],
    ['gent', 'Gent', 'BE-VOV', ['gand', 'ghent'], { fr: 'Gand', en: 'Ghent', 'en-US': 'Ghent' }, ['Gent', 'Gand', 'Ghent']],
    ['brugge', 'Brugge', 'BE-VWV', ['bruges', 'bruegge'], { fr: 'Bruges', en: 'Bruges', 'en-US': 'Bruges', de: 'Brügge' }, ['Brugge', 'Bruges']],
    ['leuven', 'Leuven', 'BE-VBR', ['louvain'], { fr: 'Louvain' }, ['Leuven', 'Louvain']],
    ['mechelen', 'Mechelen', 'BE-VAN', ['malines'], { fr: 'Malines' }],
    ['hasselt', 'Hasselt', 'BE-VLI'],
    ['genk', 'Genk', 'BE-VLI'],
    ['kortrijk', 'Kortrijk', 'BE-VWV', ['courtrai'], { fr: 'Courtrai' }],
    ['oostende', 'Oostende', 'BE-VWV', ['ostende', 'ostend'], { fr: 'Ostende', en: 'Ostend', 'en-US': 'Ostend' }, ['Oostende', 'Ostende']],
    ['aalst', 'Aalst', 'BE-VOV', ['alost']],
    ['liege', 'Liège', 'BE-WLG', ['luik', 'luettich', 'lüttich'], { nl: 'Luik', de: 'Lüttich' }, ['Liège', 'Luik', 'Liege']],
    ['charleroi', 'Charleroi', 'BE-WHT'],
    ['namur', 'Namur', 'BE-WNA', ['namen'], { nl: 'Namen' }],
    ['mons', 'Mons', 'BE-WHT', ['bergen'], { nl: 'Bergen' }],
    ['tournai', 'Tournai', 'BE-WHT', ['doornik'], { nl: 'Doornik' }],
    ['wavre', 'Wavre', 'BE-WBR', ['waver'], { nl: 'Waver' }],
    ['arlon', 'Arlon', 'BE-WLX', ['aarlen'], { nl: 'Aarlen' }],
  ],
  DE: [
    ['berlin', 'Berlin', 'DE-BE', ['berlijn'], { nl: 'Berlijn' }],
    ['hamburg', 'Hamburg', 'DE-HH', ['hambourg']],
    ['muenchen', 'München', 'DE-BY', ['munchen', 'munich'], { en: 'Munich', 'en-US': 'Munich', fr: 'Munich' }, ['München', 'Munich']],
    ['koeln', 'Köln', 'DE-NW', ['koln', 'cologne', 'keulen'], { nl: 'Keulen', en: 'Cologne', 'en-US': 'Cologne', fr: 'Cologne' }, ['Köln', 'Cologne']],
    ['frankfurt', 'Frankfurt am Main', 'DE-HE', ['frankfurt-am-main'], undefined, ['Frankfurt am Main', 'Frankfurt']],
    ['stuttgart', 'Stuttgart', 'DE-BW'],
    ['duesseldorf', 'Düsseldorf', 'DE-NW', ['dusseldorf'], undefined, ['Düsseldorf']],
    ['dortmund', 'Dortmund', 'DE-NW'],
    ['essen', 'Essen', 'DE-NW'],
    ['leipzig', 'Leipzig', 'DE-SN'],
    ['bremen', 'Bremen', 'DE-HB'],
    ['dresden', 'Dresden', 'DE-SN'],
    ['hannover', 'Hannover', 'DE-NI', ['hanover']],
    ['nuernberg', 'Nürnberg', 'DE-BY', ['nurnberg', 'nuremberg', 'neurenberg'], { en: 'Nuremberg', 'en-US': 'Nuremberg', nl: 'Neurenberg' }, ['Nürnberg']],
    ['bonn', 'Bonn', 'DE-NW'],
    ['muenster', 'Münster', 'DE-NW', ['munster'], undefined, ['Münster']],
    ['aachen', 'Aachen', 'DE-NW', ['aken'], { nl: 'Aken', fr: 'Aix-la-Chapelle' }],
    ['duisburg', 'Duisburg', 'DE-NW'],
    ['karlsruhe', 'Karlsruhe', 'DE-BW'],
    ['mannheim', 'Mannheim', 'DE-BW'],
    ['freiburg', 'Freiburg im Breisgau', 'DE-BW', ['freiburg-im-breisgau'], undefined, ['Freiburg im Breisgau', 'Freiburg']],
    ['kiel', 'Kiel', 'DE-SH'],
  ],
}

/** Extra slug spellings of regions (English and local short forms). */
const REGION_ALIASES: Record<string, readonly string[]> = {
  'NL-NH': ['north-holland'],
  'NL-ZH': ['south-holland'],
  'NL-NB': ['brabant', 'north-brabant'],
  'NL-FR': ['fryslan', 'friesland'],
  'BE-BRU': ['brussels-hoofdstedelijk-gewest', 'region-bruxelles'],
  'BE-VAN': ['provincie-antwerpen'],
  'BE-WLG': ['provincie-luik'],
  'DE-NW': ['nrw', 'north-rhine-westphalia'],
  'DE-BY': ['bavaria', 'beieren'],
  'DE-BW': ['baden-wurttemberg'],
  'DE-NI': ['lower-saxony', 'nedersaksen'],
  'DE-HE': ['hesse', 'hessen'],
}

/** Lowercase, accents off (ä ö ü also as ae oe ue elsewhere), anything else a dash: the slug form of a name. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * The places of the given countries: their regions (code and name, as the member search lists them) and cities.
 * A city is listed before a region of the same slug (Utrecht the city, Groningen the city).
 */
export function placesOf(countries: readonly string[], regionsOf: (country: string) => readonly { code: string; name: string }[]): LanderPlace[] {
  const out: LanderPlace[] = []
  for (const country of countries) {
    for (const [key, name, region, aliases, names, cityNames] of CITIES[country] ?? []) {
      out.push({ key, kind: 'city', name, names, country, region, aliases, cityNames: cityNames ?? [name] })
    }
  }
  for (const country of countries) {
    for (const r of regionsOf(country)) {
      out.push({ key: slugify(r.name), kind: 'region', name: r.name, country, region: r.code, aliases: REGION_ALIASES[r.code] })
    }
  }
  return out
}

/** The name of a place in a language. */
export function placeName(place: Pick<LanderPlace, 'name' | 'names'>, lng: Locale): string {
  return place.names?.[lng] ?? place.name
}
