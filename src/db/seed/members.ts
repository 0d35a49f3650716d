// The fictional members of a pool: who they are, where they live, what they write, when they were last active.
import { type Gender, type Sexuality, type Interest, DAY } from './common'
import { Rng } from './random'
import { COUNTRY_WEIGHT, type Place, pickPlace } from './geography'
import { pickName, type TextContext, aboutText, lookingForText } from './texts'
import { hairColour, EYE_WEIGHTS, bodyType, relationshipStatus, ageFor, birthDateFor } from './attributes'
import { fictionalEmail } from './personas'

export interface MemberSpec {
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

export interface Attributes {
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

export function describePerson(a: Attributes) {
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

export function seekingFor(rng: Rng, gender: Gender, sexuality: Sexuality): Gender {
  const other: Gender = gender === 'male' ? 'female' : 'male'
  if (sexuality === 'hetero') return other
  if (sexuality === 'bi') return rng.chance(0.6) ? other : gender
  return gender
}

export function memberSpecs(pool: string, count: number, countries: string[], interestPool: readonly Interest[], now: Date): MemberSpec[] {
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
