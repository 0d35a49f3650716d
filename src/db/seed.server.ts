// Demo data: fictional members per pool with locally generated avatars, and two demo accounts per tenant.
// Deterministic (seeded PRNG, seeded avatars); only dates are relative to "now" and file names are random.
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { createAvatar, type Style, type StyleOptions } from '@dicebear/core'
import { lorelei } from '@dicebear/collection'
import sharp from 'sharp'
import type { Db, Tx } from './client.server'
import { accounts, creditLedger, notificationSettings, photos, profiles } from './schema'
import { INTEREST_KEYS, type Tenant } from '../shared/tenant-schema'
import { hashPassword } from '../features/accounts/passwords.server'
import { localMediaStorage, type MediaStorage } from '../server/media-storage.server'

export interface DemoAccount {
  tenantId: string
  email: string
  password: string
  kind: 'free' | 'premium'
  name: string
}

export interface SeedOptions {
  tenants: Tenant[]
  mediaDir: string
  /** Where the avatars go (the media storage of the services); default: the local directory mediaDir. */
  media?: MediaStorage
  /** Fictional members per pool; default 320. */
  membersPerPool?: number
  log?: (line: string) => void
}

type Gender = 'male' | 'female'
type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi'
type Interest = (typeof INTEREST_KEYS)[number]

const FREE_PASSWORD = 'demo-free-123'
const PREMIUM_PASSWORD = 'demo-premium-123'
const PREMIUM_CREDITS = 250
const BATCH = 100
const IMAGE_CONCURRENCY = 4
const FULL_SIZE = 512
const THUMB_SIZE = 160
const DAY = 86_400_000

// ---------------------------------------------------------------------------------------------------------------
// Demo personas: two per tenant. Tenants not listed here get a generic pair (see personasFor).

interface Persona {
  name: string
  gender: Gender
  sexuality: Sexuality
  seeking: Gender
  age: number
}

const DEMO_PERSONAS: Record<string, { free: Persona; premium: Persona }> = {
  datingstad: {
    free: { name: 'Sanne', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 31 },
    premium: { name: 'Mark', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 38 },
  },
  flirtbelgie: {
    free: { name: 'Wout', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 29 },
    premium: { name: 'Lien', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 34 },
  },
  mannenmatch: {
    free: { name: 'Thijs', gender: 'male', sexuality: 'gay', seeking: 'male', age: 27 },
    premium: { name: 'Ruben', gender: 'male', sexuality: 'gay', seeking: 'male', age: 41 },
  },
  rijpedates: {
    free: { name: 'Erik', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 36 },
    premium: { name: 'Ingrid', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 52 },
  },
}

function personasFor(tenant: Tenant): { free: Persona; premium: Persona } {
  const known = DEMO_PERSONAS[tenant.id]
  if (known) return known
  if (tenant.niche === 7) {
    return {
      free: { name: 'Tim', gender: 'male', sexuality: 'gay', seeking: 'male', age: 30 },
      premium: { name: 'Jeroen', gender: 'male', sexuality: 'gay', seeking: 'male', age: 44 },
    }
  }
  return {
    free: { name: 'Tim', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 33 },
    premium: { name: 'Lisa', gender: 'female', sexuality: 'hetero', seeking: 'male', age: tenant.niche === 6 ? 48 : 32 },
  }
}

/** The e-mail of a tenant's demo account of a kind, and of the n-th fictional member of a pool (n from 1). */
const demoEmail = (tenantId: string, kind: 'free' | 'premium') => `${kind}@${tenantId}.demo`
const fictionalEmail = (pool: string, n: number) => `fictief-${pool}-${n}@demo.invalid`

function demoAccountsFor(tenantId: string, personas: { free: Persona; premium: Persona }): DemoAccount[] {
  return [
    { tenantId, email: demoEmail(tenantId, 'free'), password: FREE_PASSWORD, kind: 'free', name: personas.free.name },
    { tenantId, email: demoEmail(tenantId, 'premium'), password: PREMIUM_PASSWORD, kind: 'premium', name: personas.premium.name },
  ]
}

/** The demo accounts a tenant gets on a demo install (npm run tenant:new prints them for a new tenant). */
export function demoAccountsOfTenant(tenant: Tenant): DemoAccount[] {
  return demoAccountsFor(tenant.id, personasFor(tenant))
}

/** The demo member accounts with known passwords: two per tenant (one free, one premium). */
export const DEMO_ACCOUNTS: DemoAccount[] = Object.entries(DEMO_PERSONAS).flatMap(([id, p]) => demoAccountsFor(id, p))

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

function hashSeed(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

class Rng {
  private state: number
  constructor(seed: string) {
    this.state = hashSeed(seed)
  }
  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0)
    let r = this.next() * total
    for (const [value, w] of entries) {
      r -= w
      if (r < 0) return value
    }
    return entries[entries.length - 1][0]
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[items[i], items[j]] = [items[j], items[i]]
    }
    return items
  }
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.min(count, items.length))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Geography: ISO 3166-2 regions with real cities inside them and their approximate coordinates.

type City = readonly [name: string, lat: number, lon: number]
interface Region {
  code: string
  weight: number
  cities: readonly City[]
}

