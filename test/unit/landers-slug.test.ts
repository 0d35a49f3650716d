// The lander slug: niche prefix, place and wording words, read against a tenant's niche and countries.
import { parseLanderSlug } from '../../src/features/landers/slug'
import { placeName, placesOf, slugify } from '../../src/features/landers/places'
import { regionsOf } from '../../src/features/settings/regions.server'

const NL = placesOf(['NL'], regionsOf)
const NL_BE = placesOf(['NL', 'BE'], regionsOf)
const NL_DE = placesOf(['NL', 'DE'], regionsOf)

describe('parseLanderSlug', () => {
  it('reads a niche prefix and a city on a general tenant', () => {
    const p = parseLanderSlug('milf-amsterdam', 1, NL)
    expect(p).toMatchObject({ niche: 6, slug: 'milf-amsterdam', known: true, words: { intent: 'date' } })
    expect(p.place).toMatchObject({ key: 'amsterdam', kind: 'city', country: 'NL', region: 'NL-NH' })
  })

  it('answers a slug of another niche with the niche tenant’s own niche', () => {
    expect(parseLanderSlug('milf-amsterdam', 7, NL_DE)).toMatchObject({ niche: 7, place: { key: 'amsterdam' } })
    expect(parseLanderSlug('gay-chat', 6, NL)).toMatchObject({ niche: 6, words: { intent: 'chat' } })
    expect(parseLanderSlug('bbw', 5, NL).niche).toBe(5)
  })

  it('maps every prefix to its niche code on a general tenant', () => {
    expect(['she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'].map((p) => parseLanderSlug(`${p}-dating`, 1, NL).niche)).toEqual([2, 3, 4, 5, 6, 7])
  })

  it('reads words: intent and whom to show; the prefix counts only first', () => {
    expect(parseLanderSlug('gay-chat', 1, NL)).toMatchObject({ niche: 7, place: undefined, words: { intent: 'chat' } })
    expect(parseLanderSlug('dating-utrecht', 1, NL)).toMatchObject({ niche: 1, words: { intent: 'date' }, place: { key: 'utrecht', kind: 'city' } })
    expect(parseLanderSlug('flirten-met-vrouwen', 1, NL).words).toEqual({ intent: 'flirt', gender: 'female' })
    expect(parseLanderSlug('sexdate-mannen-rotterdam', 1, NL)).toMatchObject({ words: { intent: 'meet', gender: 'male' }, place: { key: 'rotterdam' } })
    expect(parseLanderSlug('chat-milf', 1, NL).niche).toBe(1)
  })

  it('finds places of several words, regions and other spellings, only in the tenant’s countries', () => {
    expect(parseLanderSlug('bbw-den-haag', 1, NL).place).toMatchObject({ key: 'den-haag', region: 'NL-ZH' })
    expect(parseLanderSlug('dating-noord-holland', 1, NL).place).toMatchObject({ kind: 'region', region: 'NL-NH' })
    expect(parseLanderSlug('chat-bruxelles', 1, NL_BE).place).toMatchObject({ key: 'brussel', country: 'BE' })
    expect(parseLanderSlug('gay-cologne', 7, NL_DE).place).toMatchObject({ key: 'koeln', country: 'DE', region: 'DE-NW' })
    expect(parseLanderSlug('gay-koln', 7, NL_DE).place?.key).toBe('koeln')
    // Brussels is not a place of a Dutch-only tenant: the rest of the slug still counts.
    expect(parseLanderSlug('milf-brussel', 1, NL)).toMatchObject({ niche: 6, place: undefined })
  })

  it('falls back to the default wording for unknown, empty or odd slugs, never failing', () => {
    expect(parseLanderSlug('xyz-qwerty', 1, NL)).toMatchObject({ niche: 1, known: false, place: undefined, words: { intent: 'date' } })
    expect(parseLanderSlug('', 6, NL)).toMatchObject({ niche: 6, known: false, slug: '' })
    expect(parseLanderSlug(undefined, 7, NL)).toMatchObject({ niche: 7, known: false })
    expect(parseLanderSlug('%E0%A4%A', 1, NL)).toMatchObject({ niche: 1, known: false, slug: '' })
    expect(parseLanderSlug('MILF--Amsterdam!!', 1, NL)).toMatchObject({ niche: 6, slug: 'milf-amsterdam', place: { key: 'amsterdam' } })
    expect(parseLanderSlug('a'.repeat(300), 1, NL).slug).toHaveLength(80)
  })

  it('names places in the page’s language', () => {
    const brussel = parseLanderSlug('brussels', 1, NL_BE).place!
    expect([placeName(brussel, 'nl'), placeName(brussel, 'fr'), placeName(brussel, 'en'), placeName(brussel, 'de')]).toEqual(['Brussel', 'Bruxelles', 'Brussels', 'Brüssel'])
    expect(slugify("'s-Hertogenbosch")).toBe('s-hertogenbosch')
    expect(slugify('Nürnberg')).toBe('nurnberg')
  })
})

it('German states are regions (the map lander and a slug naming one find them)', () => {
  expect(regionsOf('DE').find((r) => r.code === 'DE-NW')?.name).toBe('Nordrhein-Westfalen')
  expect(parseLanderSlug('gay-nrw', 7, NL_DE).place).toMatchObject({ kind: 'region', region: 'DE-NW' })
  expect(parseLanderSlug('dating-bayern', 7, NL_DE).place).toMatchObject({ kind: 'region', region: 'DE-BY' })
})
