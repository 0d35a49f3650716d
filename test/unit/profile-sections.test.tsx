// The in-place profile editing of /profile and the settings screen: per-section save, errors per field, feedback.
import fs from 'node:fs'
import path from 'node:path'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import i18next from 'i18next'
import { I18nextProvider } from 'react-i18next'
import type { PageContext } from 'vike/types'
import { buildTheme } from '../../themes/build-theme'
import { PageContextProvider } from '../../renderer/page-context'
import { SessionProvider } from '../../src/shared/session/session-context'
import { createSessionStore } from '../../src/shared/session/session-store'
import { AboutSection, InterestsSection, LocationSection, OwnProfileSections } from '../../src/features/profile/profile-sections'
import type { OwnProfile, PresentedUser } from '../../src/shared/contracts'

// jsdom has no Response: the client only reads ok, status and json().
const json = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response

const nl = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/nl/common.json'), 'utf8'))
const i18n = i18next.createInstance()
void i18n.init({ lng: 'nl', resources: { nl: { common: nl } }, defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false })

const profile: OwnProfile = {
  name: 'Anna', gender: 'female', sexuality: 'hetero', hair_colour: null, eye_colour: null, body_type: null, relationship_status: null,
  tattoos: null, interests: ['travel'], country: 'NL', region: 'NL-NH', city: 'Amsterdam', about: null, looking_for: null,
}
const user = {
  id: 1, email: 'anna@example.nl', status: 'active', credits: 0, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Anna', country: 'NL', status: 'active', main_image: null },
} as PresentedUser
const pageContext = { tenant: { settings: { name: 'Datingstad', countries: [{ code: 'NL', name: 'Nederland' }, { code: 'BE', name: 'België' }] } } } as unknown as PageContext

function setup(put: (body: Partial<OwnProfile>) => Response) {
  const store = createSessionStore(JSON.parse(JSON.stringify(user)) as PresentedUser)
  const puts: Partial<OwnProfile>[] = []
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/interests.php') return json(200, { interests: [{ id: 'travel', name: 'Reizen' }, { id: 'music', name: 'Muziek' }] })
    if (url === '/api/regions.php') return json(200, { countries: [{ country: 'NL', name: 'Nederland', regions: [{ code: 'NL-NH', name: 'Noord-Holland' }, { code: 'NL-UT', name: 'Utrecht' }] }] })
    if (url === '/api/profile.php' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body))
      puts.push(body)
      return put(body)
    }
    if (url === '/api/profile.php') return json(200, { profile })
    return json(404, {})
  }) as unknown as typeof fetch
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
        <PageContextProvider pageContext={pageContext}>
          <SessionProvider store={store}>
            <OwnProfileSections>
              {(own) => (
                <>
                  <AboutSection own={own} />
                  <InterestsSection own={own} />
                  <LocationSection own={own} />
                </>
              )}
            </OwnProfileSections>
          </SessionProvider>
        </PageContextProvider>
      </ThemeProvider>
    </I18nextProvider>,
  )
  return { store, puts }
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))

describe('editing the own profile in place', () => {
  it('saves only its own section, shows the success, and keeps the navigation name in step', async () => {
    const { store, puts } = setup((body) => json(200, { profile: { ...profile, ...body } }))
    await flush()
    const about = screen.getByTestId('section-about')
    fireEvent.change(within(about).getByLabelText('Profielnaam'), { target: { value: 'Anna B' } })
    fireEvent.change(within(about).getByLabelText('Over mij'), { target: { value: 'Hallo' } })
    await act(async () => fireEvent.click(within(about).getByRole('button', { name: 'Opslaan' })))
    expect(puts).toEqual([{ name: 'Anna B', gender: 'female', sexuality: 'hetero', about: 'Hallo', looking_for: null }])
    expect(screen.getByTestId('about-saved').textContent).toBe('Je wijzigingen zijn opgeslagen.')
    expect(store.user?.profile?.name).toBe('Anna B')
    // Other sections send their own fields only.
    const interests = screen.getByTestId('section-interests')
    await act(async () => fireEvent.click(within(interests).getByLabelText('Muziek')))
    await act(async () => fireEvent.click(within(interests).getByRole('button', { name: 'Opslaan' })))
    expect(puts[1]).toEqual({ interests: ['travel', 'music'] })
  })

  it('shows the localized error under its field, and errors of list items under the list', async () => {
    setup((body) =>
      body.name !== undefined
        ? json(400, { error: 'invalid_input', message: 'Controleer de gemarkeerde velden.', fields: { name: 'Je profielnaam mag niet met @ beginnen.' } })
        : json(400, { error: 'invalid_input', message: 'Controleer de gemarkeerde velden.', fields: { 'interests.0': 'Kies je interesses uit de lijst.' } }),
    )
    await flush()
    const about = screen.getByTestId('section-about')
    fireEvent.change(within(about).getByLabelText('Profielnaam'), { target: { value: '@anna' } })
    await act(async () => fireEvent.click(within(about).getByRole('button', { name: 'Opslaan' })))
    expect(within(about).getByText('Je profielnaam mag niet met @ beginnen.')).toBeTruthy()
    expect(about.querySelector('input[name="name"]')!.getAttribute('aria-invalid')).toBe('true')
    expect(within(about).getByText('Controleer de gemarkeerde velden.')).toBeTruthy()
    expect(screen.queryByTestId('about-saved')).toBeNull()

    const interests = screen.getByTestId('section-interests')
    await act(async () => fireEvent.click(within(interests).getByRole('button', { name: 'Opslaan' })))
    expect(within(interests).getByText('Kies je interesses uit de lijst.')).toBeTruthy()
  })

  it('empties the region when the country changes, and offers the regions of the country', async () => {
    setup((body) => json(200, { profile: { ...profile, ...body } }))
    await flush()
    const location = screen.getByTestId('section-location')
    const region = within(location).getByLabelText('Provincie of regio') as HTMLSelectElement
    expect(region.value).toBe('NL-NH')
    expect([...region.options].map((o) => o.value)).toEqual(['', 'NL-NH', 'NL-UT'])
    fireEvent.change(within(location).getByLabelText('Land'), { target: { value: 'BE' } })
    expect(region.value).toBe('')
    expect([...region.options].map((o) => o.value)).toEqual([''])
  })
})
