// Profile attributes: hair, eyes, body type, relationship status, age and birth date, drawn with believable weights.
import { type Gender, DAY } from './common'
import { Rng } from './random'

export function hairColour(rng: Rng, gender: Gender, age: number): string {
  if (gender === 'male') {
    const baldChance = age < 35 ? 0.03 : age < 55 ? 0.12 : 0.22
    if (rng.chance(baldChance)) return 'bald'
  }
  const greyChance = age < 40 ? 0.01 : age < 55 ? 0.12 : age < 65 ? 0.35 : 0.6
  if (rng.chance(greyChance)) return 'grey'
  return rng.weighted([['blond', 32], ['brown', 42], ['black', 14], ['red', 6]])
}

export const EYE_WEIGHTS = [['blue', 35], ['brown', 30], ['green', 12], ['grey', 10], ['hazel', 13]] as const

export function bodyType(rng: Rng, gender: Gender): string {
  return gender === 'female'
    ? rng.weighted([['slim', 22], ['athletic', 16], ['average', 32], ['curvy', 20], ['large', 10]])
    : rng.weighted([['slim', 18], ['athletic', 26], ['average', 38], ['curvy', 3], ['large', 15]])
}

export function relationshipStatus(rng: Rng, age: number): string {
  return rng.weighted([
    ['single', 56],
    ['divorced', age >= 28 ? 24 : 2],
    ['widowed', age >= 45 ? 8 : 0],
    ['relationship', 7],
    ['married', age >= 25 ? 5 : 0],
  ])
}

export function ageFor(rng: Rng, bucket: 'young' | 'mature' | 'any'): number {
  if (bucket === 'young') return rng.weighted([[rng.int(18, 24), 25], [rng.int(25, 32), 40], [rng.int(33, 39), 35]])
  if (bucket === 'mature') return 40 + Math.min(35, Math.floor(36 * Math.pow(rng.next(), 1.4)))
  return rng.weighted([[rng.int(18, 29), 25], [rng.int(30, 44), 35], [rng.int(45, 59), 28], [rng.int(60, 75), 12]])
}

/** An ISO date for someone who is exactly `age` today. */
export function birthDateFor(rng: Rng, age: number, now: Date): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate())
  const d = new Date(anniversary - rng.int(1, 360) * DAY)
  return d.toISOString().slice(0, 10)
}