const GEO: Record<string, readonly Region[]> = {
  NL: [
    { code: 'NL-NH', weight: 17, cities: [['Amsterdam', 52.3676, 4.9041], ['Haarlem', 52.3874, 4.6462], ['Alkmaar', 52.6324, 4.7534], ['Hilversum', 52.2292, 5.1669], ['Zaandam', 52.442, 4.8292], ['Hoorn', 52.6424, 5.0597], ['Den Helder', 52.9563, 4.76]] },
    { code: 'NL-ZH', weight: 21, cities: [['Rotterdam', 51.9244, 4.4777], ['Den Haag', 52.0705, 4.3007], ['Leiden', 52.1601, 4.497], ['Delft', 52.0116, 4.3571], ['Dordrecht', 51.8133, 4.6901], ['Zoetermeer', 52.0575, 4.4931], ['Gouda', 52.0115, 4.7105]] },
    { code: 'NL-UT', weight: 8, cities: [['Utrecht', 52.0907, 5.1214], ['Amersfoort', 52.1561, 5.3878], ['Nieuwegein', 52.0292, 5.0806], ['Zeist', 52.0907, 5.2332], ['Veenendaal', 52.0271, 5.5583]] },
    { code: 'NL-NB', weight: 15, cities: [['Eindhoven', 51.4416, 5.4697], ['Tilburg', 51.5555, 5.0913], ['Breda', 51.5719, 4.7683], ["'s-Hertogenbosch", 51.6978, 5.3037], ['Helmond', 51.4793, 5.657], ['Oss', 51.765, 5.5181]] },
    { code: 'NL-GE', weight: 12, cities: [['Arnhem', 51.9851, 5.8987], ['Nijmegen', 51.8126, 5.8372], ['Apeldoorn', 52.2112, 5.9699], ['Ede', 52.0402, 5.6649], ['Doetinchem', 51.965, 6.2886], ['Zutphen', 52.1385, 6.2013]] },
    { code: 'NL-GR', weight: 3.5, cities: [['Groningen', 53.2194, 6.5665], ['Hoogezand', 53.1617, 6.7597], ['Veendam', 53.1067, 6.8792], ['Delfzijl', 53.33, 6.9187], ['Stadskanaal', 52.9896, 6.9503]] },
    { code: 'NL-FR', weight: 4, cities: [['Leeuwarden', 53.2012, 5.7999], ['Sneek', 53.0325, 5.6589], ['Heerenveen', 52.9597, 5.9242], ['Drachten', 53.1026, 6.0986], ['Harlingen', 53.1744, 5.4237]] },
    { code: 'NL-DR', weight: 3, cities: [['Assen', 52.9925, 6.5649], ['Emmen', 52.7792, 6.9069], ['Hoogeveen', 52.7227, 6.4759], ['Meppel', 52.6956, 6.1944]] },
    { code: 'NL-OV', weight: 7, cities: [['Zwolle', 52.5168, 6.083], ['Enschede', 52.2215, 6.8937], ['Deventer', 52.255, 6.1639], ['Hengelo', 52.2658, 6.7931], ['Almelo', 52.3567, 6.6625], ['Kampen', 52.555, 5.9114]] },
    { code: 'NL-FL', weight: 2.5, cities: [['Almere', 52.3508, 5.2647], ['Lelystad', 52.5185, 5.4714], ['Dronten', 52.525, 5.7181], ['Emmeloord', 52.7108, 5.748]] },
    { code: 'NL-ZE', weight: 2.3, cities: [['Middelburg', 51.4988, 3.6136], ['Vlissingen', 51.4426, 3.5736], ['Goes', 51.504, 3.8889], ['Terneuzen', 51.3358, 3.8276]] },
    { code: 'NL-LI', weight: 6, cities: [['Maastricht', 50.8514, 5.691], ['Venlo', 51.3704, 6.1724], ['Heerlen', 50.8882, 5.9795], ['Sittard', 50.9983, 5.8692], ['Roermond', 51.1942, 5.987], ['Weert', 51.2517, 5.7069]] },
  ],
  BE: [
    { code: 'BE-VAN', weight: 16, cities: [['Antwerpen', 51.2194, 4.4025], ['Mechelen', 51.0259, 4.4776], ['Turnhout', 51.3227, 4.9447], ['Lier', 51.1313, 4.5704], ['Mol', 51.1911, 5.1166], ['Geel', 51.1614, 4.9897]] },
    { code: 'BE-VOV', weight: 13, cities: [['Gent', 51.0543, 3.7174], ['Aalst', 50.9378, 4.0403], ['Sint-Niklaas', 51.165, 4.1437], ['Dendermonde', 51.0286, 4.1011], ['Oudenaarde', 50.8456, 3.605], ['Lokeren', 51.1036, 3.9917]] },
    { code: 'BE-VWV', weight: 10, cities: [['Brugge', 51.2093, 3.2247], ['Kortrijk', 50.8279, 3.2649], ['Oostende', 51.2154, 2.9286], ['Roeselare', 50.9469, 3.1227], ['Ieper', 50.8503, 2.885], ['Knokke-Heist', 51.3456, 3.2869]] },
    { code: 'BE-VBR', weight: 10, cities: [['Leuven', 50.8798, 4.7005], ['Vilvoorde', 50.9281, 4.4258], ['Halle', 50.7339, 4.2345], ['Tienen', 50.8072, 4.9376], ['Aarschot', 50.9866, 4.8365], ['Zaventem', 50.8836, 4.4728]] },
    { code: 'BE-VLI', weight: 8, cities: [['Hasselt', 50.9307, 5.3325], ['Genk', 50.965, 5.5008], ['Sint-Truiden', 50.8164, 5.1866], ['Tongeren', 50.7805, 5.4644], ['Lommel', 51.2306, 5.3136], ['Maasmechelen', 50.9655, 5.6943]] },
    { code: 'BE-BRU', weight: 11, cities: [['Brussel', 50.8503, 4.3517], ['Elsene', 50.8333, 4.3667], ['Schaarbeek', 50.8676, 4.3774], ['Anderlecht', 50.8333, 4.3072], ['Ukkel', 50.8025, 4.3375], ['Etterbeek', 50.8361, 4.3861]] },
    { code: 'BE-WHT', weight: 12, cities: [['Charleroi', 50.4108, 4.4446], ['Mons', 50.4542, 3.9523], ['Tournai', 50.6056, 3.3878], ['La Louvière', 50.4797, 4.1883], ['Mouscron', 50.7446, 3.2068]] },
    { code: 'BE-WLG', weight: 10, cities: [['Liège', 50.6326, 5.5797], ['Verviers', 50.5891, 5.8623], ['Seraing', 50.5833, 5.5], ['Huy', 50.5186, 5.24], ['Spa', 50.4921, 5.8643], ['Eupen', 50.628, 6.035]] },
    { code: 'BE-WNA', weight: 4, cities: [['Namur', 50.4674, 4.8718], ['Dinant', 50.2606, 4.9122], ['Gembloux', 50.5614, 4.6913], ['Ciney', 50.2947, 5.1003], ['Philippeville', 50.1961, 4.5431]] },
    { code: 'BE-WLX', weight: 2.5, cities: [['Arlon', 49.6833, 5.8167], ['Bastogne', 50.0035, 5.7195], ['Marche-en-Famenne', 50.227, 5.344], ['Durbuy', 50.3529, 5.4567], ['Bouillon', 49.7938, 5.0676]] },
    { code: 'BE-WBR', weight: 3.5, cities: [['Wavre', 50.7167, 4.6], ['Nivelles', 50.5983, 4.3285], ['Ottignies-Louvain-la-Neuve', 50.6684, 4.6118], ['Waterloo', 50.7147, 4.3992], ["Braine-l'Alleud", 50.6837, 4.368]] },
  ],
  DE: [
    { code: 'DE-BE', weight: 7, cities: [['Berlin', 52.52, 13.405]] },
    { code: 'DE-HH', weight: 4, cities: [['Hamburg', 53.5511, 9.9937]] },
    { code: 'DE-NW', weight: 18, cities: [['Köln', 50.9375, 6.9603], ['Düsseldorf', 51.2277, 6.7735], ['Dortmund', 51.5136, 7.4653], ['Essen', 51.4556, 7.0116], ['Bonn', 50.7374, 7.0982], ['Münster', 51.9607, 7.6261], ['Aachen', 50.7753, 6.0839]] },
    { code: 'DE-BY', weight: 13, cities: [['München', 48.1351, 11.582], ['Nürnberg', 49.4521, 11.0767], ['Augsburg', 48.3705, 10.8978], ['Regensburg', 49.0134, 12.1016], ['Würzburg', 49.7913, 9.9534]] },
    { code: 'DE-HE', weight: 6, cities: [['Frankfurt am Main', 50.1109, 8.6821], ['Wiesbaden', 50.0782, 8.2398], ['Kassel', 51.3127, 9.4797], ['Darmstadt', 49.8728, 8.6512], ['Marburg', 50.8021, 8.7667]] },
    { code: 'DE-NI', weight: 8, cities: [['Hannover', 52.3759, 9.732], ['Braunschweig', 52.2689, 10.5268], ['Osnabrück', 52.2799, 8.0472], ['Oldenburg', 53.1435, 8.2146], ['Göttingen', 51.5413, 9.9158]] },
    { code: 'DE-BW', weight: 11, cities: [['Stuttgart', 48.7758, 9.1829], ['Karlsruhe', 49.0069, 8.4037], ['Mannheim', 49.4875, 8.466], ['Freiburg im Breisgau', 47.999, 7.8421], ['Heidelberg', 49.3988, 8.6724]] },
  ],
}

