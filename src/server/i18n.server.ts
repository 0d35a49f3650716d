// One base i18next instance with every catalogue; each request gets a cheap clone with its own language.
import fs from 'node:fs'
import path from 'node:path'
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { DEFAULT_LOCALE, LOCALES, NAMESPACES, type Locale } from '../shared/locales'
import { i18nOptions } from '../shared/i18n-options'

export function loadCatalogues(dir = path.resolve(process.cwd(), 'locales')): Resource {
  const resources: Resource = {}
  for (const lng of LOCALES) {
    resources[lng] = {}
    for (const ns of NAMESPACES) {
      const file = path.join(dir, lng, `${ns}.json`)
      if (fs.existsSync(file)) resources[lng][ns] = JSON.parse(fs.readFileSync(file, 'utf8'))
    }
  }
  return resources
}

export interface I18nService {
  base: I18n
  resources: Resource
  /** A per-request instance: a clone sharing the loaded catalogues, with its own language. */
  forRequest(lng: Locale): I18n
  /** The catalogues a browser needs for lng (the language and its fallbacks). */
  bundleFor(lng: Locale): Resource
  /** bundleFor(lng) as JSON safe to inline in a <script> element; made once per language. */
  bundleJson(lng: Locale): string
}

export function createI18nService(resources = loadCatalogues()): I18nService {
  const base = i18next.createInstance()
  base.init({ ...i18nOptions(DEFAULT_LOCALE), resources, initAsync: false })
  const json = new Map<Locale, string>()
  const bundleFor = (lng: Locale): Resource => {
    const chain = lng === 'en-US' ? ['en-US', 'en', DEFAULT_LOCALE] : [lng, DEFAULT_LOCALE]
    // Only the UI namespace travels; information pages are rendered on the server.
    return Object.fromEntries([...new Set(chain)].map((l) => [l, { common: resources[l]?.common ?? {} }]))
  }
  return {
    base,
    resources,
    forRequest: (lng) => base.cloneInstance({ lng, initAsync: false }),
    bundleFor,
    bundleJson(lng) {
      let s = json.get(lng)
      if (!s) {
        s = JSON.stringify(bundleFor(lng)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
        json.set(lng, s)
      }
      return s
    },
  }
}
