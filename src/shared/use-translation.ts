// The translation hook of our components: the request's (server) or the page's (browser) i18next instance from
// I18nextProvider, with its t bound once. Cheaper than react-i18next's useTranslation, which builds a fixed t per
// call and subscribes to language changes; a language change reloads the page here (see locale-dropdown).
import { useContext } from 'react'
import { I18nContext } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

const bound = new WeakMap<I18n, TFunction>()

/** How many texts asked for with options an instance remembers before it starts over (names and ages vary). */
export const MEMO_WITH_OPTIONS_MAX = 5000

/**
 * The memory key of a call with options whose values are all strings, numbers or booleans (`{ name }`,
 * `{ count }`): the key with the options in their order. Undefined for anything else (objects, functions,
 * returnObjects), which i18next then answers each time.
 */
function optionsKey(key: string, options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype) return undefined
  let out = JSON.stringify(key)
  for (const [name, value] of Object.entries(options)) {
    if (name === 'returnObjects' || name === 'returnDetails') return undefined
    const type = typeof value
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined
    // As JSON: unambiguous whatever a value holds, and 1, "1" and true stay apart.
    out += `,${JSON.stringify(name)}:${JSON.stringify(value)}`
  }
  return out
}

/**
 * i18n.t with its texts remembered: a text asked for without options depends on the instance and the key alone,
 * and one asked for with options of plain values (a member card's `members.photo_of` with the name) on those
 * values as well; a page asks for most of its texts on every render, the same on every request of its language
 * (the server's instances are one per language, src/server/i18n.server.ts). The memory is dropped when the instance
 * gets resources or another language; texts with options are remembered up to MEMO_WITH_OPTIONS_MAX, then anew.
 */
function memoizedT(i18n: I18n): TFunction {
  let plain = new Map<string, unknown>()
  let withOptions = new Map<string, unknown>()
  const forget = () => {
    plain = new Map()
    withOptions = new Map()
  }
  i18n.on('languageChanged', forget)
  i18n.store?.on('added', forget)
  i18n.store?.on('removed', forget)
  // i18n.t looked up on every call (a test may replace it).
  const t = (...args: unknown[]) => (i18n.t as unknown as (...a: unknown[]) => unknown)(...args)
  return ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return t(key, ...rest)
    if (rest.length === 1) {
      const memoKey = optionsKey(key, rest[0])
      if (memoKey === undefined) return t(key, ...rest)
      let text = withOptions.get(memoKey)
      if (text === undefined) {
        text = t(key, rest[0])
        if (withOptions.size >= MEMO_WITH_OPTIONS_MAX) withOptions = new Map()
        withOptions.set(memoKey, text)
      }
      return text
    }
    if (rest.length > 0) return t(key, ...rest)
    let text = plain.get(key)
    if (text === undefined) {
      text = i18n.t(key)
      plain.set(key, text)
    }
    return text
  }) as unknown as TFunction
}

/** The instance's remembering t (memoizedT), made once per instance: for code outside components (the head's title). */
export function translatorOf(i18n: I18n): TFunction {
  let t = bound.get(i18n)
  if (!t) {
    t = memoizedT(i18n)
    bound.set(i18n, t)
  }
  return t
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext)
  return { t: translatorOf(i18n), i18n }
}