/** How members of a pool are spread over its countries (unlisted countries weigh 1). */
const COUNTRY_WEIGHT: Record<string, number> = { NL: 6.5, BE: 3.5, DE: 4 }

interface Place {
  country: string
  region: string
  city: string
  latitude: string
  longitude: string
}

function pickPlace(rng: Rng, country: string): Place {
  const region = rng.weighted(GEO[country].map((r) => [r, r.weight] as const))
  // The main city of a region is the most likely one.
  const [city, lat, lon] = rng.weighted(region.cities.map((c, i) => [c, i === 0 ? 3 : 1] as const))
  const jitter = () => (rng.next() - 0.5) * 0.02
  return { country, region: region.code, city, latitude: (lat + jitter()).toFixed(6), longitude: (lon + jitter()).toFixed(6) }
}

// ---------------------------------------------------------------------------------------------------------------
// Names: classic names for older members, modern ones for younger members.

const NAMES: Record<string, Record<Gender, { classic: readonly string[]; modern: readonly string[] }>> = {
  NL: {
    female: {
      classic: ['Ingrid', 'Carla', 'Gerda', 'Annemiek', 'Yvonne', 'Monique', 'Petra', 'Karin', 'Anja', 'Ellen', 'Jolanda', 'Marianne', 'Wilma', 'Ria', 'Joke', 'Astrid', 'Esther', 'Sandra', 'Linda', 'Marieke', 'Inge', 'Saskia', 'Miranda', 'Bianca', 'Mirjam', 'Judith', 'Margreet', 'Diana', 'Marjolein', 'Simone', 'Brigitte', 'Annelies'],
      modern: ['Sanne', 'Lotte', 'Eva', 'Femke', 'Anouk', 'Lisa', 'Sophie', 'Iris', 'Kim', 'Fleur', 'Noor', 'Roos', 'Tamara', 'Manon', 'Daphne', 'Willemijn', 'Loes', 'Ilse', 'Marloes', 'Nicole', 'Wendy', 'Renate', 'Hanneke', 'Emma', 'Julia', 'Tess', 'Lieke', 'Demi', 'Sara', 'Laura', 'Anne', 'Maud', 'Eline', 'Jasmijn'],
    },
    male: {
      classic: ['Pieter', 'Jeroen', 'Stefan', 'Mark', 'Erik', 'Hans', 'Peter', 'Frank', 'Marco', 'Johan', 'Kees', 'Jan', 'Gert', 'Arjen', 'Remco', 'Henk', 'Wim', 'Rob', 'Ronald', 'Edwin', 'René', 'Richard', 'Paul', 'Marcel', 'André', 'Gerard', 'Michiel', 'Maarten', 'Martijn', 'Sander', 'Dennis'],
      modern: ['Daan', 'Bram', 'Joris', 'Koen', 'Wouter', 'Thijs', 'Lars', 'Rick', 'Tim', 'Niels', 'Jasper', 'Ruben', 'Bas', 'Sjoerd', 'Tom', 'Vincent', 'Gijs', 'Robin', 'Timo', 'Jesse', 'Luuk', 'Sem', 'Stijn', 'Milan', 'Thomas', 'Jelle', 'Mats'],
    },
  },
  BE: {
    female: {
      classic: ['Annelies', 'Els', 'Hilde', 'Griet', 'Katrien', 'An', 'Veerle', 'Nathalie', 'Kathleen', 'Martine', 'Christine', 'Mieke', 'Greet', 'Ann', 'Marleen', 'Rita', 'Carine', 'Isabelle', 'Valérie', 'Sabine', 'Kristel', 'Patricia', 'Inge', 'Ingrid'],
      modern: ['Lien', 'Sofie', 'Evelien', 'Leen', 'Tine', 'Sarah', 'Elke', 'Lies', 'Nele', 'Charlotte', 'Julie', 'Céline', 'Aurélie', 'Laura', 'Lore', 'Fien', 'Febe', 'Marie', 'Emma', 'Hanne', 'Silke', 'Jolien', 'Margot', 'Camille'],
    },
    male: {
      classic: ['Dirk', 'Kris', 'Geert', 'Steven', 'Yves', 'Luc', 'Filip', 'Pascal', 'Bart', 'Jan', 'Wim', 'Patrick', 'Marc', 'Johan', 'Eric', 'Philippe', 'Didier', 'Guy', 'Rudi', 'Frank', 'Peter', 'Koen', 'Hans'],
      modern: ['Wout', 'Jens', 'Kevin', 'Tom', 'Thomas', 'Maxime', 'Nicolas', 'Olivier', 'Sébastien', 'Julien', 'Frederik', 'Stijn', 'Jelle', 'Brecht', 'Sven', 'Ruben', 'Pieter', 'Joris', 'Tim', 'Arne', 'Seppe', 'Lander', 'Wannes', 'Robbe'],
    },
  },
  DE: {
    female: {
      classic: ['Sabine', 'Petra', 'Andrea', 'Claudia', 'Susanne', 'Birgit', 'Monika', 'Karin', 'Heike', 'Martina', 'Ute', 'Gabriele'],
      modern: ['Anna', 'Lena', 'Laura', 'Julia', 'Lea', 'Hannah', 'Sophie', 'Katharina', 'Johanna', 'Marie', 'Nina', 'Lisa'],
    },
    male: {
      classic: ['Michael', 'Andreas', 'Stefan', 'Markus', 'Thomas', 'Christian', 'Matthias', 'Jens', 'Sven', 'Torsten', 'Uwe', 'Jürgen', 'Dirk', 'Oliver', 'Frank', 'Ralf', 'Holger', 'Bernd', 'Klaus', 'Wolfgang', 'Carsten', 'Jörg'],
      modern: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias', 'Florian', 'Sebastian', 'Daniel', 'Alexander', 'Jan', 'Niklas', 'Philipp', 'Julian', 'Moritz', 'Simon', 'Benedikt', 'Kai', 'Patrick', 'Timo', 'Leon', 'Paul', 'Fabian', 'Tim', 'Dominik'],
    },
  },
}

