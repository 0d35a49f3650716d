// The geolocation permission state of SPEC.md section 4 (unsupported, unknown or the browser's) and the geocode of
// the position cached for an hour (section 9), with fake timers; the "use my location" button follows the state.
import { act, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { I18nextProvider } from 'react-i18next'
import type { PageContext } from 'vike/types'
import { buildTheme } from '../../themes/build-theme'
import { createI18nService } from '../../src/server/i18n.server'
import { PageContextProvider } from '../../renderer/page-context'
import { geoStore, GEO_CACHE_MS, locatePlace, refreshGeoPermission } from '../../src/shared/geolocation-state'
import { UseMyLocation } from '../../src/features/profile/profile-fields'

const i18n = createI18nService().forRequest('nl')

function fakeNavigator(opts: { geo?: boolean; permission?: PermissionState | 'throws'; deny?: boolean }) {
  const listeners: Array<() => void> = []
  const status = { state: opts.permission, addEventListener: (_: string, fn: () => void) => listeners.push(fn) }
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail: PositionErrorCallback) =>
    opts.deny
      ? fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError)
      : ok({ coords: { latitude: 52.37, longitude: 4.89 } } as GeolocationPosition),
  )
  const nav = {
    ...(opts.geo === false ? {} : { geolocation: { getCurrentPosition } }),
    permissions: { query: async () => (opts.permission === 'throws' ? Promise.reject(new Error('no')) : status) },
  } as unknown as Navigator
  return { nav, status, listeners, getCurrentPosition }
}

describe('the geolocation permission state', () => {
  it('is unsupported without geolocation, unknown without the Permissions API, else the browser’s state, and follows its changes', async () => {
    expect(await refreshGeoPermission(fakeNavigator({ geo: false }).nav)).toBe('unsupported')
    expect(await refreshGeoPermission(fakeNavigator({ permission: 'throws' }).nav)).toBe('unknown')
    const browser = fakeNavigator({ permission: 'prompt' })
    expect(await refreshGeoPermission(browser.nav)).toBe('prompt')
    browser.status.state = 'denied'
    browser.listeners.forEach((fn) => fn())
    expect(geoStore.permission).toBe('denied')
  })

  it('a refused position makes the state denied', async () => {
    const browser = fakeNavigator({ permission: 'prompt', deny: true })
    window.localStorage.clear()
    await expect(locatePlace(async () => 'Amsterdam', browser.nav)).rejects.toBeTruthy()
    expect(geoStore.permission).toBe('denied')
  })
})

describe('the geocode cache', () => {
  beforeEach(() => {
    window.localStorage.clear()
    jest.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] })
  })
  afterEach(() => jest.useRealTimers())

  it('asks the browser and the geocoder once an hour', async () => {
    const browser = fakeNavigator({ permission: 'granted' })
    const geocode = jest.fn(async ({ lat, lon }: { lat: number; lon: number }) => ({ city: 'Amsterdam', lat, lon }))
    expect(await locatePlace(geocode, browser.nav)).toEqual({ city: 'Amsterdam', lat: 52.37, lon: 4.89 })
    jest.advanceTimersByTime(GEO_CACHE_MS - 1000)
    expect(await locatePlace(geocode, browser.nav)).toEqual({ city: 'Amsterdam', lat: 52.37, lon: 4.89 })
    expect(geocode).toHaveBeenCalledTimes(1)
    expect(browser.getCurrentPosition).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(1000)
    await locatePlace(geocode, browser.nav)
    expect(geocode).toHaveBeenCalledTimes(2)
    expect(browser.getCurrentPosition).toHaveBeenCalledTimes(2)
  })
})

describe('the "use my location" button', () => {
  const renderButton = async (nav: Navigator) => {
    Object.defineProperty(window, 'navigator', { configurable: true, value: nav })
    const pageContext = { tenant: { settings: { name: 'Datingstad' } } } as unknown as PageContext
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
          <PageContextProvider pageContext={pageContext}>
            <UseMyLocation onPlace={() => undefined} />
          </PageContextProvider>
        </ThemeProvider>
      </I18nextProvider>,
    )
    await act(async () => {})
  }
  const realNavigator = window.navigator
  afterEach(() => Object.defineProperty(window, 'navigator', { configurable: true, value: realNavigator }))

  it('is absent where the browser has no geolocation', async () => {
    await renderButton(fakeNavigator({ geo: false }).nav)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('is disabled with an explanation when the browser denies the location', async () => {
    await renderButton(fakeNavigator({ permission: 'denied' }).nav)
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true)
    expect(document.body.textContent).toContain('Je browser deelt je locatie niet met ons')
  })

  it('is offered when the browser will ask', async () => {
    await renderButton(fakeNavigator({ permission: 'prompt' }).nav)
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false)
  })
})
