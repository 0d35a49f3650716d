import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { PageContext } from 'vike/types'
import { renderInShell, type ShellOptions } from '../support/shell'
import { ErrorPage } from '../../src/features/layout/error-page'
import type { LayoutName } from '../../renderer/types'
import type { PresentedUser } from '../../src/shared/contracts'

function renderShell({ page, ...opts }: ShellOptions & { layout: LayoutName; page?: React.ReactNode }) {
  return renderInShell(page ?? <p>content</p>, opts)
}

const member: PresentedUser = {
  id: 1, email: 'a@b.nl', status: 'active', credits: 0, paid_user: true, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
}

describe('layouts of SPEC.md section 2', () => {
  beforeEach(() => window.localStorage.clear())

  it('default: navigation with the Login button for visitors, footer links and the disclaimer', () => {
    renderShell({ layout: 'default' })
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Inloggen' })).toBeTruthy()
    const footer = screen.getByRole('contentinfo')
    for (const name of ['Algemene voorwaarden', 'Privacy', 'Cookies', 'Blokkeringen', 'Prijzen', 'Klachten', 'Retourbeleid', 'Veelgestelde vragen', 'Klantenservice']) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy()
    }
    expect(screen.getByTestId('disclaimer').textContent).toContain('18 jaar')
    expect(screen.queryByTestId('us-footer')).toBeNull()
    // The site-entry warning for the tenant's countries, shown once.
    expect(screen.getByRole('dialog').textContent).toContain('Alleen voor volwassenen')
  })

  it("the language select shows the page's own language when the visitor's country does not list it", () => {
    renderShell({ layout: 'default', tenant: 'euroflirt', lng: 'pl' })
    const select = screen.getByRole('combobox', { name: 'Język' }) as HTMLSelectElement
    expect(select.value).toBe('pl')
    expect(within(select).getByRole('option', { name: 'Polski' })).toBeTruthy()
  })

  it('default, logged in: search, messages, likes, credits with the danger badge at 0, account menu', () => {
    renderShell({ layout: 'default', user: member })
    expect(screen.queryByRole('link', { name: 'Inloggen' })).toBeNull()
    const nav = within(screen.getByRole('banner'))
    expect(nav.getByRole('link', { name: 'Zoeken' }).getAttribute('href')).toBe('/members')
    expect(screen.getByTestId('nav-messages').getAttribute('href')).toBe('/chats')
    expect(nav.getByRole('link', { name: /Credits/ }).textContent).toContain('0')
    expect(screen.getByRole('button', { name: /Sanne/ })).toBeTruthy()
    // Logged in: no entry warning.
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('default: visitors and members see a different footer (SPEC.md section 2)', () => {
    const visitor = renderShell({ layout: 'default' })
    const join = within(screen.getByRole('contentinfo')).getByTestId('footer-join')
    expect(join.textContent).toContain('Heb je al een account?')
    expect(within(join).getByRole('link', { name: 'Gratis aanmelden' }).getAttribute('href')).toBe('/signup')
    expect(within(join).getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByRole('navigation', { name: 'Je account' })).toBeNull()
    visitor.unmount()

    renderShell({ layout: 'default', user: member })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).queryByTestId('footer-join')).toBeNull()
    expect(within(footer).queryByRole('link', { name: 'Gratis aanmelden' })).toBeNull()
    const account = within(footer).getByRole('navigation', { name: 'Je account' })
    expect(within(account).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/profile', '/notifications', '/settings', '/credits'])
    // The information links stay for both.
    expect(within(footer).getByRole('link', { name: 'Klachten' })).toBeTruthy()
  })

  it('default, Swedish on EuroFlirt: the footer of a free member offers premium, in Swedish', () => {
    renderShell({ layout: 'default', tenant: 'euroflirt', lng: 'sv', user: { ...member, paid_user: false, language: 'sv' } })
    const account = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Ditt konto' })
    expect(within(account).getByRole('link', { name: 'Bli premium' }).getAttribute('href')).toBe('/premium')
  })

  it('default, free member: Get Premium instead of credits', () => {
    renderShell({ layout: 'default', user: { ...member, paid_user: false } })
    const nav = within(screen.getByRole('banner'))
    expect(nav.getByRole('link', { name: 'Word premium' }).getAttribute('href')).toBe('/premium')
    expect(screen.queryByRole('link', { name: /Credits/ })).toBeNull()
  })

  it('default in English with the US footer enabled', () => {
    renderShell({ layout: 'default', tenant: 'mannenmatch', lng: 'en' })
    expect(screen.getByTestId('us-footer').textContent).toContain('18 U.S.C. 2257')
    expect(screen.getByTestId('disclaimer').textContent).toContain('adults')
  })

  it("names the tenant's fictional profiles in the disclaimer as a sentence of the page's language", () => {
    renderShell({ layout: 'default', tenant: 'mannenmatch', lng: 'en' })
    expect(screen.getByTestId('disclaimer').textContent).toContain('This site features chat profiles;')
    cleanup()
    // A German noun keeps its capital.
    renderShell({ layout: 'default', tenant: 'mannenmatch', lng: 'de' })
    expect(screen.getByTestId('disclaimer').textContent).toContain('Auf dieser Website gibt es Chatprofile;')
  })

  it('chat: the page under the navigation, without footer; the visitor sees the brand and the login', () => {
    renderShell({ layout: 'chat' })
    expect(screen.getByText('content')).toBeTruthy()
    const nav = screen.getByRole('navigation')
    expect(within(nav).getByRole('link', { name: 'Datingstad' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Inloggen' })).toBeTruthy()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  it('chat, logged in: the tabs with the unread badge stay, a way to the rest of the site', () => {
    const { container } = renderShell({ layout: 'chat', user: member, extra: { urlPathname: '/chats' } })
    expect(screen.getByTestId('nav-messages').getAttribute('href')).toBe('/chats')
    expect(screen.getByTestId('nav-messages').getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Zoeken' }).getAttribute('href')).toBe('/members')
    expect(container.querySelector('[data-testid="member-tabs"]')).toBeTruthy()
  })

  it('the member tabs: search, likes, swipe game, chats and me; the match finder on desktop; notifications in the account menu', () => {
    renderShell({ layout: 'default', user: member, extra: { urlPathname: '/swipe-game' } })
    const tabs = screen.getByTestId('member-tabs')
    const hrefs = [...tabs.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual(['/members', '/likes', '/swipe-game', '/match-finder', '/chats', '/profile'])
    expect(screen.getByTestId('nav-swipe').getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('nav-swipe').textContent).toBe('Swipen')
    expect(screen.getByTestId('nav-me').textContent).toBe('Ik')
    fireEvent.click(screen.getByRole('button', { name: /Sanne/ }))
    const menu = screen.getByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Meldingen' }).getAttribute('href')).toBe('/notifications')
    expect(within(menu).getByRole('menuitem', { name: 'Matchfinder' }).getAttribute('href')).toBe('/match-finder')
  })

  it('lander: the brand only, then content, footer and disclaimer', () => {
    renderShell({ layout: 'lander' })
    expect(screen.getByRole('link', { name: 'Datingstad' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Inloggen' })).toBeNull()
    expect(screen.getByTestId('disclaimer')).toBeTruthy()
  })

  it('empty: just the page', () => {
    renderShell({ layout: 'empty' })
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  it('the entry warning: confirming it stores a timestamp under site-entry-warning, and it is not shown again', async () => {
    const first = renderShell({ layout: 'default' })
    const dialog = screen.getByRole('dialog', { name: 'Alleen voor volwassenen' })
    expect(window.localStorage.getItem('site-entry-warning')).toBeNull()
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('entry-confirm'))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    const stored = window.localStorage.getItem('site-entry-warning')!
    expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/)
    expect(Math.abs(Date.parse(stored) - Date.now())).toBeLessThan(60_000)
    first.unmount()
    renderShell({ layout: 'lander' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('the entry warning in chat, lander and empty layouts is limited to NL and DE', () => {
    // flirtbelgie serves BE only: its own default layout shows the warning for BE, the fixed layouts do not.
    for (const layout of ['lander', 'empty', 'chat'] as const) {
      const { unmount } = renderShell({ layout, tenant: 'flirtbelgie' })
      expect(screen.queryByRole('dialog')).toBeNull()
      unmount()
      // datingstad serves NL: the fixed layouts warn its visitors.
      const nl = renderShell({ layout, tenant: 'datingstad' })
      expect(screen.getByRole('dialog').textContent).toContain('Alleen voor volwassenen')
      nl.unmount()
    }
    renderShell({ layout: 'default', tenant: 'flirtbelgie' })
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})

describe('the error page', () => {
  beforeEach(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00Z'))

  it('on 404 shows the not-found text and the link back home, in the language of the page', () => {
    const nl = renderShell({ layout: 'default', extra: { is404: true }, page: <ErrorPage /> })
    expect(screen.getByTestId('error-message').textContent).toBe('Deze pagina bestaat niet (meer)')
    expect(screen.getByRole('link', { name: 'Terug naar de startpagina' }).getAttribute('href')).toBe('/')
    nl.unmount()
    // English keeps SPEC.md's words; German is German.
    const en = renderShell({ layout: 'default', tenant: 'euroflirt', lng: 'en', extra: { is404: true }, page: <ErrorPage /> })
    expect(screen.getByTestId('error-message').textContent).toBe('This page could not be found')
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/')
    en.unmount()
    renderShell({ layout: 'default', tenant: 'flirtbelgie', lng: 'de', extra: { is404: true }, page: <ErrorPage /> })
    expect(screen.getByTestId('error-message').textContent).toBe('Diese Seite gibt es nicht (mehr)')
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toBeTruthy()
  })

  it('otherwise shows the message or the word for an error, status 500 by default, without the home link', () => {
    renderShell({ layout: 'default', extra: { is404: false }, page: <ErrorPage /> })
    expect(screen.getByTestId('error-status').textContent).toBe('500')
    expect(screen.getByTestId('error-message').textContent).toBe('Er is een fout opgetreden')
    expect(screen.queryByTestId('back-home')).toBeNull()
    renderShell({ layout: 'default', extra: { is404: false, abortReason: 'Geen toegang', abortStatusCode: 403 } as Partial<PageContext>, page: <ErrorPage /> })
    expect(screen.getAllByTestId('error-message')[1].textContent).toBe('Geen toegang')
  })

  it('when the error page itself fails, links home in the language of the page', () => {
    // A status that cannot be shown makes the error page's own rendering fail.
    const broken = { toString: () => { throw new Error('broken') } }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      renderShell({ layout: 'default', extra: { is404: false, abortStatusCode: broken } as unknown as Partial<PageContext>, page: <ErrorPage /> })
      expect(screen.getByText(/Er is een fout opgetreden bij het tonen van de foutpagina/)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Naar de startpagina' }).getAttribute('href')).toBe('/')
      expect(screen.queryByRole('link', { name: 'Home' })).toBeNull()
    } finally {
      quiet.mockRestore()
    }
  })
})

describe('installed-app mode (display-mode standalone)', () => {
  const realMatchMedia = window.matchMedia
  const standalone = (on: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: on && query === '(display-mode: standalone)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia
  }
  beforeEach(() => window.localStorage.clear())
  afterEach(() => {
    window.matchMedia = realMatchMedia
  })

  it('folds the footer links under one line and shows no entry warning', () => {
    standalone(true)
    renderShell({ layout: 'default' })
    const folded = screen.getByTestId('footer-folded')
    expect(folded.tagName).toBe('DETAILS')
    expect(within(folded).getByText('Informatie').tagName).toBe('SUMMARY')
    expect(within(folded).getByRole('link', { name: 'Privacy' })).toBeTruthy()
    expect(screen.getByRole('contentinfo').getAttribute('data-display-mode')).toBe('standalone')
    expect(screen.getByTestId('disclaimer').textContent).toContain('18 jaar')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('in a browser tab the footer lists its links and the entry warning shows', () => {
    standalone(false)
    renderShell({ layout: 'default' })
    expect(screen.queryByTestId('footer-folded')).toBeNull()
    expect(screen.getByRole('contentinfo').getAttribute('data-display-mode')).toBe('browser')
    expect(screen.getByRole('dialog').textContent).toContain('Alleen voor volwassenen')
  })
})