function pickName(rng: Rng, country: string, gender: Gender, age: number): string {
  const lists = (NAMES[country] ?? NAMES.NL)[gender]
  const classic = age >= 45 ? rng.chance(0.8) : age >= 35 ? rng.chance(0.45) : rng.chance(0.1)
  return rng.pick(classic ? lists.classic : lists.modern)
}

// ---------------------------------------------------------------------------------------------------------------
// Texts: short Dutch self-descriptions assembled from fragments.

const INTEREST_NL: Record<Interest, string> = {
  travel: 'reizen', cooking: 'koken', music: 'muziek', movies: 'films', sports: 'sport', fitness: 'fitness', reading: 'lezen',
  dancing: 'dansen', nature: 'de natuur', animals: 'dieren', photography: 'fotografie', art: 'kunst', gaming: 'gamen',
  wine: 'wijn', cycling: 'fietsen', beach: 'het strand', festivals: 'festivals', fashion: 'mode',
  gardening: 'tuinieren', theatre: 'theater',
}

const INTEREST_PLACE: Partial<Record<Interest, string>> = {
  travel: 'op reis, op zoek naar een nieuwe bestemming', cooking: 'in de keuken', nature: 'in het bos of op de hei',
  cycling: 'op de fiets', beach: 'aan het strand', festivals: 'op een festival', fitness: 'in de sportschool',
  theatre: 'in het theater', dancing: 'op de dansvloer', reading: 'met een boek op de bank', gardening: 'in de tuin',
  wine: 'op een terrasje met een glas wijn', sports: 'op het sportveld', photography: 'met mijn camera op pad',
  art: 'in een museum', animals: 'buiten met de hond', music: 'bij een concert',
}

const UNWIND: Partial<Record<Interest, string>> = {
  reading: 'een goed boek', music: 'goede muziek', movies: 'een film', cooking: 'een uitgebreide maaltijd', gaming: 'een game',
  wine: 'een glas wijn', gardening: 'een uurtje in de tuin', fitness: 'een training', sports: 'een potje sport', nature: 'een boswandeling',
  animals: 'een wandeling met de hond', cycling: 'een fietstochtje', beach: 'een strandwandeling', theatre: 'een voorstelling', art: 'tekenen',
  dancing: 'een dansles', photography: 'mijn camera',
}
const GENERIC_PLACES = ['op het terras', 'in de stad', 'buiten in de natuur', 'bij vrienden aan tafel', 'op de markt']
const ADJECTIVES = ['vrolijke', 'spontane', 'nuchtere', 'rustige', 'eerlijke', 'sportieve', 'zorgzame', 'avontuurlijke', 'positieve', 'creatieve', 'gezellige', 'nieuwsgierige', 'romantische', 'relaxte', 'energieke', 'lieve']
const TRAITS = ['eerlijk', 'spontaan', 'zorgzaam', 'nuchter', 'grappig', 'loyaal', 'avontuurlijk', 'direct', 'warm', 'rustig', 'optimistisch', 'attent', 'gezellig', 'ondernemend']
const JOBS = ['in de zorg', 'in het onderwijs', 'in de ICT', 'in de horeca', 'bij een bank', 'als zelfstandige', 'in de bouw', 'bij de gemeente', 'in een ziekenhuis', 'in de logistiek', 'als ondernemer', 'in een winkel', 'op een kantoor', 'in de techniek', 'bij een reisbureau', 'in de kinderopvang']
const STUDENT_JOBS = ['naast mijn studie in de horeca', 'parttime in een winkel', 'naast mijn opleiding in de zorg', 'als bijbaantje in een café']
const PARTNER_ADJECTIVES = ['leuke', 'spontane', 'eerlijke', 'lieve', 'sportieve', 'rustige', 'grappige', 'zorgzame', 'stoere', 'open']

