// Emotion's styled API, with an element's styles serialized once per theme instead of on every render.
//
// @emotion/styled joins a component's styles into one CSS string and hashes it on every render of every element:
// about 15% of a member search page's server time (docs/decisions/015-render-cost.md, 042). Most of our styles are
// static objects or functions of the theme alone, whose result cannot change while the theme object stays the same
// (one per tenant, themes/build-theme.ts). So:
// - a static style object is serialized once, when the component is first used (`ready` in createStyled);
// - a style function is called with props that note which props it reads; if it read nothing but `theme`, its
//   result is kept per theme object. A function that reads any other prop (`active`, `tone`, ...) is called on
//   every render, as before;
// - a component whose styles are all static or theme-only keeps its joined, hashed styles per theme, and an element
//   of it without an Emotion class name passed in takes them from there: one lookup instead of a join and a hash.
//
// One component type per element, whatever its props (decision 042: switching types unmounts the subtree). The
// component does what @emotion/styled's does, with Emotion's own parts (@emotion/react, @emotion/utils,
// @emotion/is-prop-valid): the same class names and CSS as Emotion, the same prop forwarding, `as`, composition
// (`styled(Card)`) and `withComponent`.
import { createElement, Fragment, useContext, useInsertionEffect, type ElementType, type ForwardedRef } from 'react'
import type { CreateStyled } from '@emotion/styled'
import { css, ThemeContext, withEmotionCache, type EmotionCache, type SerializedStyles, type Theme } from '@emotion/react'
import { getRegisteredStyles, insertStyles, registerStyles } from '@emotion/utils'
import isPropValid from '@emotion/is-prop-valid'

type Props = Record<string, unknown>
type StyleFn = ((props: Record<string | symbol, unknown>) => unknown) & { [THEME_ONLY]?: () => boolean }

/** On a prepared style function: whether every call so far read the theme alone (false before the first call). */
const THEME_ONLY = Symbol('styled.themeOnly')

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype
const isSerialized = (v: unknown): v is SerializedStyles => typeof v === 'object' && v !== null && (v as SerializedStyles).styles !== undefined
/** A style object of our own, not yet serialized (a serialized style is a plain object too). */
const isRawObject = (v: unknown): boolean => isPlainObject(v) && !isSerialized(v)

/** A style argument of styled(), serialized once where that gives the same CSS. */
export function prepareStyle(style: unknown): unknown {
  if (isPlainObject(style)) return css(style as never)
  if (typeof style !== 'function') return style
  if (THEME_ONLY in style) return style
  const fn = style as StyleFn
  const perTheme = new WeakMap<Theme, unknown>()
  let readsOtherProps = false
  let keptForATheme = false
  const prepared: StyleFn = (props) => {
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
    const serialized = isPlainObject(result) ? css(result as never) : result
    perTheme.set(theme, serialized)
    keptForATheme = true
    return serialized
  }
  prepared[THEME_ONLY] = () => keptForATheme && !readsOtherProps
  return prepared
}

const isBrowser = typeof document !== 'undefined'

/** Emotion's rule: props reach a DOM element only when they are valid attributes; a component gets all but `theme`. */
const defaultForwardProp = (tag: ElementType): ((prop: string) => boolean) =>
  typeof tag === 'string' && tag.charCodeAt(0) > 96 ? isPropValid : (prop) => prop !== 'theme'

interface Options {
  shouldForwardProp?: (prop: string) => boolean
  label?: string
  target?: string
}

/** What a component made here keeps, to be composed (`styled(Card)`) and for withComponent; Emotion's field names. */
interface StyledComponent {
  (props: Props): unknown
  displayName?: string
  __emotion_real: StyledComponent
  __emotion_base: ElementType
  __emotion_styles: unknown[]
  /** The styles as they stand, static objects serialized or not yet (see `ready`). */
  __styles: unknown[]
  __emotion_forwardProp?: (prop: string) => boolean
  withComponent(tag: ElementType, options?: Options): StyledComponent
}

const isOurs = (tag: unknown): tag is StyledComponent => typeof tag === 'function' && (tag as StyledComponent).__emotion_real === tag

