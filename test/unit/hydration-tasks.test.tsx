// The browser's first render (renderer/+onRenderClient.tsx) does not run in the task Vike calls it in, which has
// just evaluated the page's modules and routed the address; and i18next's start and React's root are made in
// separate tasks: each of them is a long task on a slow phone otherwise (decision 041, addendum 6).
// A file of its own: the render hook keeps its i18next instance per tab (module state), and this test needs the first.
import { renderToString } from 'react-dom/server'
import type { PageContextClient } from 'vike/types'
import { onRenderClient } from '../../renderer/+onRenderClient'
import { shellContext } from '../support/shell'
import { eventually } from '../support/eventually'

it("starts in a task of its own, after Vike's, and hydrates in another task than i18next's start (addendum 6)", async () => {
  const { pageContext, i18n, shell } = shellContext()
  document.body.innerHTML = ''
  const root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = renderToString(shell(<p data-testid="hello">Hallo</p>))
  document.body.append(root)
  const catalogue = JSON.parse(JSON.stringify(i18n.store.data)) as unknown
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => catalogue }))
  const originalFetch = globalThis.fetch
  globalThis.fetch = fetchMock as unknown as typeof fetch
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  /** Every promise job queued so far, and those they queue: what would still run in the current task. */
  const restOfTask = async () => {
    for (let n = 0; n < 100; n++) await Promise.resolve()
  }
  /** React marks the element it renders into when hydrateRoot or createRoot is called. */
  const isReactRoot = () => Object.keys(root).some((k) => k.startsWith('__reactContainer$'))
  try {
    const Page = () => <p data-testid="hello">Hallo</p>
    const rendering = onRenderClient({ ...pageContext, i18nBundleUrl: '/i18n/nl.tasks.json', Page, isHydration: true } as unknown as PageContextClient)
    await restOfTask()
    // Nothing of the render ran in the task Vike called the hook in (not even the catalogue's request).
    expect(fetchMock).not.toHaveBeenCalled()
    await new Promise((resolve) => setTimeout(resolve, 0))
    await restOfTask()
    // The next task fetched the catalogue and started i18next; React's root is not made in that task.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(isReactRoot()).toBe(false)
    await rendering
    expect(isReactRoot()).toBe(true)
    await eventually(() => expect(document.documentElement.dataset.hydrated).toBe('true'), 10_000)
    expect(root.querySelector('[data-testid="hello"]')?.textContent).toBe('Hallo')
  } finally {
    globalThis.fetch = originalFetch
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment
  }
})
