// One base i18next instance with every catalogue, and one clone of it per language that requests share: a request's
// language never changes after it is chosen, so a fixed instance per language serves every request in it without
// any leak (changing a shared instance's language throws), and no request pays for a clone (bench/ssr).
import crypto from 'node:crypto'
import fs from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { COMMON_PARTS, DEFAULT_LOCALE, isLocale, LOCALES, NAMESPACES, type Locale } from '../shared/locales'
import { i18nOptions } from '../shared/i18n-options'

export function loadCatalogues(dir = path.resolve(process.cwd(), 'locales')): Resource {
  const resources: Resource = {}
  for (const lng of LOCALES) {
    resources[lng] = {}
    const read = (name: string) => {
      const file = path.join(dir, lng, `${name}.json`)
      return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined
    }
    for (const ns of NAMESPACES) {
      if (ns !== 'common') {
        const cat = read(ns)
        if (cat) resources[lng][ns] = cat
        continue
      }
      const common: Record<string, unknown> = {}
      for (const part of COMMON_PARTS) {
        for (const [key, value] of Object.entries(read(part) ?? {})) {
          if (key in common) throw new Error(`locales/${lng}/${part}.json: top-level key "${key}" is already defined by another part of common`)
          common[key] = value
        }
      }
      resources[lng].common = common
    }
  }
  return resources
}

export interface I18nService {
  base: I18n
  resources: Resource
  /**
   * The instance for a request in lng: a clone sharing the loaded catalogues, made once per language and fixed to
   * it (changeLanguage throws: a request chooses another language by asking for that language's instance).
   */
  forRequest(lng: Locale): I18n
  /** The catalogues a browser needs for lng (the language and its fallbacks). */
  bundleFor(lng: Locale): Resource
  /**
   * The address of bundleFor(lng) as a cacheable file, named by its content: /i18n/<lng>.<hash>.json. Pages
   * link it instead of inlining it, so the HTML stays small and the browser keeps the catalogue across pages.
   */
  bundleUrl(lng: Locale): string
  /** The file behind bundleUrl, by its name (<lng>.<hash>.json), precompressed; undefined for any other name. */
  bundleFile(name: string): BundleFile | undefined
}

export interface BundleFile {
  json: string
  br: Buffer
  gzip: Buffer
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
  const perLanguage = new Map<Locale, I18n>()
  const forRequest = (lng: Locale): I18n => {
    let instance = perLanguage.get(lng)
    if (!instance) {
      instance = base.cloneInstance({ lng, initAsync: false })
      instance.changeLanguage = () => {
        throw new Error(`The shared i18next instance of "${lng}" keeps its language: use forRequest(lng) for another`)
      }
      perLanguage.set(lng, instance)
    }
    return instance
  }
  const files = new Map<Locale, { name: string; file?: BundleFile }>()
  const fileEntry = (lng: Locale) => {
    let entry = files.get(lng)
    if (!entry) {
      const hash = crypto.createHash('sha256').update(bundleJsonOf(lng)).digest('base64url').slice(0, 12)
      entry = { name: `${lng}.${hash}.json` }
      files.set(lng, entry)
    }
    return entry
  }
  const bundleJsonOf = (lng: Locale) => {
    let s = json.get(lng)
    if (!s) {
      s = JSON.stringify(bundleFor(lng))
      json.set(lng, s)
    }
    return s
  }
  return {
    base,
    resources,
    forRequest,
    bundleFor,
    bundleUrl: (lng) => `/i18n/${fileEntry(lng).name}`,
    bundleFile(name) {
      const lng = name.slice(0, name.indexOf('.'))
      if (!isLocale(lng)) return undefined
      const entry = fileEntry(lng)
      if (entry.name !== name) return undefined
      if (!entry.file) {
        const body = bundleJsonOf(lng)
        entry.file = {
          json: body,
          br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: zlib.gzipSync(body, { level: 9 }),
        }
      }
      return entry.file
    },
  }
}
