// The translation hook of our components: the request's (server) or the page's (browser) i18next instance from
// I18nextProvider, with its t bound once. Cheaper than react-i18next's useTranslation, which builds a fixed t per
// call and subscribes to language changes; a language change reloads the page here (see locale-dropdown).
import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

const bound = new WeakMap<I18n, TFunction>()

/**
 * i18n.t with the texts asked for without options remembered: such a text depends on the instance and the key
 * alone, and a page asks for most of its texts that way (navigation, footer, labels), on every render. The memory
 * is dropped when the instance gets resources or another language.
 */
function memoizedT(i18n: I18n): TFunction {
  let plain = new Map<string, unknown>()
  const forget = () => {
    plain = new Map()
  }
  i18n.on('languageChanged', forget)
  i18n.store?.on('added', forget)
  i18n.store?.on('removed', forget)
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return (i18n.t as unknown as (...args: unknown[]) => unknown)(key, ...rest)
    let text = plain.get(key)
    if (text === undefined) {
      text = i18n.t(key)
      plain.set(key, text)
    }
    return text
  }) as unknown as TFunction
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext)
  let t = bound.get(i18n)
  if (!t) {
    t = memoizedT(i18n)
    bound.set(i18n, t)
  }
  return { t, i18n }
}
