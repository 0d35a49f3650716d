// The activation reminder of SPEC.md section 4 as rendered: a modal on a smartphone right after signup (query flag
// api_signup_complete), closed by its ×, Escape or the backdrop into the alert; the alert everywhere else.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { I18nextProvider } from 'react-i18next'
import type { PageContext } from 'vike/types'
import { buildTheme } from '../../themes/build-theme'
import { createI18nService } from '../../src/server/i18n.server'
import { PageContextProvider } from '../../renderer/page-context'
import { SessionProvider } from '../../src/shared/session/session-context'
import { createSessionStore } from '../../src/shared/session/session-store'
import { ActivationReminder } from '../../src/features/accounts/activation-reminder'
import type { PresentedUser } from '../../src/shared/contracts'

const i18n = createI18nService().forRequest('nl')
const newcomer: PresentedUser = {
  id: 1, email: 'nieuw@example.nl', status: 'not_confirmed', credits: 0, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Nieuw', country: 'NL', status: 'disabled', main_image: null },
}

function phone(isPhone: boolean) {
  window.matchMedia = ((query: string) => ({ matches: isPhone && query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia
}

async function renderReminder(search: string, path = '/complete-signup') {
  window.history.replaceState(null, '', `${path}${search}`)
  const pageContext = { urlPathname: path, tenant: { settings: {} } } as unknown as PageContext
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
        <PageContextProvider pageContext={pageContext}>
          <SessionProvider store={createSessionStore(newcomer)}>
            <ActivationReminder />
          </SessionProvider>
        </PageContextProvider>
      </ThemeProvider>
    </I18nextProvider>,
  )
  await act(async () => {})
}

describe('the activation reminder', () => {
  it('is a modal on a smartphone right after signup; Escape closes it into the alert', async () => {
    phone(true)
    await renderReminder('?api_signup_complete=1')
    const dialog = screen.getByRole('dialog', { name: 'Bevestig je e-mailadres' })
    expect(dialog.textContent).toContain('nieuw@example.nl')
    expect(screen.queryByTestId('activation-reminder')).toBeNull()
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('activation-reminder').textContent).toContain('nieuw@example.nl')
  })

  it('is the alert on a desktop, even right after signup', async () => {
    phone(false)
    await renderReminder('?api_signup_complete=1')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('activation-reminder').getAttribute('role')).toBe('alert')
  })

  it('on a smartphone without the flag is the alert too', async () => {
    phone(true)
    await renderReminder('', '/members')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('activation-reminder')).toBeTruthy()
  })
})
