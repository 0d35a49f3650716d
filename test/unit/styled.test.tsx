/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server'
import createCache from '@emotion/cache'
import createEmotionServer from '@emotion/server/create-instance'
import { CacheProvider, ThemeProvider, type Theme } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import styled, { prepareStyle } from '../../src/ui/styled'
// Emotion's own styled, to compare with (the code base imports src/ui/styled instead).
import emotionStyled from '@emotion/styled'

// Counts Emotion's style serializations (@emotion/serialize's serializeStyles joins and hashes styles) as Emotion's
// own modules call it: jest hands them this wrapper (jest.mock is hoisted above the imports).
let serializations = 0
jest.mock('@emotion/serialize', () => {
  const actual = jest.requireActual<{ serializeStyles: (...args: unknown[]) => unknown }>('@emotion/serialize')
  return {
    ...actual,
    serializeStyles: (...args: unknown[]) => {
      serializations++
      return actual.serializeStyles(...args)
    },
  }
})
const serializeCalls = () => serializations

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

  it("serializes a component's static style object when the component is first used, not when it is defined, and once", () => {
    let reads = 0
    const style = {
      get color() {
        reads++
        return 'teal'
      },
    }
    const Box = styled.div(style)
    const Wide = styled(Box)({ width: '100%' })
    // Defined (and composed) without being used, as most components of a page's bundle are: nothing serialized.
    expect(reads).toBe(0)
    const wide = renderCss(<Wide>a</Wide>)
    const box = renderCss(<Box>b</Box>)
    expect(wide).toContain('color:teal;width:100%;')
    expect(box).toContain('color:teal;')
    const seen = reads
    expect(seen).toBeGreaterThan(0)
    // Used again: the same CSS from what was serialized the first time.
    expect(renderCss(<Wide>c</Wide>)).toBe(wide)
    expect(renderCss(<Box>d</Box>)).toBe(box)
    expect(reads).toBe(seen)
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
})


/**
 * Emotion's own styled given the same prepared styles (what src/ui/styled.ts was before it rendered elements
 * itself): the class names and CSS to keep. (Raw style objects would give other hashes for the same rules.)
 */
const viaEmotion = new Proxy(emotionStyled, {
  apply: (target, thisArg, args: unknown[]) => {
    const factory = Reflect.apply(target, thisArg, args) as (...s: unknown[]) => unknown
    return (...s: unknown[]) => factory(...s.map(prepareStyle))
  },
  get: (target, key) => {
    const value = Reflect.get(target, key) as unknown
    return typeof value === 'function' ? (...s: unknown[]) => (value as (...s: unknown[]) => unknown)(...s.map(prepareStyle)) : value
  },
}) as unknown as typeof styled

/** HTML and CSS of a render, with Emotion's extraction. */
function renderBoth(element: React.ReactElement): { html: string; css: string } {
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const html = renderToString(<CacheProvider value={cache}>{element}</CacheProvider>)
  return { html, css: emotion.extractCritical(html).css }
}

/** The same definitions made with one styled or the other. */
function definitions(make: typeof styled) {
  const Box = make.div(({ theme }) => ({ color: theme.colors.primary, padding: 8 }))
  const Plain = make.p({ margin: 0 })
  const Chip = make.span<{ active?: boolean }>(({ theme, active }) => ({ background: active ? theme.colors.primary : 'white' }))
  const Wide = make(Box)(({ theme }) => ({ [theme.mq.md]: { padding: 16 } }), { border: 0 })
  const BoxLink = Box.withComponent('a')
  const Link = (props: { className?: string; href: string; children?: React.ReactNode; tone?: string }) => (
    <a className={props.className} href={props.href} data-tone={props.tone}>
      {props.children}
    </a>
  )
  const StyledLink = make(Link)(({ theme }) => ({ color: theme.colors.secondary }))
  return (theme: Theme) => (
    <ThemeProvider theme={theme}>
      <Box id="a">one</Box>
      <Box>two</Box>
      <Plain>three</Plain>
      <Chip active>four</Chip>
      <Chip>five</Chip>
      <Wide>six</Wide>
      <Box className="own">seven</Box>
      <Box className={renderToString(<span />) ? undefined : 'never'} as="section">
        eight
      </Box>
      <BoxLink href="/x">nine</BoxLink>
      <StyledLink href="/y" tone="soft">
        ten
      </StyledLink>
      <Chip as="b" active>
        eleven
      </Chip>
    </ThemeProvider>
  )
}

describe('one Emotion component per element, styles kept per theme (src/ui/styled.ts)', () => {
  it('renders the same HTML, class names and CSS as @emotion/styled', () => {
    const ours = definitions(styled)
    const emotions = definitions(viaEmotion)
    for (const theme of [pink, blue, pink]) {
      const a = renderBoth(ours(theme))
      const b = renderBoth(emotions(theme))
      expect(a.html).toBe(b.html)
      expect(a.css).toBe(b.css)
    }
  })

  it('merges the styles of an Emotion class name passed in, as Emotion does', () => {
    const make = (s: typeof styled) => {
      const Base = s.div({ color: 'red' })
      const Outer = s.span({ margin: 2 })
      // A parent hands its own Emotion class to a child component of another styled type.
      return () => {
        const cache = createCache({ key: 'css' })
        const emotion = createEmotionServer(cache)
        const first = renderToString(
          <CacheProvider value={cache}>
            <Base />
          </CacheProvider>,
        )
        const className = /class="([^"]+)"/.exec(first)![1]
        const html = renderToString(
          <CacheProvider value={cache}>
            <Outer className={`${className} plain`} />
          </CacheProvider>,
        )
        return { html, css: emotion.extractCritical(first + html).css }
      }
    }
    const ours = make(styled)()
    const theirs = make(viaEmotion)()
    expect(ours).toEqual(theirs)
    expect(ours.html).toContain('plain ')
  })

  it('joins and hashes the styles of a theme-only component once per theme, not once per element', () => {
    const Card = styled.div(({ theme }) => ({ color: theme.colors.primary }), { padding: 4 })
    const page = (theme: Theme) => (
      <ThemeProvider theme={theme}>
        {Array.from({ length: 40 }, (_, i) => (
          <Card key={i}>{i}</Card>
        ))}
      </ThemeProvider>
    )
    renderCss(page(pink))
    const before = serializeCalls()
    const { css } = renderBoth(page(pink))
    // Emotion's own styled joins and hashes on every element: 40 here.
    expect(serializeCalls() - before).toBeLessThanOrEqual(1)
    expect(css).toContain('{color:#e91e63;padding:4px;}')
    const blueBefore = serializeCalls()
    expect(renderBoth(page(blue)).css).toContain('{color:#1e88e5;padding:4px;}')
    expect(serializeCalls() - blueBefore).toBeLessThanOrEqual(3)
  })
})
