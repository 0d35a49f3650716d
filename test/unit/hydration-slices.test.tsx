// The browser's first render (renderer/+onRenderClient.tsx) hydrates the server's markup in slices: React works in
// a transition, so it yields to the browser every few milliseconds, and a tap, a timer or a paint is not held up by
// the hydration of the whole page in one long task (Lighthouse's total blocking time; decision 041, addendum 5).
import { renderToString } from 'react-dom/server'
import type { PageContextClient } from 'vike/types'
import { onRenderClient } from '../../renderer/+onRenderClient'
import { shellContext } from '../support/shell'
import { eventually } from '../support/eventually'

/** How long each item's render takes; 40 of them are far more than one of React's 5 ms slices. */
const ITEM_MS = 2
const ITEMS = 40

/** When each item rendered in the browser (performance.now()); the server's render records nothing. */
const rendered: number[] = []

function SlowItem({ n }: { n: number }) {
  if (typeof window !== 'undefined' && document.getElementById('root')?.dataset.hydrating === 'yes') {
    const until = performance.now() + ITEM_MS
    while (performance.now() < until) {
      // The work of a component that takes its time.
    }
    rendered.push(performance.now())
  }
  return <li>Item {n}</li>
}

function SlowPage() {
  return (
    <ul data-testid="slow-list">
      {Array.from({ length: ITEMS }, (_, n) => (
        <SlowItem key={n} n={n} />
      ))}
    </ul>
  )
}

it('hydrates the server markup in slices, letting other tasks run in between, and keeps the server elements', async () => {
  const { pageContext, i18n, shell } = shellContext()
  const root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = renderToString(shell(<SlowPage />))
  document.body.append(root)
  const serverList = root.querySelector('[data-testid="slow-list"]')
  expect(serverList).not.toBeNull()

  // The catalogue the page preloads: the same texts as the server's render.
  const catalogueUrl = '/locales/nl.test.json'
  const catalogue = JSON.parse(JSON.stringify(i18n.store.data)) as unknown
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => catalogue }))
  const originalFetch = globalThis.fetch
  globalThis.fetch = fetchMock as unknown as typeof fetch
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)

  // A timer that fires as often as it can, as the browser's input and paint would.
  const ticks: number[] = []
  let ticking = true
  const tick = () => {
    ticks.push(performance.now())
    if (ticking) setTimeout(tick, 0)
  }
  setTimeout(tick, 0)

  // As in a browser: React's scheduler runs the work, not a test's act().
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  try {
    root.dataset.hydrating = 'yes'
    await onRenderClient({ ...pageContext, i18nBundleUrl: catalogueUrl, Page: SlowPage, isHydration: true } as unknown as PageContextClient)
    await eventually(() => expect(document.documentElement.dataset.hydrated).toBe('true'), 10_000)
  } finally {
    ticking = false
    delete root.dataset.hydrating
    globalThis.fetch = originalFetch
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment
  }

  expect(fetchMock).toHaveBeenCalledWith(catalogueUrl, expect.anything())
  expect(rendered).toHaveLength(ITEMS)
  // The timer ran while the items were being hydrated: the work was cut into slices.
  const between = ticks.filter((t) => t > rendered[0] && t < rendered[ITEMS - 1])
  expect(between.length).toBeGreaterThan(0)
  // Hydrated, not rendered again: the server's elements are the page's, and React found no mismatch.
  expect(root.querySelector('[data-testid="slow-list"]')).toBe(serverList)
  expect(serverList!.isConnected).toBe(true)
  expect(errors).not.toHaveBeenCalled()
  errors.mockRestore()
})
