// The push-notification alert of SPEC.md section 4 and the push state it reads: shown when push is possible, not on
// signup, notifications, activate-done, directdebit or premium, and not after a dismissal (timestamp under
// hide-push-notification-alert).
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { I18nextProvider } from 'react-i18next'
import type { PageContext } from 'vike/types'
import { buildTheme } from '../../themes/build-theme'
import { createI18nService } from '../../src/server/i18n.server'
import { PageContextProvider } from '../../renderer/page-context'
import { SessionProvider } from '../../src/shared/session/session-context'
import { createSessionStore } from '../../src/shared/session/session-store'
import { PushAlert, PUSH_ALERT_KEY, showPushAlert } from '../../src/features/notifications/push-alert'
import { pushStore, readPushState } from '../../src/shared/push-state'
import type { PresentedUser } from '../../src/shared/contracts'

const i18n = createI18nService().forRequest('nl')
const member: PresentedUser = {
  id: 1, email: 'a@b.nl', status: 'active', credits: 0, paid_user: true, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
}

type Browser = { permission?: NotificationPermission; subscribed?: boolean; push?: boolean }
function fakeBrowser({ permission = 'default', subscribed = false, push = true }: Browser) {
  const w = window as unknown as Record<string, unknown>
  delete w.Notification
  delete w.PushManager
  delete (navigator as unknown as Record<string, unknown>).serviceWorker
  if (!push) return
  w.Notification = { permission }
  w.PushManager = function PushManager() {}
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => (subscribed ? { endpoint: 'https://push.example/1' } : null) } }) },
  })
}

async function renderAlert(opts: { path?: string; user?: PresentedUser | null } = {}) {
  const pageContext = { urlPathname: opts.path ?? '/members', tenant: { settings: { push_public_key: 'BKey' } } } as unknown as PageContext
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
        <PageContextProvider pageContext={pageContext}>
          <SessionProvider store={createSessionStore(opts.user === undefined ? member : opts.user)}>
            <PushAlert />
          </SessionProvider>
        </PageContextProvider>
      </ThemeProvider>
    </I18nextProvider>,
  )
  // the push state is read from the browser after mounting
  await act(async () => {})
}

describe('the push state', () => {
  it('is unknown without web push, denied when notifications are blocked, subscribed with a subscription, else capable', async () => {
    fakeBrowser({ push: false })
    expect(await readPushState()).toBe('unknown')
    fakeBrowser({ permission: 'denied' })
    expect(await readPushState()).toBe('denied')
    fakeBrowser({ permission: 'granted', subscribed: true })
    expect(await readPushState()).toBe('subscribed')
    fakeBrowser({ permission: 'granted', subscribed: false })
    expect(await readPushState()).toBe('capable')
    fakeBrowser({ permission: 'default' })
    expect(await readPushState()).toBe('capable')
  })
})

describe('the push-notification alert', () => {
  beforeEach(() => {
    window.localStorage.clear()
    pushStore.state = 'unknown'
  })
  afterEach(() => jest.useRealTimers())

  it('invites a member whose browser can receive push to the notifications page', async () => {
    fakeBrowser({})
    await renderAlert()
    const alert = screen.getByTestId('push-alert')
    expect(alert.textContent).toContain('Zet pushmeldingen aan')
    expect(screen.getByRole('link', { name: 'Pushmeldingen aanzetten' }).getAttribute('href')).toBe('/notifications')
  })

  it('is not shown when push is not possible, refused or already on', async () => {
    for (const browser of [{ push: false }, { permission: 'denied' as const }, { permission: 'granted' as const, subscribed: true }]) {
      fakeBrowser(browser)
      await renderAlert()
      expect(screen.queryByTestId('push-alert')).toBeNull()
    }
  })

  it('is not shown on signup, notifications, activate-done, directdebit or premium, nor to visitors', async () => {
    fakeBrowser({})
    for (const path of ['/signup', '/notifications', '/activate/done', '/directdebit', '/premium']) {
      await renderAlert({ path })
      expect(screen.queryByTestId('push-alert')).toBeNull()
    }
    await renderAlert({ user: null })
    expect(screen.queryByTestId('push-alert')).toBeNull()
    expect(showPushAlert({ loggedIn: true, push: 'capable', pathname: '/profiles', dismissedAt: null })).toBe(true)
  })

  it('stores the dismissal with its timestamp under hide-push-notification-alert and stays hidden', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] })
    fakeBrowser({})
    await renderAlert()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verbergen' })))
    expect(screen.queryByTestId('push-alert')).toBeNull()
    expect(window.localStorage.getItem(PUSH_ALERT_KEY)).toBe('2026-11-26T08:00:00.000Z')
    document.body.innerHTML = ''
    await renderAlert()
    expect(screen.queryByTestId('push-alert')).toBeNull()
  })
})
