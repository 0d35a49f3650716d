/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server'
import createCache from '@emotion/cache'
import createEmotionServer from '@emotion/server/create-instance'
import { CacheProvider, ThemeProvider, type Theme } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import emotionStyled from '@emotion/styled'
import styled, { prepareStyle } from '../../src/ui/styled'

const pink = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })
const blue = buildTheme({ primary: '#1e88e5', secondary: '#ffb300' })

/** The CSS a render emits, with the generated class names replaced by the element's tag. */
function renderCss(element: React.ReactElement): string {
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const html = renderToString(<CacheProvider value={cache}>{element}</CacheProvider>)
  return emotion.extractCritical(html).css
}

describe('styles serialized once (src/ui/styled.ts)', () => {
  it('serializes a static style object once, when the component is defined', () => {
    const prepared = prepareStyle({ color: 'red', padding: 4 }) as { styles: string; name: string }
    expect(prepared.styles).toBe('color:red;padding:4px;')
    expect(typeof prepared.name).toBe('string')
  })

  it('calls a function of the theme once per theme and keeps its serialized result', () => {
    const fn = jest.fn(({ theme }: { theme: Theme }) => ({ color: theme.colors.primary }))
    const prepared = prepareStyle(fn) as (props: object) => { styles: string }
    const first = prepared({ theme: pink, children: 'a' })
    const again = prepared({ theme: pink, children: 'b' })
    const other = prepared({ theme: blue })
    expect(fn).toHaveBeenCalledTimes(2)
    expect(again).toBe(first)
    expect(first.styles).toBe('color:#e91e63;')
    expect(other.styles).toBe('color:#1e88e5;')
  })

  it('calls a function that reads other props on every render', () => {
    const fn = jest.fn(({ theme, active }: { theme: Theme; active?: boolean }) => ({ color: active ? theme.colors.primary : 'gray' }))
    const prepared = prepareStyle(fn) as (props: object) => unknown
    expect(prepared({ theme: pink, active: true })).toEqual({ color: '#e91e63' })
    expect(prepared({ theme: pink, active: false })).toEqual({ color: 'gray' })
    expect(prepared({ theme: pink, active: true })).toEqual({ color: '#e91e63' })
    expect(fn).toHaveBeenCalledTimes(3)
  })

  it('renders the same CSS as Emotion itself, per theme and per prop', () => {
    const Box = styled.div(({ theme }) => ({ color: theme.colors.primary, padding: 8 }))
    const Chip = styled.span<{ active?: boolean }>(({ theme, active }) => ({ background: active ? theme.colors.primary : 'white' }))
    const Plain = styled.p({ margin: 0 })
    const page = (theme: Theme) => (
      <ThemeProvider theme={theme}>
        <Box />
        <Chip active />
        <Chip />
        <Plain />
      </ThemeProvider>
    )
    const pinkCss = renderCss(page(pink))
    expect(pinkCss).toContain('{color:#e91e63;padding:8px;}')
    expect(pinkCss).toContain('{background:#e91e63;}')
    expect(pinkCss).toContain('{background:white;}')
    expect(pinkCss).toContain('{margin:0;}')
    const blueCss = renderCss(page(blue))
    expect(blueCss).toContain('{color:#1e88e5;padding:8px;}')
    expect(blueCss).not.toContain('#e91e63')
  })

  /**
   * A render's markup with each class attribute replaced by the CSS of its classes (so two renders compare by what
   * they show, not by how Emotion named the classes), and its style sheet.
   */
  function renderResolved(element: React.ReactElement): { html: string; css: string[] } {
    const cache = createCache({ key: 'css' })
    const emotion = createEmotionServer(cache)
    const html = renderToString(<CacheProvider value={cache}>{element}</CacheProvider>)
    const rules = new Map<string, string[]>()
    const sheet = emotion.extractCritical(html).css
    for (const m of sheet.matchAll(/\.(css-[\w-]+)([^{]*)\{([^}]*)\}/g)) rules.set(m[1], [...(rules.get(m[1]) ?? []), `${m[2]}{${m[3]}}`])
    const resolved = html.replace(/class="([^"]*)"/g, (_, names: string) => `class="${names.split(' ').map((n) => (rules.get(n) ?? [n]).join('')).join(' ')}"`)
    return { html: resolved, css: [...sheet.replace(/\.css-[\w-]+/g, '.X').matchAll(/[^{}]*\{[^}]*\}/g)].map((m) => m[0]).sort() }
  }

  it('renders theme-only styles through one component per theme with the same markup and CSS as Emotion', () => {
    // The same definitions through our styled and through Emotion's own: composed, withComponent, a className
    // given, a style reading props, keyframes, a ref.
    const make = (make: typeof styled) => {
      const Base = make.div(({ theme }) => ({ color: theme.colors.primary, padding: 8, '@keyframes spin': { from: { opacity: 0 }, to: { opacity: 1 } } }))
      const Wide = make(Base)({ width: '100%' })
      const Link = Base.withComponent('a')
      const Chip = make.span<{ active?: boolean }>(({ theme, active }) => ({ background: active ? theme.colors.primary : 'white' }))
      const Plain = make.p({ margin: 0 })
      return (theme: Theme, ref?: React.Ref<HTMLDivElement>) => (
        <ThemeProvider theme={theme}>
          <Base ref={ref} data-x="1">
            a
          </Base>
          <Wide aria-label="w">b</Wide>
          <Link href="/x">c</Link>
          <Base className="extra">d</Base>
          <Chip active>e</Chip>
          <Chip>f</Chip>
          <Plain>g</Plain>
          <Plain>h</Plain>
        </ThemeProvider>
      )
    }
    const Base = styled.div(({ theme }) => ({ color: theme.colors.primary, padding: 8 }))
    const Wide = styled(Base)({ width: '100%' })
    const sameTwice = (theme: Theme) => (
      <ThemeProvider theme={theme}>
        <Base>a</Base>
        <Base className="extra">b</Base>
        <Wide>c</Wide>
        <Wide className="extra">d</Wide>
      </ThemeProvider>
    )
    const ours = make(styled)
    const emotions = make(emotionStyled as unknown as typeof styled)
    for (const theme of [pink, blue, pink]) {
      const a = renderResolved(ours(theme))
      const b = renderResolved(emotions(theme))
      expect(a.html).toBe(b.html)
      expect(a.css).toEqual(b.css)
      // The same class names as Emotion's own render of the same styles (an element given a className takes that
      // way): markup rendered either way hydrates with the other, and no rule is written twice under two names.
      const both = renderToString(<CacheProvider value={createCache({ key: 'css' })}>{sameTwice(theme)}</CacheProvider>)
      const names = [...both.matchAll(/<(?:div|a) [^>]*class="([^"]+)"/g)].map((m) => m[1].replace(/^extra /, ''))
      expect(names).toHaveLength(4)
      expect(names[1]).toBe(names[0])
      expect(names[3]).toBe(names[2])
    }
    expect(renderResolved(ours(blue)).html).toContain('color:#1e88e5;padding:8px;')
    expect(renderResolved(ours(pink)).html).toContain('class="extra {color:#e91e63;padding:8px;}"')
  })
})
