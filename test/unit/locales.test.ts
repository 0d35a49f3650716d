// nl is the reference catalogue: every other catalogue must have each of its keys, with the same placeholders.
import fs from 'node:fs'
import path from 'node:path'
import { CATALOGUE_FILES, COMMON_PARTS, LOCALES } from '../../src/shared/locales'

type Json = string | number | boolean | null | Json[] | { [k: string]: Json }
const dir = path.resolve(__dirname, '../../locales')

function flatten(value: Json, prefix = ''): Record<string, string> {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).reduce((acc, [k, v]) => ({ ...acc, ...flatten(v, prefix ? `${prefix}.${k}` : k) }), {})
  }
  return { [prefix]: String(value) }
}
const load = (lng: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')))
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

// The catalogue files nl has; a part of CATALOGUE_FILES not written yet (payments before its feature) is absent
// in every language alike (checked below), so every check here runs on a file that exists.
const nlFiles = fs
  .readdirSync(path.join(dir, 'nl'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort()

it('every language has the same catalogue files as nl, each one a known part', () => {
  expect(nlFiles.length).toBeGreaterThanOrEqual(4)
  expect(nlFiles.filter((f) => !(CATALOGUE_FILES as readonly string[]).includes(f))).toEqual([])
  for (const lng of LOCALES) {
    const files = fs.readdirSync(path.join(dir, lng)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort()
    expect(`${lng}: ${files.join(', ')}`).toBe(`${lng}: ${nlFiles.join(', ')}`)
  }
})

describe.each(nlFiles)('catalogue file %s', (ns) => {
  const reference = load('nl', ns)

  it('nl has texts', () => {
    expect(Object.keys(reference).length).toBeGreaterThanOrEqual(1)
  })

  it.each(LOCALES.filter((l) => l !== 'nl'))('%s has every key of nl, non-empty', (lng) => {
    const cat = load(lng, ns)
    const missing = Object.keys(reference).filter((k) => !(k in cat))
    expect(missing).toEqual([])
    const empty = Object.keys(cat).filter((k) => cat[k].trim() === '')
    expect(empty).toEqual([])
  })

  it.each(LOCALES.filter((l) => l !== 'nl' && l !== 'en-US'))('%s keeps the placeholders of nl', (lng) => {
    const cat = load(lng, ns)
    const wrong = Object.keys(reference).filter((k) => k in cat && placeholders(cat[k]).join() !== placeholders(reference[k]).join())
    expect(wrong).toEqual([])
  })
})

it('the Dutch texts of SPEC.md are verbatim', () => {
  const nl = load('nl', 'common')
  expect(nl['login.failed']).toBe('Login mislukt, probeer opnieuw')
  expect(nl['login.blocked']).toBe('Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.')
  expect(nl['errors.generic']).toBe('Er is een fout opgetreden, probeer het later opnieuw.')
  expect(nl['validation.email_invalid']).toBe('Ongeldige e-mail')
})

it('the error page speaks the page\'s language; English keeps the words SPEC.md quotes (decision 003, addendum)', () => {
  const en = load('en', 'common')
  expect(en['errors.error']).toBe('Error')
  expect(en['errors.not_found_page']).toBe('This page could not be found')
  expect(en['errors.back_home']).toBe('Back to the home page')
  expect(en['errors.error_page_failed']).toBe('An error occurred while showing the error page')
  for (const lng of LOCALES.filter((l) => !l.startsWith('en'))) {
    const texts = load(lng, 'common')
    for (const key of ['errors.error', 'errors.not_found_page', 'errors.back_home', 'errors.error_page_failed']) expect([lng, key, texts[key]]).not.toEqual([lng, key, en[key]])
  }
})

it('the parts of common hold disjoint top-level keys', () => {
  for (const lng of LOCALES) {
    const seen = new Map<string, string>()
    for (const part of COMMON_PARTS.filter((p) => nlFiles.includes(p))) {
      const file = path.join(dir, lng, `${part}.json`)
      for (const key of Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')))) {
        expect(`${lng}/${part}:${key} ${seen.has(key) ? `clashes with ${seen.get(key)}` : 'ok'}`).toBe(`${lng}/${part}:${key} ok`)
        seen.set(key, part)
      }
    }
  }
})
