/** The catalogues of SPEC.md section 1. nl is the default and the reference. */
export const LOCALES = ['nl', 'da', 'de', 'en', 'en-US', 'es', 'fi', 'fr', 'it', 'nb', 'pl', 'sv'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'nl'
export const NAMESPACES = ['common', 'pages', 'mail'] as const
/**
 * The UI namespace `common` is assembled from one file per part (`common.json`, `discovery.json`, ...), so each
 * feature keeps its texts in its own file. Parts hold disjoint top-level keys; a clash stops the server.
 */
export const COMMON_PARTS = ['common', 'discovery', 'chat', 'payments', 'landers', 'admin'] as const
/** Every catalogue file of a language, as checked against nl. */
export const CATALOGUE_FILES = [...COMMON_PARTS, 'pages', 'mail'] as const

/** The language names shown in the locale dropdown, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  nl: 'Nederlands',
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  'en-US': 'English (US)',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  pl: 'Polski',
  sv: 'Svenska',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Language cookie: SPEC.md section 9, 365 days. */
export const LANGUAGE_COOKIE = 'lang'
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
