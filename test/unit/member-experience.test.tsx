// Bugs of issue 19 (the member's everyday experience) that a component test can hold: the account menu, the way
// back after logging in, one place formatter, the profile steps starting at their title, dates in the tenant's zone.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import '../support/text-encoder'
import fs from 'node:fs'
import path from 'node:path'
import type { PageContext } from 'vike/types'
import { demoTenants } from '../support/tenants'
import { renderInShell, shellContext } from '../support/shell'
import type { OwnProfile, PresentedUser } from '../../src/shared/contracts'
import type { MemberProfile } from '../../src/shared/discovery-contracts'
import { LoginRequired } from '../../src/ui/login-required'
import { MemberPhoto, placeOf } from '../../src/ui/member-card'
import { primaryFill } from '../../src/ui/button'
import { buildTheme } from '../../themes/build-theme'
import { getContrast, getLuminance } from 'polished'
import { MemberPage } from '../../src/features/discovery/member-page'
import { CompleteSignupPage } from '../../src/features/profile/complete-signup-page'
import { NotificationsPage } from '../../src/features/notifications/notifications-page'
import { createSessionStore } from '../../src/shared/session/session-store'
import { loadMemberChrome } from '../../src/features/layout/member-chrome-slot'
import { loginHref, safeNextPath } from '../../src/shared/next-path'
import { calendarDaysBetween, dayInZone, formatInZone } from '../../src/shared/dates'
import { dayLabel, listTime } from '../../src/features/chat/chat-format'
import { infoPageData } from '../../src/features/info-pages/info-pages.server'
import { companyRegistry } from '../../src/shared/tenant-schema'
import type { Locale } from '../../src/shared/locales'

const tenants = demoTenants()

const member: PresentedUser = {
  id: 1, email: 'a@b.nl', status: 'active', credits: 50, paid_user: true, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
}

async function renderPage(page: React.ReactNode, extra: Partial<PageContext> = {}, user: PresentedUser | null = member) {
  const result = renderInShell(page, { user, extra: { urlPathname: '/', ...extra } })
  await act(async () => undefined)
  return result
}

function mockFetch(answers: Record<string, (init?: RequestInit) => { status?: number; body: unknown }>) {
  const calls: Array<{ url: string; init?: RequestInit }> = []
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init })
    const key = Object.keys(answers).find((k) => url.startsWith(k))
    const a = key ? answers[key](init) : { body: {} }
    const status = a.status ?? 200
    return { ok: status < 400, status, json: async () => a.body } as Response
  }) as unknown as typeof fetch
  return calls
}

const afterTest: Array<() => void> = []
afterEach(() => afterTest.splice(0).forEach((f) => f()))

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.setItem('api-has-likes', 'no')
  mockFetch({ '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }) })
})

describe('the desktop account menu (bug 3)', () => {
  const open = () => fireEvent.click(screen.getByRole('button', { name: /Sanne/ }))

  it('closes after choosing an item, on a click outside and on Escape (focus back on its button)', async () => {
    // jsdom cannot follow links: the click reaches the menu, the navigation is left out.
    const stay = (e: Event) => e.preventDefault()
    document.addEventListener('click', stay)
    afterTest.push(() => document.removeEventListener('click', stay))
    await renderPage(<p>content</p>)
    open()
    expect(screen.getByRole('menu')).toBeTruthy()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mijn profiel' }))
    expect(screen.queryByRole('menu')).toBeNull()

    open()
    fireEvent.pointerDown(screen.getByText('content'))
    expect(screen.queryByRole('menu')).toBeNull()

    open()
    // A click inside the menu is not "outside".
    fireEvent.pointerDown(screen.getByRole('menu'))
    expect(screen.getByRole('menu')).toBeTruthy()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Sanne/ }))
    expect(screen.getByRole('button', { name: /Sanne/ }).getAttribute('aria-expanded')).toBe('false')
  })

  it('styles "Uitloggen" like the other items', async () => {
    await renderPage(<p>content</p>)
    open()
    const items = screen.getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Mijn profiel', 'Matchfinder', 'Meldingen', 'Instellingen', 'Uitloggen'])
    expect(new Set(items.map((i) => i.className)).size).toBe(1)
    for (const item of items) expect(item.getAttribute('style')).toBeNull()
  })
})