function createStyled(tag: ElementType, options?: Options) {
  const real = isOurs(tag)
  const baseTag: ElementType = real ? tag.__emotion_base : tag
  let shouldForwardProp = options?.shouldForwardProp
  if (real && tag.__emotion_forwardProp) {
    const inherited = tag.__emotion_forwardProp
    shouldForwardProp = shouldForwardProp ? ((own) => (prop: string) => inherited(prop) && own(prop))(shouldForwardProp) : inherited
  }
  const forwardProp = shouldForwardProp ?? defaultForwardProp(baseTag)
  const shouldUseAs = !forwardProp('as')

  return (...args: unknown[]): StyledComponent => {
    // A composed component takes its parent's styles as they are, serialized or not (reading __emotion_styles would
    // serialize the parent's at definition).
    const styles: unknown[] = real ? tag.__styles.slice(0) : []
    if (options?.label !== undefined) styles.push(`label:${options.label};`)
    const first = args[0] as { raw?: unknown } | null | undefined
    if (first == null || first.raw === undefined) {
      styles.push(...args.map((arg) => (isPlainObject(arg) ? arg : prepareStyle(arg))))
    } else {
      const strings = first as unknown as string[]
      styles.push(strings[0])
      for (let i = 1; i < args.length; i++) styles.push(prepareStyle(args[i]), strings[i])
    }
    // Static style objects are serialized when the component is first used, not when its module defines it: a
    // page's bundle defines hundreds of components the page never renders, and serializing all of them was a few
    // milliseconds of a phone's first task (issue 15, total blocking time). Each is still serialized once.
    let unserialized = styles.some(isRawObject)
    const ready = (): unknown[] => {
      if (unserialized) {
        for (let i = 0; i < styles.length; i++) if (isRawObject(styles[i])) styles[i] = css(styles[i] as never)
        unserialized = false
      }
      return styles
    }
    // Whether the joined styles can be kept per theme: every function among them reads the theme alone.
    const functions = styles.filter((s): s is StyleFn => typeof s === 'function')
    const themeOnly = () => functions.every((f) => f[THEME_ONLY]?.() === true)
    const perTheme = new WeakMap<object, SerializedStyles>()
    const NO_THEME = {}

    /** Emotion's join of the styles (and of the styles of Emotion class names passed in) for these props. */
    const serialize = (props: Props, extra: string[]): SerializedStyles => {
      const all = extra.length > 0 ? ready().concat(extra) : ready()
      if (all.length === 1 && isSerialized(all[0])) return all[0]
      // The trailing empty string keeps css() from taking a single serialized part as it is: Emotion joins every
      // part followed by ";" then, and so must we for the same class name.
      return css(...(all.map((s) => (typeof s === 'function' ? (s as StyleFn)(props) : s)) as never[]), '')
    }

    const StyledElement = (props: Props, cache: EmotionCache, ref?: ForwardedRef<unknown>) => {
      const FinalTag = ((shouldUseAs && (props.as as ElementType | undefined)) || baseTag) as ElementType
      const contextTheme = useContext(ThemeContext)
      const theme = (props.theme ?? contextTheme) as object
      let className = ''
      const classInterpolations: string[] = []
      if (typeof props.className === 'string') className = getRegisteredStyles(cache.registered, classInterpolations, props.className)
      else if (props.className != null) className = `${props.className as string} `

      let serialized: SerializedStyles | undefined
      const key = typeof theme === 'object' && theme !== null ? theme : NO_THEME
      if (classInterpolations.length === 0) serialized = perTheme.get(key)
      if (serialized === undefined) {
        serialized = serialize(props.theme == null ? { ...props, theme } : props, classInterpolations)
        if (classInterpolations.length === 0 && themeOnly()) perTheme.set(key, serialized)
      }
      className += `${cache.key}-${serialized.name}`
      if (options?.target !== undefined) className += ` ${options.target}`

      const finalForwardProp = shouldUseAs && shouldForwardProp === undefined ? defaultForwardProp(FinalTag) : forwardProp
      const newProps: Props = {}
      for (const k in props) {
        if (shouldUseAs && k === 'as') continue
        if (finalForwardProp(k)) newProps[k] = props[k]
      }
      newProps.className = className
      if (ref) newProps.ref = ref

      const isStringTag = typeof FinalTag === 'string'
      registerStyles(cache, serialized, isStringTag)
      const inserted = serialized
      let rules: string | undefined
      if (isBrowser) {
        // Styles go into the document before the layout effects that may measure them (as Emotion does).
        // eslint-disable-next-line react-hooks/rules-of-hooks -- the same branch on every render in one environment
        useInsertionEffect(() => void insertStyles(cache, inserted, isStringTag))
      } else {
        rules = insertStyles(cache, serialized, isStringTag)
      }
      const element = createElement(FinalTag, newProps)
      if (isBrowser || rules === undefined) return element
      // Without Emotion's server extraction the rules are written beside the element, as Emotion does.
      let names = serialized.name
      for (let next = serialized.next; next !== undefined; next = next.next) names += ` ${next.name}`
      return createElement(Fragment, null, createElement('style', { 'data-emotion': `${cache.key} ${names}`, nonce: cache.sheet.nonce, dangerouslySetInnerHTML: { __html: rules } }), element)
    }

    const Styled = withEmotionCache(StyledElement) as unknown as StyledComponent
    Styled.displayName = options?.label ?? `Styled(${typeof baseTag === 'string' ? baseTag : (baseTag.displayName ?? baseTag.name ?? 'Component')})`
    Styled.__emotion_real = Styled
    Styled.__emotion_base = baseTag
    Object.defineProperty(Styled, '__emotion_styles', { get: ready })
    Styled.__styles = styles
    Styled.__emotion_forwardProp = shouldForwardProp
    Object.defineProperty(Styled, 'toString', { value: () => `.${options?.target ?? 'NO_COMPONENT_SELECTOR'}` })
    Styled.withComponent = (nextTag, nextOptions) => createStyled(nextTag, { ...options, ...nextOptions, shouldForwardProp: nextOptions?.shouldForwardProp ?? shouldForwardProp })(...styles)
    return Styled
  }
}

/** Drop-in for `import styled from '@emotion/styled'`: the same API and types (styled(tag, options), styled.div). */
export const styled = new Proxy(createStyled, {
  get(target, key) {
    // styled.div and the like; the function's own properties (name, length, call...) stay what they are.
    if (typeof key !== 'string' || key in target) return Reflect.get(target, key)
    return createStyled(key as ElementType)
  },
}) as unknown as CreateStyled

export default styled
