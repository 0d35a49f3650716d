import type { InitOptions } from 'i18next'
import { DEFAULT_LOCALE, NAMESPACES } from './locales'

/** Options shared by the server's base instance and the browser's instance. */
export function i18nOptions(lng: string): InitOptions {
  return {
    lng,
    fallbackLng: { 'en-US': ['en', DEFAULT_LOCALE], default: [DEFAULT_LOCALE] },
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  }
}