describe('back to a members-only page after logging in (bug 11)', () => {
  it('follows only relative paths on this site', () => {
    expect(safeNextPath('/chats')).toBe('/chats')
    expect(safeNextPath('/members/5?tab=photos#top')).toBe('/members/5?tab=photos#top')
    expect(safeNextPath('/a/../chats')).toBe('/chats')
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'chats', '/\tx', '/login', '', null, undefined, `/${'a'.repeat(2001)}`]) {
      expect(safeNextPath(bad)).toBeNull()
    }
    expect(loginHref('/chats/5')).toBe('/login?next=%2Fchats%2F5')
    expect(loginHref('/')).toBe('/login')
    expect(loginHref('//evil.example')).toBe('/login')
  })

  it('the logged-out prompt of a members-only page links to the login with the way back', async () => {
    await renderPage(<LoginRequired title="Berichten" message="Log in om je berichten te lezen." />, { urlParsed: { pathname: '/chats', searchOriginal: '?x=1' } } as never, null)
    expect(screen.getAllByRole('link', { name: 'Inloggen' }).map((a) => a.getAttribute('href'))).toContain('/login?next=%2Fchats%3Fx%3D1')
  })
})

describe('one place formatter for cards and profiles (bug 12)', () => {
  it('says a town named like its region once, with or without the country', () => {
    const groningen = { city: 'Groningen', region_name: 'Groningen', country: 'NL' }
    expect(placeOf(groningen, 'Nederland')).toBe('Groningen')
    expect(placeOf(groningen, 'Nederland', { withCountry: true })).toBe('Groningen, Nederland')
    expect(placeOf({ city: 'utrecht ', region_name: 'Utrecht', country: 'NL' }, 'Nederland', { withCountry: true })).toBe('utrecht, Nederland')
    expect(placeOf({ city: 'Haarlem', region_name: 'Noord-Holland', country: 'NL' }, 'Nederland', { withCountry: true })).toBe('Haarlem, Noord-Holland, Nederland')
    expect(placeOf({ city: null, region_name: null, country: 'BE' }, 'België', { withCountry: true })).toBe('België')
  })

  it('the profile does not repeat the place', async () => {
    const profile: MemberProfile = {
      id: 5, name: 'Noor', age: 35, gender: 'female', country: 'NL', region: 'NL-GR', region_name: 'Groningen', city: 'Groningen', fictional: false,
      main_image: null, liked: false, fields: { gender: 'female' }, interests: [], notes: { about: null, looking_for: null }, photos: [],
      hidden_private_photos: 0, likes_you: false, match: false, blocked: false,
    }
    await renderPage(<MemberPage />, { data: { member: { profile, fictional_label: null, public_view: false }, login_required: false }, routeParams: { id: '5' } } as never)
    expect(screen.getByTestId('profile-place').textContent).toBe('Groningen, Nederland')
    expect(screen.getByTestId('member-facts').textContent).toContain('Groningen')
    expect(screen.getByTestId('member-facts').textContent).not.toContain('Groningen, Groningen')
  })
})