interface TextContext {
  name: string
  gender: Gender
  seeking: Gender
  age: number
  city: string
  interests: Interest[]
  relationshipStatus: string
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function personNoun(rng: Rng, gender: Gender, age: number): string {
  if (gender === 'female') return age < 30 ? rng.pick(['meid', 'vrouw']) : 'vrouw'
  return age < 30 ? rng.pick(['jongen', 'man', 'kerel']) : rng.pick(['man', 'man', 'vent'])
}

function job(rng: Rng, age: number): string {
  return age <= 23 ? rng.pick(STUDENT_JOBS) : rng.pick(JOBS)
}

function aboutText(rng: Rng, c: TextContext): string {
  const noun = personNoun(rng, c.gender, c.age)
  const adj = rng.pick(ADJECTIVES)
  const [t1, t2] = rng.sample(TRAITS, 2)
  const i1 = INTEREST_NL[c.interests[0]]
  const i2 = INTEREST_NL[c.interests[1] ?? c.interests[0]]
  const retired = c.age >= 66
  const intros: (() => string)[] = [
    () => `${cap(adj)} ${noun} uit ${c.city} die volop van het leven geniet.`,
    () => `Hoi, ik ben ${c.name}, ${c.age} jaar en ik woon in ${c.city}.`,
    () => (retired ? `Ik woon in ${c.city} en geniet volop van mijn pensioen.` : `Ik woon in ${c.city} en werk ${job(rng, c.age)}.`),
    () => `${cap(adj)} ${noun} van ${c.age} met het hart op de goede plek.`,
    () => `Geboren en getogen in ${c.city}, maar altijd in voor iets nieuws.`,
    () => `Ik ben ${c.name}, een ${adj} ${noun} die graag lacht.`,
    () => `${c.age} jaar jong en nog lang niet uitgekeken op de wereld.`,
    () => (retired ? `Sinds mijn pensioen heb ik eindelijk tijd voor ${i1}.` : `Overdag werk ik ${job(rng, c.age)}, 's avonds ben ik graag op pad met vrienden.`),
    () => `Ik ben een ${adj} ${noun} uit de buurt van ${c.city}.`,
  ]
  const place = INTEREST_PLACE[c.interests[0]] ?? rng.pick(GENERIC_PLACES)
  const seconds: (() => string)[] = [
    () => `Ik hou van ${i1}, ${i2} en een goed gesprek.`,
    () => `Mijn grootste hobby's? ${cap(i1)} en ${i2}.`,
    () => `Vrienden omschrijven mij als ${t1} en ${t2}.`,
    () => `Je vindt mij vaak ${place}.`,
    () => `In het weekend draait het bij mij om ${i1}, vrienden en lekker eten.`,
    () => `Ik geniet van de kleine dingen: ${i1}, een zonnige dag en goed gezelschap.`,
    () => `Stuur gerust een berichtje als jij ook van ${i1} houdt!`,
    () => `Humor en eerlijkheid vind ik het allerbelangrijkst.`,
    () => `Ik ben ${t1}, ${t2} en sta open voor nieuwe mensen.`,
    () => `Na een lange dag ontspan ik het liefst met ${UNWIND[c.interests[0]] ?? 'een lange wandeling'}.`,
  ]
  const first = rng.pick(intros)()
  return rng.chance(0.85) ? `${first} ${rng.pick(seconds)()}` : first
}

function lookingForText(rng: Rng, c: TextContext): string {
  const partner = c.seeking === 'male' ? 'man' : 'vrouw'
  const pronoun = c.seeking === 'male' ? 'hij' : 'ze'
  const padj = rng.pick(PARTNER_ADJECTIVES)
  const i1 = INTEREST_NL[rng.pick(c.interests)]
  const options: (() => string)[] = [
    () => `Een ${padj} ${partner} om leuke dingen mee te ondernemen.`,
    () => `Ik zoek een ${padj} ${partner} met humor en een goed hart.`,
    () => `Op zoek naar een ${padj} ${partner} voor gezellige dates en misschien meer.`,
    () => `Iemand die net als ik van ${i1} houdt.`,
    () => `Een ${partner} die weet wat ${pronoun} wil en graag lacht.`,
    () => `Gewoon een klik, een goed gesprek en dan zien we wel verder.`,
    () => `Een maatje om mee te kletsen, te wandelen en te lachen.`,
    () => `Een ${padj} ${partner} bij mij in de buurt.`,
  ]
  if (c.relationshipStatus === 'single' || c.relationshipStatus === 'divorced' || c.relationshipStatus === 'widowed') {
    options.push(() => `Een serieuze relatie met een ${padj} ${partner}.`)
    options.push(() => `Een ${partner} om samen een nieuw hoofdstuk mee te beginnen.`)
  } else {
    options.push(() => `Een discrete ${padj} ${partner} voor gezellige momenten samen.`)
  }
  return rng.pick(options)()
}

// ---------------------------------------------------------------------------------------------------------------
// Profile attributes

function hairColour(rng: Rng, gender: Gender, age: number): string {
  if (gender === 'male') {
    const baldChance = age < 35 ? 0.03 : age < 55 ? 0.12 : 0.22
    if (rng.chance(baldChance)) return 'bald'
  }
  const greyChance = age < 40 ? 0.01 : age < 55 ? 0.12 : age < 65 ? 0.35 : 0.6
  if (rng.chance(greyChance)) return 'grey'
  return rng.weighted([['blond', 32], ['brown', 42], ['black', 14], ['red', 6]])
}

const EYE_WEIGHTS = [['blue', 35], ['brown', 30], ['green', 12], ['grey', 10], ['hazel', 13]] as const

function bodyType(rng: Rng, gender: Gender): string {
  return gender === 'female'
    ? rng.weighted([['slim', 22], ['athletic', 16], ['average', 32], ['curvy', 20], ['large', 10]])
    : rng.weighted([['slim', 18], ['athletic', 26], ['average', 38], ['curvy', 3], ['large', 15]])
}

function relationshipStatus(rng: Rng, age: number): string {
  return rng.weighted([
    ['single', 56],
    ['divorced', age >= 28 ? 24 : 2],
    ['widowed', age >= 45 ? 8 : 0],
    ['relationship', 7],
    ['married', age >= 25 ? 5 : 0],
  ])
}

function ageFor(rng: Rng, bucket: 'young' | 'mature' | 'any'): number {
  if (bucket === 'young') return rng.weighted([[rng.int(18, 24), 25], [rng.int(25, 32), 40], [rng.int(33, 39), 35]])
  if (bucket === 'mature') return 40 + Math.min(35, Math.floor(36 * Math.pow(rng.next(), 1.4)))
  return rng.weighted([[rng.int(18, 29), 25], [rng.int(30, 44), 35], [rng.int(45, 59), 28], [rng.int(60, 75), 12]])
}

/** An ISO date for someone who is exactly `age` today. */
function birthDateFor(rng: Rng, age: number, now: Date): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate())
  const d = new Date(anniversary - rng.int(1, 360) * DAY)
  return d.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------------------------
