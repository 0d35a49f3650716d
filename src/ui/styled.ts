// Emotion's styled, with the styles of a component serialized once per theme instead of on every render.
//
// @emotion/styled turns a component's style objects into a CSS string and hashes it on every render of every
// element: about 40% of a page's render time (docs/decisions/015-render-cost.md). Most of our styles are
// either static objects or functions of the theme alone, whose result cannot change while the theme object stays
// the same (one per tenant, see themes/build-theme.ts). This wrapper hands Emotion those styles already serialized
// (`css()`), which Emotion uses as they are:
// - a static object is serialized once, when the component is defined;
// - a function is called with props that note which props it reads; if it read nothing but `theme`, its result
//   depends on the theme alone (style functions are pure) and is kept per theme object. A function that reads any
//   other prop (`active`, `tone`, ...) is called on every render, as before.
import emotionStyled, { type CreateStyled } from '@emotion/styled'
import { css, type Theme } from '@emotion/react'

type StyleFn = (props: Record<string | symbol, unknown>) => unknown

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype

/** A style argument of styled(), serialized once where that gives the same CSS. */
export function prepareStyle(style: unknown): unknown {
  if (isPlainObject(style)) return css(style as never)
  if (typeof style !== 'function') return style
  const fn = style as StyleFn
  const perTheme = new WeakMap<Theme, unknown>()
  let readsOtherProps = false
  return (props: Record<string | symbol, unknown>) => {
    if (readsOtherProps) return fn(props)
    const theme = props.theme as Theme | undefined
    if (!theme || typeof theme !== 'object') return fn(props)
    if (perTheme.has(theme)) return perTheme.get(theme)
    let other = false
    const watched = new Proxy(props, {
      get(target, key, receiver) {
        if (key !== 'theme') other = true
        return Reflect.get(target, key, receiver)
      },
      has(target, key) {
        if (key !== 'theme') other = true
        return Reflect.has(target, key)
      },
      ownKeys(target) {
        other = true
        return Reflect.ownKeys(target)
      },
    })
    const result = fn(watched)
    if (other) {
      readsOtherProps = true
      return result
    }
    const prepared = isPlainObject(result) ? css(result as never) : result
    perTheme.set(theme, prepared)
    return prepared
  }
}

const wrapFactory =
  (factory: (...styles: unknown[]) => unknown) =>
  (...styles: unknown[]) =>
    factory(...styles.map(prepareStyle))

/** Drop-in for `import styled from '@emotion/styled'`: the same API and types. */
export const styled = new Proxy(emotionStyled, {
  apply(target, thisArg, args: unknown[]) {
    return wrapFactory(Reflect.apply(target, thisArg, args) as (...styles: unknown[]) => unknown)
  },
  get(target, key, receiver) {
    const value = Reflect.get(target, key, receiver)
    return typeof value === 'function' ? wrapFactory(value as (...styles: unknown[]) => unknown) : value
  },
}) as CreateStyled

export default styled