describe('a match is a moment', () => {
  const noor: MemberProfile = {
    id: 5, name: 'Noor', age: 35, gender: 'female', country: 'NL', region: 'NL-GR', region_name: 'Groningen', city: 'Groningen', fictional: true,
    main_image: { id: 9, thumb_filename: '/media/blur/9-thumb.webp', filename: '/media/blur/9.webp', locked: true, visibility: 'public' }, liked: false,
    fields: { gender: 'female' }, interests: [], notes: { about: null, looking_for: null }, photos: [], hidden_private_photos: 0, likes_you: true, match: false, blocked: false,
  }

  it('liking back shows "Het is een match!" full screen with both photos as the viewer may see them and the way to an icebreaker', async () => {
    mockFetch({ '/api/like.php': () => ({ body: { liked: true, match: true } }), '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }) })
    await renderPage(<MemberPage />, { data: { member: { profile: noor, fictional_label: null, public_view: false }, login_required: false }, routeParams: { id: '5' } } as never)
    expect(screen.queryByTestId('match-moment')).toBeNull()
    screen.getByTestId('like-button').focus()
    await act(async () => {
      fireEvent.click(screen.getByTestId('like-button'))
    })
    const moment = await screen.findByTestId('match-moment')
    // A native modal dialog (the page behind inert in the browser), named by its title.
    expect(moment.tagName).toBe('DIALOG')
    expect(moment.hasAttribute('open')).toBe(true)
    expect(screen.getByRole('dialog', { name: 'Het is een match!' })).toBe(moment)
    expect(within(moment).getByRole('heading').textContent).toBe('Het is een match!')
    expect(moment.textContent).toContain('Jij en Noor vinden elkaar leuk.')
    // Their photo is the blurred copy the API sent, with its lock; the viewer without a photo shows an initial.
    expect(within(moment).getByTestId('match-their-photo').querySelector('img')!.getAttribute('src')).toBe('/media/blur/9-thumb.webp')
    expect(within(within(moment).getByTestId('match-their-photo')).getByTestId('photo-lock')).toBeTruthy()
    expect(within(moment).getByTestId('match-own-photo').textContent).toBe('S')
    // A fictional profile keeps its label and warning.
    expect(within(moment).getByTestId('fictional-label')).toBeTruthy()
    expect(within(moment).getByTestId('fictional-warning').textContent).toContain('fictief')
    expect(within(moment).getByTestId('match-message').getAttribute('href')).toBe('/members/5/chat?icebreaker=1')
    expect(within(moment).getByTestId('match-message').textContent).toBe('Stuur een bericht')
    expect(document.activeElement).toBe(within(moment).getByTestId('match-message'))
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    })
    expect(screen.queryByTestId('match-moment')).toBeNull()
    expect(screen.getByTestId('match-tag')).toBeTruthy()
    // Focus is back where it was: the like button (now "liked").
    expect(document.activeElement).toBe(screen.getByTestId('like-button'))
  })
})

describe('a blurred photo is an offer', () => {
  it('tapping the lock explains what premium unlocks and leads to /premium; a match says so', async () => {
    const profile: MemberProfile = {
      id: 5, name: 'Noor', age: 35, gender: 'female', country: 'NL', region: null, region_name: null, city: 'Utrecht', fictional: false,
      main_image: { id: 9, thumb_filename: '/media/blur/9-thumb.webp', filename: '/media/blur/9.webp', locked: true, visibility: 'public' }, liked: true,
      fields: {}, interests: [], notes: { about: null, looking_for: null }, photos: [], hidden_private_photos: 0, likes_you: true, match: true, blocked: false,
    }
    await renderPage(<MemberPage />, { data: { member: { profile, fictional_label: null, public_view: false }, login_required: false }, routeParams: { id: '5' } } as never, { ...member, paid_user: false })
    const gallery = screen.getByTestId('gallery')
    // The blurred copy stays: the offer does not unblur anything.
    expect(gallery.querySelector('img')!.getAttribute('src')).toBe('/media/blur/9.webp')
    const lock = within(gallery).getByTestId('photo-lock')
    expect(lock.tagName).toBe('BUTTON')
    expect(lock.textContent).toContain('Jullie zijn een match!')
    fireEvent.click(lock)
    const offer = screen.getByTestId('premium-offer')
    expect(screen.getByRole('dialog').textContent).toContain('Zie Noor scherp')
    expect(within(offer).getByTestId('premium-offer-match').textContent).toBe("Jullie zijn een match! Met premium zie je de foto's van Noor scherp.")
    expect(offer.textContent).toContain("Alle foto's zonder vervaging")
    expect(within(offer).getByTestId('premium-offer-go').getAttribute('href')).toBe('/premium')
  })
})

