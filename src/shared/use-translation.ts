// The translation hook of our components: the request's (server) or the page's (browser) i18next instance from
// I18nextProvider, with its t bound once. Cheaper than react-i18next's useTranslation, which builds a fixed t per
// call and subscribes to language changes; a language change reloads the page here (see locale-dropdown).
import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

const bound = new WeakMap<I18n, TFunction>()

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext)
  let t = bound.get(i18n)
  if (!t) {
    t = i18n.t.bind(i18n) as TFunction
    bound.set(i18n, t)
  }
  return { t, i18n }
}
