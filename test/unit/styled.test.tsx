/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server'
import createCache from '@emotion/cache'
import createEmotionServer from '@emotion/server/create-instance'
import { CacheProvider, ThemeProvider, type Theme } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
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
})