describe('completing the profile (bug 8)', () => {
  it('a new step starts at the top with its title focused', async () => {
    const own = { name: 'Sanne', gender: 'female', sexuality: 'hetero', interests: [], country: 'NL', region: null, city: null } as unknown as OwnProfile
    mockFetch({
      '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }),
      '/api/profile.php': () => ({ body: { profile: own } }),
    })
    const scrollTo = jest.fn()
    window.scrollTo = scrollTo as never
    await renderPage(<CompleteSignupPage />, { urlPathname: '/complete-signup' })
    await screen.findByTestId('step-0')
    // Six steps: "Over mij" (a text) came in before the photo.
    expect(screen.getByText('Stap 1 van 6')).toBeTruthy()
    expect(document.querySelectorAll('ol li').length).toBe(6)
    // Arriving on the first step leaves the page where the browser put it.
    expect(scrollTo).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Volgende' })))
    await screen.findByTestId('step-1')
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 })
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Uiterlijk'))
  })
})

describe('completing the profile: loading', () => {
  it('shows the shape of a step, not "Laden…", while the own profile loads', async () => {
    mockFetch({ '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }) })
    const answer = global.fetch
    // The own profile's answer never comes while the test looks.
    global.fetch = ((url: string, init?: RequestInit) => (url.startsWith('/api/profile.php') ? new Promise(() => undefined) : answer(url, init))) as typeof fetch
    await renderPage(<CompleteSignupPage />, { urlPathname: '/complete-signup' })
    expect(screen.getByTestId('form-skeleton').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByText('Laden…')).toBeNull()
  })
})

describe('looks', () => {
  it('a photo shimmers as a skeleton until it has loaded', async () => {
    await renderPage(<MemberPhoto image={{ id: 1, thumb_filename: '/media/a.webp', filename: '/media/b.webp', locked: false, visibility: 'public' }} alt="Noor" />)
    const img = screen.getByAltText('Noor')
    const frame = img.closest('picture')!.parentElement!
    expect(frame.getAttribute('data-loading')).toBe('true')
    fireEvent.load(img)
    expect(frame.getAttribute('data-loading')).toBeNull()
  })

  it('a photo offers AVIF and WebP in the sizes shown, the stored file as fallback; a locked one only its blurred copy', async () => {
    const original = 'https://cdn.example/media/' + 'a'.repeat(32) + '.webp'
    const blurred = 'https://cdn.example/media/' + 'b'.repeat(32) + '.webp'
    await renderPage(
      <>
        <MemberPhoto image={{ id: 1, thumb_filename: original, filename: original, locked: false, visibility: 'public' }} alt="Open" size="full" eager />
        <MemberPhoto image={{ id: 2, thumb_filename: blurred, filename: blurred, locked: true, visibility: 'public' }} alt="Locked" />
      </>,
    )
    const open = screen.getByAltText('Open')
    expect(open.getAttribute('src')).toBe(original)
    expect(open.getAttribute('srcset')).toBe(['480', '800', '1200'].map((w) => `${original.replace('.webp', `-${w}.webp`)} ${w}w`).concat(`${original} 1600w`).join(', '))
    expect(open.getAttribute('sizes')).toBe('(min-width: 768px) 480px, 100vw')
    expect(open.getAttribute('fetchpriority')).toBe('high')
    const avif = open.closest('picture')!.querySelector('source')!
    expect(avif.getAttribute('type')).toBe('image/avif')
    expect(avif.getAttribute('srcset')).toContain(`${'a'.repeat(32)}-800.avif 800w`)
    const locked = screen.getByAltText('Locked')
    // No AVIF of a blurred copy (WebP is smaller for it); every candidate is the blurred file's or one of its variants.
    expect(locked.closest('picture')!.querySelector('source')).toBeNull()
    for (const candidate of locked.getAttribute('srcset')!.split(', ')) expect(candidate).toMatch(new RegExp(`/media/${'b'.repeat(32)}(-\\d+\\.(avif|webp))?(\\.webp)? \\d+w$`))
    expect(locked.getAttribute('loading')).toBe('lazy')
  })

  it('primary buttons: white text on a deeper brand colour that reads at WCAG AA on every demo tenant', () => {
    for (const tenant of tenants.all) {
      const theme = buildTheme(tenant.theme)
      const fill = primaryFill(theme)
      expect(fill.fg).toBe('#ffffff')
      expect(getContrast(fill.bg, '#ffffff')).toBeGreaterThanOrEqual(4.5)
      expect(getLuminance(fill.bg)).toBeLessThan(getLuminance(theme.colors.primary))
    }
  })
})

describe('one form of address per language', () => {
  const strings = (lng: string) => {
    const out: Array<[string, string]> = []
    const walk = (o: unknown, path: string) => {
      if (typeof o === 'string') out.push([path, o])
      else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) walk(v, path ? `${path}.${k}` : k)
    }
    for (const file of fs.readdirSync(path.join('locales', lng))) walk(JSON.parse(fs.readFileSync(path.join('locales', lng, file), 'utf8')), file)
    return out
  }

  it('Dutch says je, never u', () => {
    expect(strings('nl').filter(([, v]) => /(^|[\s(])(u|uw|Uw)(?=[\s,!?)]|$)/.test(v))).toEqual([])
  })

  it('French says vous to the member (the icebreakers are lines members send each other)', () => {
    const informal = strings('fr').filter(([k, v]) => !k.includes('icebreaker.lines') && /(^|[\s(’'])(tu|ton|ta|tes|toi)([\s,.!?:)]|$)|-toi\b|\bt’/i.test(v))
    expect(informal).toEqual([])
  })
})

describe('dates in the tenant time zone (bug 2)', () => {
  it('days and clock times are those of the zone, not of the process', () => {
    // 23:30 UTC on 23 November is 00:30 on 24 November in Amsterdam.
    expect(dayInZone('2026-11-23T23:30:00Z', 'Europe/Amsterdam')).toBe('2026-11-24')
    expect(formatInZone('2026-11-23T23:30:00Z', 'nl', 'Europe/Amsterdam', { hour: '2-digit', minute: '2-digit' })).toBe('00:30')
    expect(calendarDaysBetween('2026-11-23T22:30:00Z', '2026-11-23T23:30:00Z', 'Europe/Amsterdam')).toBe(1)
    expect(calendarDaysBetween('2026-11-23T22:30:00Z', '2026-11-23T23:30:00Z', 'UTC')).toBe(0)
  })

  it('chat times and day headings follow the zone', () => {
    const t = ((key: string) => ({ 'chats.today': 'Vandaag', 'chats.yesterday': 'Gisteren' })[key] ?? key) as never
    const now = new Date('2026-11-24T08:00:00Z')
    expect(listTime('2026-11-23T23:30:00Z', 'nl', 'Europe/Amsterdam', now)).toBe('00:30')
    expect(dayLabel('2026-11-23T23:30:00Z', 'nl', t, 'Europe/Amsterdam', now)).toBe('Vandaag')
    expect(dayLabel('2026-11-23T22:30:00Z', 'nl', t, 'Europe/Amsterdam', now)).toBe('Gisteren')
    expect(dayLabel('2026-11-20T12:00:00Z', 'nl', t, 'Europe/Amsterdam', now)).toBe('vrijdag 20 november')
  })
})

describe('the company registry on the legal pages (bug 10)', () => {
  const page = (tenantId: string, lng: Locale, token: string) => {
    // The public tenant and i18next instance of a page; infoPageData reads the server's side of the context too.
    const { pageContext: { tenant }, i18n } = shellContext({ tenant: tenantId, lng })
    const pageContext = { tenant, lng, i18nServer: i18n, services: { extraPage: () => undefined }, headersOriginal: {} }
    const data = infoPageData(pageContext as never, token)!
    return { data, text: JSON.stringify(data) }
  }

  it('follows the company country unless the tenant names one', () => {
    expect(companyRegistry({ country: 'NL' })).toBe('kvk')
    expect(companyRegistry({ country: 'BE' })).toBe('kbo')
    expect(companyRegistry({ country: 'DE' })).toBe('handelsregister')
    expect(companyRegistry({ country: 'LU' })).toBe('trade_register')
    expect(companyRegistry({ country: 'BE', registry: 'kvk' })).toBe('kvk')
  })

  it('registers the Belgian company with the KBO in every language, the Dutch one with the KvK', () => {
    const nl = page('flirtbelgie', 'nl', 'terms')
    expect(nl.text).toContain('ingeschreven in de Kruispuntbank van Ondernemingen (KBO) onder nummer 0712.345.678')
    expect(nl.data.company!.kvk).toBe('Ondernemingsnummer (KBO)')
    expect(page('flirtbelgie', 'nl', 'service').text).toContain('Ondernemingsnummer (KBO): 0712.345.678')
    for (const lng of ['nl', 'fr', 'de'] as const) {
      for (const token of ['terms', 'privacy', 'service']) {
        const { text } = page('flirtbelgie', lng, token)
        expect(text).not.toMatch(/KvK|Kamer van Koophandel|Handelskammer|Chambre de commerce/)
        expect(text).toMatch(/KBO/)
      }
    }
    const dutch = page('datingstad', 'nl', 'terms')
    expect(dutch.text).toContain('ingeschreven bij de Kamer van Koophandel (KvK) onder nummer 81234567')
    expect(dutch.data.company!.kvk).toBe('KvK-nummer')
    expect(page('datingstad', 'en', 'privacy').text).toContain('registered with the Dutch Chamber of Commerce (KvK) under number 81234567')
  })
})

// The live client replaces the session's user with a fresh copy of the same member when its socket opens (and after a
// reconnect). A page that loaded its data per user object loaded it again then, and the late answer undid what the
// member had just chosen (the e2e run saw a notification switch flip back).
describe('a fresh copy of the same member does not reload a page under the member\'s hands', () => {
  // As in the browser, the member chrome is there before the page renders (renderer/+onRenderClient.tsx).
  beforeAll(() => loadMemberChrome())

  it('notifications: a switch changed before the copy arrives stays changed', async () => {
    const stored = { email_messages: true, email_likes: true, email_matches: true, email_newsletter: false, push: false, invisible: false, disabled_reasons: [] }
    const calls = mockFetch({
      '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }),
      '/api/user.php': () => ({ body: { user: member } }),
      // What the server read before the change: a second load would answer this.
      '/api/notifications.php': (init) => ({ body: { notifications: init?.method === 'PUT' ? { ...stored, ...JSON.parse(String(init.body)) } : stored } }),
    })
    const store = createSessionStore(member)
    renderInShell(<NotificationsPage />, { store, extra: { urlPathname: '/notifications' } })
    const likes = (await screen.findByLabelText('Nieuwe likes')) as HTMLInputElement
    expect(likes.checked).toBe(true)
    await act(async () => fireEvent.click(likes))
    await screen.findByTestId('notifications-saved')
    expect(likes.checked).toBe(false)
    await act(async () => {
      store.user = { ...member }
    })
    await act(async () => undefined)
    // The same switch (the saved note now stands in its label), still off.
    expect(likes.isConnected).toBe(true)
    expect(likes.checked).toBe(false)
    expect(calls.filter((c) => c.url.startsWith('/api/notifications.php') && (c.init?.method ?? 'GET') === 'GET')).toHaveLength(1)
  })

  it('completing the profile: the answer chosen on a step is kept', async () => {
    const own = { name: 'Sanne', gender: null, sexuality: null, interests: [], country: 'NL', region: null, city: null } as unknown as OwnProfile
    const calls = mockFetch({
      '/api/likes.php': () => ({ body: { profiles: [], next_cursor: null, liked_by: [], new_likes: 0 } }),
      '/api/profile.php': () => ({ body: { profile: own } }),
      '/api/user.php': () => ({ body: { user: member } }),
    })
    const store = createSessionStore(member)
    renderInShell(<CompleteSignupPage />, { store, extra: { urlPathname: '/complete-signup' } })
    await screen.findByTestId('step-0')
    const woman = screen.getByRole('radio', { name: 'Vrouw' }) as HTMLInputElement
    await act(async () => fireEvent.click(woman))
    expect((screen.getByRole('radio', { name: 'Vrouw' }) as HTMLInputElement).checked).toBe(true)
    await act(async () => {
      store.user = { ...member }
    })
    await act(async () => undefined)
    expect((screen.getByRole('radio', { name: 'Vrouw' }) as HTMLInputElement).checked).toBe(true)
    expect(calls.filter((c) => c.url.startsWith('/api/profile.php'))).toHaveLength(1)
  })
})
