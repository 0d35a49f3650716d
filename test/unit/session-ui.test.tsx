import { render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { Badge, badgeText } from '../../src/ui/badge'
import { titleWithPrefix, createSessionStore, refreshUser } from '../../src/shared/session/session-store'
import { subscribe } from 'valtio'
import { entryWarningApplies, entryWarningCountry } from '../../src/features/layout/entry-warning'
import { buildTheme } from '../../themes/build-theme'
import { needsActivationReminder } from '../../src/features/accounts/activation-reminder'
import type { PresentedUser } from '../../src/shared/contracts'

const theme = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })

describe('badges and the title prefix', () => {
  it('caps badges at 99+ from 100', () => {
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(2500)).toBe('99+')
  })

  it('hides a zero badge unless asked to show it', () => {
    const { container, rerender } = render(
      <ThemeProvider theme={theme}>
        <Badge count={0} />
      </ThemeProvider>,
    )
    expect(container.textContent).toBe('')
    rerender(
      <ThemeProvider theme={theme}>
        <Badge count={0} showZero tone="danger" />
      </ThemeProvider>,
    )
    expect(screen.getByText('0')).toBeTruthy()
    rerender(
      <ThemeProvider theme={theme}>
        <Badge count={120} />
      </ThemeProvider>,
    )
    expect(screen.getByText('99+')).toBeTruthy()
  })

  it('prefixes the title with unread messages plus new likes in brackets', () => {
    expect(titleWithPrefix('Datingstad', 0, 0)).toBe('Datingstad')
    expect(titleWithPrefix('Datingstad', 3, 2)).toBe('(5) Datingstad')
  })
})

describe('the site-entry warning rules', () => {
  const base = { enabled: true, loggedIn: false, country: 'NL', countries: ['NL', 'DE'] }
  it('applies, on the server, to logged-out visitors of configured countries when enabled (the browser decides the rest)', () => {
    expect(entryWarningApplies(base)).toBe(true)
    expect(entryWarningApplies({ ...base, loggedIn: true })).toBe(false)
    expect(entryWarningApplies({ ...base, enabled: false })).toBe(false)
    expect(entryWarningApplies({ ...base, country: 'BE' })).toBe(false)
  })
  it('decides the fixed NL and DE warning by where the visitor is, the tenant list by the selected country', () => {
    // A Dutch visitor of a brand serving only Denmark: the site selects Denmark for them.
    const dutchOnDanish = { geoip_country: 'NL', geoip_selected_country: 'DK' }
    expect(entryWarningCountry(dutchOnDanish, true)).toBe('NL')
    expect(entryWarningCountry(dutchOnDanish, false)).toBe('DK')
    // No GeoIP country (an unknown address): the selected one.
    expect(entryWarningCountry({ geoip_country: null, geoip_selected_country: 'NL' }, true)).toBe('NL')
  })
})

describe('the theme', () => {
  it('derives shades and a readable text colour from the tenant colours', () => {
    const t = buildTheme({ primary: '#ffeb3b', secondary: '#0d47a1' })
    expect(t.colors.onPrimary).toBe('#1a1a1a')
    expect(t.colors.onSecondary).toBe('#ffffff')
    expect(t.colors.primaryDark).not.toBe(t.colors.primary)
    expect(t.breakpoints).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200 })
  })
})

describe('the activation reminder rule', () => {
  const user: PresentedUser = {
    id: 1, email: 'a@b.nl', status: 'not_confirmed', credits: 0, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
    fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'A', country: 'NL', status: 'disabled', main_image: null },
  }
  it('shows for a not confirmed member with a disabled profile and no disabled notifications, except on signup, settings and notifications', () => {
    expect(needsActivationReminder(user, '/')).toBe(true)
    expect(needsActivationReminder(user, '/pages/faq')).toBe(true)
    for (const p of ['/signup', '/settings', '/notifications']) expect(needsActivationReminder(user, p)).toBe(false)
    expect(needsActivationReminder({ ...user, status: 'active' }, '/')).toBe(false)
    expect(needsActivationReminder({ ...user, notifications_disabled: ['bounce'] }, '/')).toBe(false)
    expect(needsActivationReminder(null, '/')).toBe(false)
  })
})

describe('the user as the server answers it again', () => {
  const user: PresentedUser = {
    id: 1, email: 'a@b.nl', status: 'active', credits: 10, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
    fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'A', country: 'NL', status: 'active', main_image: null },
  }
  it('leaves the store alone for a copy of the same member, and takes a changed one (the live client on socket open)', async () => {
    const store = createSessionStore(user)
    const kept = store.user
    let changes = 0
    const stop = subscribe(store, () => changes++)
    // The API's copy, its keys in another order than the page's.
    const copy = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(user)) as PresentedUser).reverse()) as unknown as PresentedUser
    expect(refreshUser(store, copy)).toBe(false)
    await Promise.resolve()
    expect(store.user).toBe(kept)
    expect(changes).toBe(0)
    expect(refreshUser(store, { ...copy, profile: { ...copy.profile!, name: 'A' }, credits: 25 })).toBe(true)
    await Promise.resolve()
    expect(store.user?.credits).toBe(25)
    expect(changes).toBe(1)
    stop()
    // After a logout (no user) the answer is taken as it is.
    const empty = createSessionStore(null)
    expect(refreshUser(empty, user)).toBe(true)
    expect(empty.user?.id).toBe(1)
  })
})

describe('the disabled-notifications alert rule', () => {
  it('shows when e-mail is off and not dismissed, except on settings and notifications', () => {
    const { showDisabledAlert } = jest.requireActual('../../src/features/notifications/disabled-notifications-alert')
    expect(showDisabledAlert(['bounce'], null, '/')).toBe(true)
    expect(showDisabledAlert([], null, '/')).toBe(false)
    expect(showDisabledAlert(['bounce'], '2026-01-01T00:00:00Z', '/')).toBe(false)
    expect(showDisabledAlert(['fbl'], null, '/settings')).toBe(false)
    expect(showDisabledAlert(['fbl'], null, '/notifications')).toBe(false)
  })
})

describe('the profile-photo alert rule', () => {
  it('shows for a logged-in member without a main image, except on the listed pages, until dismissed', () => {
    const { showPhotoAlert } = jest.requireActual('../../src/features/photos/photo-alert')
    const base = { loggedIn: true, hasMainImage: false, pathname: '/', dismissedAt: null }
    expect(showPhotoAlert(base)).toBe(true)
    expect(showPhotoAlert({ ...base, hasMainImage: true })).toBe(false)
    expect(showPhotoAlert({ ...base, loggedIn: false })).toBe(false)
    expect(showPhotoAlert({ ...base, dismissedAt: '2026-01-01T00:00:00Z' })).toBe(false)
    for (const p of ['/profile', '/signup', '/activate/done', '/premium', '/notifications', '/directdebit', '/settings']) expect(showPhotoAlert({ ...base, pathname: p })).toBe(false)
    expect(showPhotoAlert({ ...base, pathname: '/profiles' })).toBe(true)
  })
})