// Avatars

const HAIR_HEX: Record<string, readonly string[]> = {
  blond: ['e3c07a', 'd6b062', 'f0d291'],
  brown: ['6b4226', '7a4b2a', '5a3820'],
  black: ['1f1b1a', '2b2626'],
  red: ['b0461e', 'c4562a'],
  grey: ['a8a8a8', 'c2c2c2', '8f8f8f'],
}
const EYE_HEX: Record<string, string> = { blue: '3b6fb6', brown: '4b2e1a', green: '3e7d4a', grey: '6e7781', hazel: '8a6a32' }
const SKIN_HEX = [['ffffff', 40], ['fbe9dd', 25], ['f5d7c3', 15], ['eec3a3', 10], ['d9a37b', 6], ['b67b52', 4]] as const
const BACKGROUNDS = ['fde2e4', 'fad2e1', 'e2ece9', 'bee1e6', 'f0efeb', 'dfe7fd', 'cddafd', 'fff1e6', 'e9f5db', 'f8edeb', 'eae4e9', 'fce1e4']
const v = (n: number) => `variant${String(n).padStart(2, '0')}`
// Lorelei hair variants sorted by look (checked on a contact sheet of all 48).
const SHORT_HAIR = [2, 3, 4, 6, 7, 8, 11, 12, 20, 27, 36, 39, 43, 47].map(v)
const BALD_HAIR = [25, 28, 34].map(v)
const LONG_HAIR = [1, 5, 9, 10, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 26, 29, 30, 31, 32, 33, 35, 37, 38, 40, 41, 42, 44, 45, 46, 48].map(v)

interface AvatarLook {
  seed: string
  gender: Gender
  age: number
  hairColour: string
  eyeColour: string
}

type AvatarOptions = StyleOptions<typeof lorelei extends Style<infer O> ? O : never>

function avatarSvg(look: AvatarLook, variant: number): string {
  const rng = new Rng(`${look.seed}#look${variant}`)
  const male = look.gender === 'male'
  const bald = look.hairColour === 'bald'
  const hairHex = bald ? (look.age >= 50 ? rng.pick(HAIR_HEX.grey) : rng.pick(HAIR_HEX.brown)) : rng.pick(HAIR_HEX[look.hairColour] ?? HAIR_HEX.brown)
  const browHex = look.hairColour === 'grey' || look.hairColour === 'blond' ? '6b5a4a' : hairHex
  const options = {
    seed: variant === 0 ? look.seed : `${look.seed}-${variant}`,
    size: FULL_SIZE,
    backgroundColor: [rng.pick(BACKGROUNDS)],
    hair: bald ? BALD_HAIR : male ? SHORT_HAIR : LONG_HAIR,
    hairColor: [hairHex],
    eyebrowsColor: [browHex],
    eyesColor: [EYE_HEX[look.eyeColour] ?? '000000'],
    skinColor: [rng.weighted(SKIN_HEX)],
    beardProbability: male ? 25 : 0,
    earringsProbability: male ? 5 : 35,
    hairAccessoriesProbability: male ? 0 : 10,
    glassesProbability: look.age >= 45 ? 30 : 10,
  } as AvatarOptions
  return createAvatar(lorelei, options).toString()
}

interface StoredImage {
  filename: string
  thumbFilename: string
  blurredFilename: string
  width: number
  height: number
}

const randomName = () => `${crypto.randomBytes(16).toString('hex')}.webp`

async function renderAvatar(media: MediaStorage, look: AvatarLook, variant: number): Promise<StoredImage> {
  const svg = Buffer.from(avatarSvg(look, variant))
  const { data, info } = await sharp(svg).resize(FULL_SIZE, FULL_SIZE).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const image: StoredImage = { filename: randomName(), thumbFilename: randomName(), blurredFilename: randomName(), width: info.width, height: info.height }
  await Promise.all([
    sharp(data, raw).webp({ quality: 82 }).toBuffer().then((b) => media.put(image.filename, b)),
    sharp(data, raw).resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 80 }).toBuffer().then((b) => media.put(image.thumbFilename, b)),
    sharp(data, raw).blur(30).webp({ quality: 60 }).toBuffer().then((b) => media.put(image.blurredFilename, b)),
  ])
  return image
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

// ---------------------------------------------------------------------------------------------------------------
// Members

interface MemberSpec {
  email: string
  name: string
  gender: Gender
  sexuality: Sexuality
  seeking: Gender
  age: number
  birthDate: string
  place: Place
  hairColour: string
  eyeColour: string
  bodyType: string
  relationshipStatus: string
  tattoos: string
  interests: Interest[]
  about: string
  lookingFor: string
  createdAt: Date
  lastActiveAt: Date
  privatePhoto: boolean
  avatarSeed: string
}

interface Attributes {
  rng: Rng
  now: Date
  gender: Gender
  sexuality: Sexuality
  seeking: Gender
  age: number
  country: string
  interestPool: readonly Interest[]
  name?: string
}

function describePerson(a: Attributes) {
  const { rng } = a
  const place = pickPlace(rng, a.country)
  const name = a.name ?? pickName(rng, a.country, a.gender, a.age)
  const interests = rng.sample(a.interestPool, rng.weighted([[2, 15], [3, 30], [4, 30], [5, 15], [6, 10]]))
  const status = relationshipStatus(rng, a.age)
  const text: TextContext = { name, gender: a.gender, seeking: a.seeking, age: a.age, city: place.city, interests, relationshipStatus: status }
  return {
    name,
    gender: a.gender,
    sexuality: a.sexuality,
    seeking: a.seeking,
    age: a.age,
    birthDate: birthDateFor(rng, a.age, a.now),
    place,
    hairColour: hairColour(rng, a.gender, a.age),
    eyeColour: rng.weighted<string>(EYE_WEIGHTS),
    bodyType: bodyType(rng, a.gender),
    relationshipStatus: status,
    tattoos: rng.weighted([['none', 55], ['some', 35], ['many', 10]]),
    interests,
    about: aboutText(rng, text),
    lookingFor: lookingForText(rng, text),
  }
}

function seekingFor(rng: Rng, gender: Gender, sexuality: Sexuality): Gender {
  const other: Gender = gender === 'male' ? 'female' : 'male'
  if (sexuality === 'hetero') return other
  if (sexuality === 'bi') return rng.chance(0.6) ? other : gender
  return gender
}

