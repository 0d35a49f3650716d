// A link followed before the page has hydrated (renderer/+onRenderClient.tsx, hydrationCanBeAborted): Vike calls the
// render hook for the new page while the first call still waits for its catalogue or is still hydrating. The new
// page is what shows, the old one never replaces it, and React's report that it dropped the hydration (error 424,
// "received an early update") is not passed on as a page error.
import { renderToString } from 'react-dom/server'
import type { PageContextClient } from 'vike/types'
import { onRenderClient } from '../../renderer/+onRenderClient'
import { shellContext } from '../support/shell'
import { eventually } from '../support/eventually'

const ITEMS = 60

/** A page whose hydration takes many of React's slices (2 ms an item in the browser's render). */
function SlowPage() {
  return (
    <ul data-testid="old-page">
      {Array.from({ length: ITEMS }, (_, n) => (
        <SlowItem key={n} n={n} />
      ))}
    </ul>
  )
}
function SlowItem({ n }: { n: number }) {
  if (typeof window !== 'undefined') {
    const until = performance.now() + 2
    while (performance.now() < until) {
      // The work of a component that takes its time.
    }
  }
  return <li>Item {n}</li>
}
const NewPage = () => <h1 data-testid="new-page">Inloggen</h1>

let restore: () => void
let problems: unknown[]
const onError = (e: ErrorEvent) => problems.push(e.error ?? e.message)

beforeEach(() => {
  problems = []
  const errors = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args[0]))
  window.addEventListener('error', onError)
  // As in a browser: React's scheduler runs the work, not a test's act().
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT
  env.IS_REACT_ACT_ENVIRONMENT = false
  const originalFetch = globalThis.fetch
  restore = () => {
    errors.mockRestore()
    window.removeEventListener('error', onError)
    env.IS_REACT_ACT_ENVIRONMENT = actEnvironment
    globalThis.fetch = originalFetch
  }
})
afterEach(() => restore())

/** The server's markup of the old page in #root, and the page contexts of both pages. */
function serverPage() {
  const { pageContext, i18n, shell } = shellContext()
  document.body.innerHTML = ''
  const root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = renderToString(shell(<SlowPage />))
  document.body.append(root)
  const catalogue = JSON.parse(JSON.stringify(i18n.store.data)) as unknown
  const first = { ...pageContext, i18nBundleUrl: '/i18n/nl.test.json', Page: SlowPage, isHydration: true } as unknown as PageContextClient
  const next = { ...pageContext, i18nBundleUrl: '/i18n/nl.test.json', Page: NewPage, isHydration: false, urlOriginal: '/login' } as unknown as PageContextClient
  return { root, catalogue, first, next }
}

it('a first render still waiting for its catalogue when the next page is opened renders nothing: the new page stays', async () => {
  const { root, catalogue, first, next } = serverPage()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let calls = 0
  globalThis.fetch = jest.fn(async () => {
    // The first page's catalogue is held back; the next page's arrives at once.
    if (++calls === 1) await held
    return { ok: true, status: 200, json: async () => catalogue }
  }) as unknown as typeof fetch

  const hydration = onRenderClient(first)
  // The first render has asked for its catalogue (in the task after Vike's, addendum 6) when the link is followed.
  await eventually(() => expect(calls).toBe(1), 5_000)
  await onRenderClient(next)
  await eventually(() => expect(root.querySelector('[data-testid="new-page"]')).not.toBeNull(), 5_000)
  release()
  await hydration
  await new Promise((r) => setTimeout(r, 300))
  expect(root.querySelector('[data-testid="new-page"]')).not.toBeNull()
  expect(root.querySelector('[data-testid="old-page"]')).toBeNull()
  expect(problems).toEqual([])
})

it('a page opened while the first one is hydrating replaces it, without a page error for the dropped hydration', async () => {
  const { root, catalogue, first, next } = serverPage()
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => catalogue })) as unknown as typeof fetch

  // The hydration has begun (in a transition, in slices) when the next page comes.
  await onRenderClient(first)
  await onRenderClient(next)
  await eventually(() => expect(root.querySelector('[data-testid="new-page"]')).not.toBeNull(), 10_000)
  await new Promise((r) => setTimeout(r, 300))
  expect(root.querySelector('[data-testid="old-page"]')).toBeNull()
  expect(problems).toEqual([])
})
