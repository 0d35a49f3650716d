// The app shell's client behaviours (issue 14): the progress bar's timing, the chunk-reload guard and the
// page-hidden beacon, with fake timers.
import { act, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import { createNavigationProgress, ProgressBar, PROGRESS_MAX_MS, PROGRESS_FINISH_MS, PROGRESS_THROTTLE_MS } from '../../src/ui/progress-bar'
import { CHUNK_RELOAD_KEY, handleChunkError, isChunkLoadError, reloadForChunkError, type GuardEnv } from '../../src/shared/chunk-reload'
import { pageHiddenUrl } from '../../src/shared/page-hidden'
import { shellContext } from '../support/shell'
import { onPageTransitionStart } from '../../renderer/+onPageTransitionStart'

describe('navigation progress bar', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  const setup = () => {
    const progress = createNavigationProgress()
    render(
      <ThemeProvider theme={buildTheme({ primary: '#1565c0', secondary: '#ffb300' })}>
        <ProgressBar progress={progress} />
      </ThemeProvider>,
    )
    return progress
  }
  const bar = () => screen.queryByTestId('navigation-progress')

  it('shows nothing for a navigation quicker than 200 ms', () => {
    const progress = setup()
    act(() => progress.start())
    act(() => jest.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1))
    expect(bar()).toBeNull()
    act(() => progress.done())
    act(() => jest.advanceTimersByTime(1000))
    expect(bar()).toBeNull()
  })

  it('appears after 200 ms in the primary colour, hidden from screen readers, and fills up when the page arrives', () => {
    const progress = setup()
    act(() => progress.start())
    act(() => jest.advanceTimersByTime(PROGRESS_THROTTLE_MS))
    expect(bar()).not.toBeNull()
    expect(bar()!.getAttribute('aria-hidden')).toBe('true')
    expect(getComputedStyle(bar()!).backgroundColor).toBe('rgb(21, 101, 192)')
    expect(bar()!.dataset.phase).toBe('running')
    act(() => progress.done())
    expect(bar()!.dataset.phase).toBe('finishing')
    act(() => jest.advanceTimersByTime(PROGRESS_FINISH_MS))
    expect(bar()).toBeNull()
  })

  it('is gone after at most 5 s even when the page never arrives', () => {
    const progress = setup()
    act(() => progress.start())
    act(() => jest.advanceTimersByTime(PROGRESS_THROTTLE_MS + PROGRESS_MAX_MS - 1))
    expect(bar()).not.toBeNull()
    act(() => jest.advanceTimersByTime(1))
    expect(bar()).toBeNull()
    // The late end of that navigation shows nothing either.
    act(() => progress.done())
    expect(bar()).toBeNull()
  })

  it('starts over for a navigation that begins while another is shown', () => {
    const progress = setup()
    act(() => progress.start())
    act(() => jest.advanceTimersByTime(PROGRESS_THROTTLE_MS + 4000))
    act(() => progress.start())
    expect(bar()).toBeNull()
    act(() => jest.advanceTimersByTime(PROGRESS_THROTTLE_MS))
    act(() => jest.advanceTimersByTime(4000))
    expect(bar()).not.toBeNull()
  })
})

describe('chunk-reload guard', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') }))
  afterEach(() => jest.useRealTimers())

  const memoryStorage = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
  }
  const env = (storage = memoryStorage()) => {
    const reload = jest.fn()
    const e: GuardEnv = { storage, now: () => Date.now(), reload }
    return { e, reload, storage }
  }
  const chunkError = new TypeError('Failed to fetch dynamically imported module: https://x.nl/assets/entries/pages_login.abc.js')

  it('knows a failed chunk load from other errors', () => {
    expect(isChunkLoadError(chunkError)).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })

  it('reloads once, then not again within 60 s, then again after', () => {
    const { e, reload, storage } = env()
    expect(reloadForChunkError(chunkError, e)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe(String(Date.now()))
    jest.advanceTimersByTime(59_999)
    expect(reloadForChunkError(chunkError, e)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(1)
    expect(reloadForChunkError(chunkError, e)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('survives the reload: the timestamp from the page before counts', () => {
    const storage = memoryStorage()
    reloadForChunkError(chunkError, env(storage).e)
    const afterReload = env(storage)
    jest.advanceTimersByTime(2000)
    expect(reloadForChunkError(chunkError, afterReload.e)).toBe(false)
    expect(afterReload.reload).not.toHaveBeenCalled()
  })

  it('never reloads for other errors, nor without storage to remember it', () => {
    const { e, reload } = env()
    expect(reloadForChunkError(new Error('boom'), e)).toBe(false)
    const noStorage = { ...e, storage: undefined }
    expect(reloadForChunkError(chunkError, noStorage)).toBe(false)
    const refusing = { ...e, storage: { getItem: () => { throw new Error('denied') }, setItem: () => undefined } }
    expect(reloadForChunkError(chunkError, refusing)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it("holds a chunk error within 60 s of its reload (so Vike's full page load does not happen either), and passes on the rest", () => {
    const { e, reload } = env()
    expect(handleChunkError(chunkError, e)).toBe('reloaded')
    jest.advanceTimersByTime(30_000)
    expect(handleChunkError(chunkError, e)).toBe('held')
    expect(handleChunkError(new Error('boom'), e)).toBe('passed')
    jest.advanceTimersByTime(30_000)
    expect(handleChunkError(chunkError, e)).toBe('reloaded')
    expect(reload).toHaveBeenCalledTimes(2)
    // Without storage there is no timestamp: Vike's own handling stays.
    expect(handleChunkError(chunkError, { ...e, storage: undefined })).toBe('passed')
  })
})

describe('page-hidden beacon address', () => {
  it('is the bare endpoint without page-bounce logging, and carries path and time with it', () => {
    expect(pageHiddenUrl({ logging: false, path: '/signup', msSinceLoad: 1500 })).toBe('/api/page-hidden.php')
    expect(pageHiddenUrl({ logging: true, path: '/signup', msSinceLoad: 1500.4 })).toBe('/api/page-hidden.php?lb=1&path=%2Fsignup&ms=1500')
  })
})

describe('the marks of a rendered page', () => {
  it('a client navigation is marked from its start until the new page has committed', async () => {
    const first = shellContext({ extra: { urlPathname: '/complete-signup' } })
    const view = render(first.shell(<p>first</p>))
    await act(async () => undefined)
    expect(document.documentElement.dataset.hydrated).toBe('true')
    // The navigation begins (Vike changes the address next, before the new page renders).
    onPageTransitionStart({})
    expect(document.documentElement.dataset.navigating).toBe('true')
    // The old page re-rendering is not the new page.
    await act(async () => view.rerender(first.shell(<p>first, again</p>)))
    expect(document.documentElement.dataset.navigating).toBe('true')
    const next = shellContext({ extra: { urlPathname: '/members' } })
    await act(async () => view.rerender(next.shell(<p>next</p>)))
    expect(document.documentElement.dataset.navigating).toBeUndefined()
    view.unmount()
  })
})