function memberSpecs(pool: string, count: number, countries: string[], interestPool: readonly Interest[], now: Date): MemberSpec[] {
  const rng = new Rng(`seed:${pool}`)
  const gayPool = pool === 'gay'
  // Exact shares, shuffled: 55% women in a mixed pool, 70% of them aged 40+ and at least 120 when that stays under 80%
  // (the milf tenant shows women 40+; the default 320 members give 123).
  const women = gayPool ? 0 : Math.round(count * 0.55)
  const genders = rng.shuffle(Array.from({ length: count }, (_, i): Gender => (i < women ? 'female' : 'male')))
  const matureWomen = Math.max(Math.round(women * 0.7), Math.min(120, Math.round(women * 0.8)))
  const womenMature = rng.shuffle(Array.from({ length: women }, (_, i) => i < matureWomen))
  const countryWeights = countries.map((c) => [c, COUNTRY_WEIGHT[c] ?? 1] as const)

  const specs: MemberSpec[] = []
  let womanIndex = 0
  for (let n = 1; n <= count; n++) {
    const gender = genders[n - 1]
    const age = gender === 'female' ? ageFor(rng, womenMature[womanIndex++] ? 'mature' : 'young') : ageFor(rng, 'any')
    const sexuality: Sexuality = gayPool
      ? rng.weighted([['gay', 85], ['bi', 15]])
      : gender === 'female'
        ? rng.weighted([['hetero', 85], ['bi', 10], ['lesbian', 5]])
        : rng.weighted([['hetero', 88], ['bi', 8], ['gay', 4]])
    const seeking: Gender = gayPool ? 'male' : seekingFor(rng, gender, sexuality)
    const country = rng.weighted(countryWeights)
    const profile = describePerson({ rng, now, gender, sexuality, seeking, age, country, interestPool })
    const lastActiveAt = new Date(now.getTime() - Math.floor(Math.pow(rng.next(), 1.5) * 30 * DAY))
    const createdAt = new Date(lastActiveAt.getTime() - rng.int(1, 400) * DAY - rng.int(0, DAY - 1))
    specs.push({
      ...profile,
      email: fictionalEmail(pool, n),
      createdAt,
      lastActiveAt,
      privatePhoto: rng.chance(0.15),
      avatarSeed: `${profile.name}-${pool}-${n}`,
    })
  }
  return specs
}

// ---------------------------------------------------------------------------------------------------------------
// Inserting

async function inBatches<T>(rows: T[], fn: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await fn(rows.slice(i, i + BATCH))
}

