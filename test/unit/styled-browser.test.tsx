// src/ui/styled.ts in the browser: styles reach the document, and an element keeps its component type (so React
// keeps what is under it) whatever className or theme it gets (decision 042: switching types lost a popup's state).
import { act, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { CacheProvider, ThemeProvider, type Theme } from '@emotion/react'
import createCache from '@emotion/cache'
import { buildTheme } from '../../themes/build-theme'
import styled from '../../src/ui/styled'

const pink = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })
const blue = buildTheme({ primary: '#1e88e5', secondary: '#ffb300' })

const Box = styled.div(({ theme }) => ({ color: theme.colors.primary }))
const Other = styled.span({ margin: 3 })

let mounts = 0
function Counter() {
  const [n] = useState(() => ++mounts)
  return <i data-testid="mount">{n}</i>
}

/** The CSS rules Emotion inserted into the document. */
const rules = () =>
  Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules))
    .map((r) => r.cssText)
    .join('\n')

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

describe('styled elements in the browser', () => {
  it('inserts the styles and keeps the subtree across className and theme changes', async () => {
    const cache = createCache({ key: 'css' })
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    const view = (theme: Theme, className?: string) => (
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <Box className={className}>
            <Counter />
          </Box>
          <Other>other</Other>
        </ThemeProvider>
      </CacheProvider>
    )
    await act(async () => root.render(view(pink)))
    expect(rules()).toContain(`color: ${pink.colors.primary};`)
    const otherClass = container.querySelector('span')!.className
    await act(async () => root.render(view(pink, 'plain')))
    await act(async () => root.render(view(pink, `${otherClass} plain`)))
    const box = container.querySelector('div')!
    // In the browser Emotion keeps no styles for a DOM element's class, so another element's class is passed on as is.
    expect(box.className).toMatch(new RegExp(`^${otherClass} plain css-`))
    await act(async () => root.render(view(blue)))
    expect(rules()).toContain(`color: ${blue.colors.primary};`)
    expect(container.querySelector('[data-testid="mount"]')!.textContent).toBe('1')
    expect(mounts).toBe(1)
    await act(async () => root.unmount())
  })
})
