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
import { createElement, forwardRef, useContext } from 'react'
import emotionStyled, { type CreateStyled } from '@emotion/styled'
import { css, ThemeContext, type Theme } from '@emotion/react'

type StyleFn = (props: Record<string | symbol, unknown>) => unknown
/** On a prepared style function: its serialized result for a theme, or undefined when it reads other props. */
const FOR_THEME = Symbol('styled.forTheme')
type PreparedFn = StyleFn & { [FOR_THEME]?: (theme: Theme) => unknown }

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype

/** A style argument of styled(), serialized once where that gives the same CSS. */
export function prepareStyle(style: unknown): unknown {
  if (isPlainObject(style)) return css(style as never)
  if (typeof style !== 'function') return style
  const fn = style as StyleFn
  const perTheme = new WeakMap<Theme, unknown>()
  let readsOtherProps = false
  /** Calls the function noting which props it reads; keeps the result per theme if it read only `theme`. */
  const firstCall = (props: Record<string | symbol, unknown>, theme: Theme) => {
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
      return { result, themeOnly: false }
    }
    const prepared = isPlainObject(result) ? css(result as never) : result
    perTheme.set(theme, prepared)
    return { result: prepared, themeOnly: true }
  }
  const prepared: PreparedFn = (props) => {
    if (readsOtherProps) return fn(props)
    const theme = props.theme as Theme | undefined
    if (!theme || typeof theme !== 'object') return fn(props)
    if (perTheme.has(theme)) return perTheme.get(theme)
    return firstCall(props, theme).result
  }
  prepared[FOR_THEME] = (theme) => {
    if (readsOtherProps || !theme || typeof theme !== 'object') return undefined
    if (perTheme.has(theme)) return perTheme.get(theme)
    const { result, themeOnly } = firstCall({ theme }, theme)
    return themeOnly ? result : undefined
  }
  return prepared
}

/** What @emotion/styled keeps on a component it made, to compose it (`styled(Card)`) and for withComponent. */
type EmotionComponent = React.ComponentType<Record<string, unknown>> & {
  __emotion_real: unknown
  __emotion_base: React.ElementType
  __emotion_styles: unknown[]
  __emotion_forwardProp?: (prop: string) => boolean
  withComponent(tag: React.ElementType, options?: object): EmotionComponent
}

/**
 * The whole style of an Emotion component for one theme as one serialized object, or null when a style reads
 * other props than the theme (or is not one of ours).
 */
function stylesForTheme(component: EmotionComponent, theme: Theme): ReturnType<typeof css> | null {
  const parts: unknown[] = []
  for (const style of component.__emotion_styles) {
    if (typeof style !== 'function') {
      parts.push(style)
      continue
    }
    const forTheme = (style as PreparedFn)[FOR_THEME]
    const resolved = forTheme?.(theme)
    if (resolved === undefined) return null
    parts.push(resolved)
  }
  // The trailing empty string makes css() join the parts as Emotion's render does (each serialized part followed by
  // ";"; a single part would be returned as it is): the same CSS under the same class name as without this path.
  return css(...(parts as never[]), '')
}

/**
 * Emotion serializes and hashes the styles of every element it renders, even styles it was given serialized: the
 * concatenated CSS is hashed again for each of a search page's hundred-odd card elements (decision 042, addendum).
 * Given exactly one serialized style and no class name, it takes them as they are. So an element whose styles
 * depend on the theme alone, rendered without className, as or theme props, is rendered by a component made per
 * theme with its styles joined into one serialized object: the same CSS and class name, resolved once per theme. Anything else
 * (a style reading other props, an element given a className or the css prop) goes through Emotion as before.
 */
/** Emotion's styled for a tag or component known only at run time (its overloads want one or the other). */
const styledAny = emotionStyled as unknown as (tag: React.ElementType, options: { shouldForwardProp?: (prop: string) => boolean }) => (...styles: unknown[]) => unknown

function resolvedPerTheme(component: EmotionComponent): EmotionComponent {
  const perTheme = new WeakMap<Theme, EmotionComponent | null>()
  const staticFor = (theme: Theme): EmotionComponent | null => {
    let found = perTheme.get(theme)
    if (found !== undefined) return found
    let styles: ReturnType<typeof css> | null = null
    try {
      styles = stylesForTheme(component, theme)
    } catch {
      // A style that throws on this theme throws in Emotion's own render too, where it is reported.
    }
    found = styles ? (styledAny(component.__emotion_base, { shouldForwardProp: component.__emotion_forwardProp })(styles) as EmotionComponent) : null
    perTheme.set(theme, found)
    return found
  }
  const Resolved = forwardRef<unknown, Record<string, unknown>>(function Resolved(props, ref) {
    const theme = useContext(ThemeContext) as Theme
    const target = props.className == null && props.as === undefined && props.theme == null ? (staticFor(theme) ?? component) : component
    return createElement(target, ref ? { ...props, ref } : props)
  }) as unknown as EmotionComponent
  // Composition (styled(Resolved)) and withComponent see the Emotion component's styles, base and prop filter.
  Object.assign(Resolved, {
    displayName: component.displayName,
    __emotion_real: Resolved,
    __emotion_base: component.__emotion_base,
    __emotion_styles: component.__emotion_styles,
    __emotion_forwardProp: component.__emotion_forwardProp,
    withComponent: (tag: React.ElementType, options?: object) => resolvedPerTheme(component.withComponent(tag, options)),
  })
  Object.defineProperty(Resolved, 'toString', { value: () => String(component) })
  return Resolved
}

const wrapFactory =
  (factory: (...styles: unknown[]) => unknown) =>
  (...styles: unknown[]) =>
    resolvedPerTheme(factory(...styles.map(prepareStyle)) as EmotionComponent)

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