async function insertAccountsReturningIds(tx: Tx, rows: (typeof accounts.$inferInsert)[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  await inBatches(rows, async (chunk) => {
    const inserted = await tx.insert(accounts).values(chunk).returning({ id: accounts.id, email: accounts.email })
    for (const r of inserted) ids.set(r.email.toLowerCase(), r.id)
  })
  return ids
}

async function insertPhotosReturningMain(tx: Tx, rows: (typeof photos.$inferInsert)[]): Promise<Map<number, number>> {
  const main = new Map<number, number>()
  await inBatches(rows, async (chunk) => {
    const inserted = await tx
      .insert(photos)
      .values(chunk)
      .returning({ id: photos.id, accountId: photos.accountId, visibility: photos.visibility })
    for (const r of inserted) if (r.visibility === 'public' && !main.has(r.accountId)) main.set(r.accountId, r.id)
  })
  return main
}

function photoRow(pool: string, accountId: number, image: StoredImage, visibility: 'public' | 'private', createdAt: Date): typeof photos.$inferInsert {
  return { pool, accountId, ...image, visibility, status: 'active', createdAt, reviewedAt: createdAt }
}

function profileRow(pool: string, accountId: number, p: ReturnType<typeof describePerson>, mainPhotoId: number | undefined, lastActiveAt: Date): typeof profiles.$inferInsert {
  return {
    accountId,
    pool,
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    seeking: p.seeking,
    birthDate: p.birthDate,
    country: p.place.country,
    region: p.place.region,
    city: p.place.city,
    latitude: p.place.latitude,
    longitude: p.place.longitude,
    hairColour: p.hairColour,
    eyeColour: p.eyeColour,
    bodyType: p.bodyType,
    relationshipStatus: p.relationshipStatus,
    tattoos: p.tattoos,
    interests: p.interests,
    about: p.about,
    lookingFor: p.lookingFor,
    mainPhotoId: mainPhotoId ?? null,
    searchable: true,
    lastActiveAt,
  }
}

/** Countries of a pool's tenants we have geography for, in tenant order. */
function poolCountries(poolTenants: Tenant[]): string[] {
  const countries = [...new Set(poolTenants.flatMap((t) => Object.keys(t.countries)))].filter((c) => GEO[c])
  return countries.length > 0 ? countries : ['NL']
}

function poolInterests(poolTenants: Tenant[]): Interest[] {
  const offered = new Set(poolTenants.flatMap((t) => t.interests))
  const list = INTEREST_KEYS.filter((k) => offered.has(k))
  return list.length >= 6 ? list : [...INTEREST_KEYS]
}

async function seedPool(db: Db, pool: string, poolTenants: Tenant[], count: number, media: MediaStorage, now: Date, log: (line: string) => void): Promise<number> {
  const tenant = poolTenants[0]
  const specs = memberSpecs(pool, count, poolCountries(poolTenants), poolInterests(poolTenants), now)

  const started = Date.now()
  let done = 0
  const images = await mapLimit(specs, IMAGE_CONCURRENCY, async (m) => {
    const look: AvatarLook = { seed: m.avatarSeed, gender: m.gender, age: m.age, hairColour: m.hairColour, eyeColour: m.eyeColour }
    const main = await renderAvatar(media, look, 0)
    const extra = m.privatePhoto ? await renderAvatar(media, look, 1) : undefined
    done++
    if (done % 100 === 0 || done === specs.length) log(`[seed] pool ${pool}: avatars ${done}/${specs.length} (${((Date.now() - started) / 1000).toFixed(1)}s)`)
    return { main, extra }
  })

  await db.transaction(async (tx) => {
    const ids = await insertAccountsReturningIds(
      tx,
      specs.map((m) => ({
        pool,
        tenantId: tenant.id,
        email: m.email,
        passwordHash: null,
        status: 'active',
        language: tenant.default_locale,
        fictional: true,
        createdAt: m.createdAt,
        confirmedAt: m.createdAt,
      })),
    )
    const idOf = (m: MemberSpec) => {
      const id = ids.get(m.email.toLowerCase())
      if (id === undefined) throw new Error(`seed: no id returned for ${m.email}`)
      return id
    }
    const photoRows = specs.flatMap((m, i) => {
      const rows = [photoRow(pool, idOf(m), images[i].main, 'public', m.createdAt)]
      if (images[i].extra) rows.push(photoRow(pool, idOf(m), images[i].extra!, 'private', m.createdAt))
      return rows
    })
    const mainPhotos = await insertPhotosReturningMain(tx, photoRows)
    await inBatches(
      specs.map((m) => profileRow(pool, idOf(m), m, mainPhotos.get(idOf(m)), m.lastActiveAt)),
      (chunk) => tx.insert(profiles).values(chunk),
    )
    await inBatches(
      specs.map((m) => ({ accountId: idOf(m), pool })),
      (chunk) => tx.insert(notificationSettings).values(chunk),
    )
  })
  log(`[seed] pool ${pool}: ${specs.length} fictional members (${((Date.now() - started) / 1000).toFixed(1)}s)`)
  return specs.length
}

async function seedDemoAccounts(db: Db, tenant: Tenant, media: MediaStorage, now: Date): Promise<DemoAccount[]> {
  const personas = personasFor(tenant)
  const demo = demoAccountsFor(tenant.id, personas)
  const country = Object.keys(tenant.countries).find((c) => GEO[c]) ?? 'NL'
  const interestPool = poolInterests([tenant])
  const prepared = await Promise.all(
    demo.map(async (account) => {
      const persona = account.kind === 'free' ? personas.free : personas.premium
      const rng = new Rng(`demo:${tenant.id}:${account.kind}`)
      const profile = describePerson({ rng, now, ...persona, country, interestPool })
      const image = await renderAvatar(media, { seed: `${persona.name}-${tenant.id}-${account.kind}`, gender: persona.gender, age: persona.age, hairColour: profile.hairColour, eyeColour: profile.eyeColour }, 0)
      const passwordHash = await hashPassword(account.password)
      const credits = account.kind === 'free' ? tenant.credits.signup_credits : PREMIUM_CREDITS
      return { account, profile, image, passwordHash, credits }
    }),
  )
  await db.transaction(async (tx) => {
    for (const p of prepared) {
      const premium = p.account.kind === 'premium'
      const [row] = await tx
        .insert(accounts)
        .values({
          pool: tenant.pool,
          tenantId: tenant.id,
          email: p.account.email,
          passwordHash: p.passwordHash,
          status: 'active',
          language: tenant.default_locale,
          paidUser: premium,
          fictional: false,
          credits: p.credits,
          createdAt: now,
          confirmedAt: now,
        })
        .returning({ id: accounts.id })
      const [photo] = await tx.insert(photos).values(photoRow(tenant.pool, row.id, p.image, 'public', now)).returning({ id: photos.id })
      await tx.insert(profiles).values(profileRow(tenant.pool, row.id, p.profile, photo.id, now))
      if (p.credits > 0) {
        await tx.insert(creditLedger).values({
          pool: tenant.pool,
          accountId: row.id,
          delta: p.credits,
          balanceAfter: p.credits,
          reason: premium ? 'purchase' : 'signup',
          reference: premium ? 'demo' : null,
          createdAt: now,
        })
      }
      await tx.insert(notificationSettings).values({ accountId: row.id, pool: tenant.pool })
    }
  })
  return demo
}

/** Whether an account with this e-mail exists in the pool (the unique index on pool and lower(email) answers it). */
async function accountExists(db: Db, pool: string, email: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(accounts).where(sql`${accounts.pool} = ${pool} and lower(${accounts.email}) = ${email.toLowerCase()}`).limit(1)
  return rows.length > 0
}

/**
 * Loads the demo data into an empty database. A database this seed filled once (a demo install) is topped up on
 * later starts: a pool without fictional members gets them, a tenant without demo accounts gets its pair, so a
 * tenant file added to a demo install is a site to look around at once. A database with other data and no demo
 * data (a real deployment left at SEED_DEMO=true) is never touched.
 */
export async function seedDemo(
  db: Db,
  opts: SeedOptions,
): Promise<{ created: boolean; fictionalMembers: number; demoAccounts: DemoAccount[] }> {
  const log = opts.log ?? (() => {})
  const pools = new Map<string, Tenant[]>()
  for (const t of opts.tenants) pools.set(t.pool, [...(pools.get(t.pool) ?? []), t])

  // What a demo install already has: a pool's first fictional member, a tenant's free demo account (none when empty).
  const empty = (await db.select({ one: sql<number>`1` }).from(accounts).limit(1)).length === 0
  const has = async (pool: string, email: string) => !empty && (await accountExists(db, pool, email))
  const poolSeeded = new Map(await Promise.all([...pools.keys()].map(async (pool) => [pool, await has(pool, fictionalEmail(pool, 1))] as const)))
  const tenantSeeded = new Map(await Promise.all(opts.tenants.map(async (t) => [t.id, await has(t.pool, demoEmail(t.id, 'free'))] as const)))
  const demoInstall = [...poolSeeded.values(), ...tenantSeeded.values()].some(Boolean)
  if (!empty && !demoInstall) return { created: false, fictionalMembers: 0, demoAccounts: [] }

  const count = opts.membersPerPool ?? 320
  const now = new Date()
  const media = opts.media ?? localMediaStorage(opts.mediaDir)

  let fictionalMembers = 0
  for (const [pool, poolTenants] of pools) {
    if (poolSeeded.get(pool)) continue
    fictionalMembers += await seedPool(db, pool, poolTenants, count, media, now, log)
  }
  const demoAccounts: DemoAccount[] = []
  for (const tenant of opts.tenants) {
    if (tenantSeeded.get(tenant.id)) continue
    demoAccounts.push(...(await seedDemoAccounts(db, tenant, media, now)))
  }
  if (demoAccounts.length > 0) log(`[seed] ${demoAccounts.length} demo accounts: ${demoAccounts.map((a) => a.email).join(', ')}`)
  return { created: fictionalMembers > 0 || demoAccounts.length > 0, fictionalMembers, demoAccounts }
}
