// Member cards kept across server renders (decision 050, issue 15): a card rendered before is taken as it was, the
// page is the same markup either way, it hydrates in the browser, and nothing is taken across members' views,
// tenants or languages.
import { createContext, useContext } from 'react'
import { act } from '@testing-library/react'
import { hydrateInto, mountMarkup } from '../support/hydrate'
import '../support/text-encoder'
import { shellContext, type ShellOptions } from '../support/shell'
import type { MemberCard } from '../../src/shared/discovery-contracts'
import { memberCard } from '../support/member-card'
import { cardPhotoLoading, MemberCardLink, MemberGrid } from '../../src/ui/member-card-link'
import { renderPageMarkup } from '../../renderer/kept-markup'
import { serverCache, styleTags } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { createFragmentCache, type FragmentCache } from '../../src/server/fragment-cache.server'
import { useKeptMarkup } from '../../src/shared/fragment-cache'
import { useSession } from '../../src/shared/session/session-context'
import type { PresentedUser } from '../../src/shared/contracts'

const card = (id: number, over: Partial<MemberCard> = {}) => memberCard(id, { region_name: 'Utrecht', city: 'Amersfoort', ...over })

/** A fictional member, one the viewer likes, one whose photo is locked (the blurred copy), and a plain one. */
const MEMBERS = [
  card(1, { fictional: true }),
  card(2, { liked: true }),
  card(3, { main_image: { id: 3, thumb_filename: `/media/${'b'.repeat(32)}.webp`, filename: `/media/${'b'.repeat(32)}.webp`, locked: true, visibility: 'public' } }),
  card(4),
]

const grid = (members: MemberCard[], onOpen?: () => void) => (
  <MemberGrid>
    {members.map((m, i) => (
      <MemberCardLink key={m.id} member={m} href={`/members/${m.id}`} onOpen={onOpen} {...cardPhotoLoading(i)} />
    ))}
  </MemberGrid>
)

/** The page as the server renders it (renderer/+onRenderHtml.tsx): its markup and its style tags' ids. */
function serverRender(fragments: FragmentCache | undefined, members: MemberCard[], opts: ShellOptions = {}) {
  const { pageContext, i18n } = shellContext({ layout: 'empty', extra: { urlPathname: '/members' }, ...opts })
  pageContext.fragmentStore = fragments
  const cache = serverCache()
  const html = renderPageMarkup(pageContext, cache, i18n, createSessionStore(null), grid(members))
  const ids = /data-emotion="css ([^"]*)"/.exec(styleTags(cache))![1].split(' ').sort()
  return { html, ids, settings: pageContext.tenant.settings }
}

const cardsIn = (html: string) => html.match(/<a [^>]*data-testid="member-card"[\s\S]*?<\/a>/g) ?? []

describe('member cards kept across server renders', () => {
  it('renders a page of kept cards as the same markup with the same styles, the fictional label included', () => {
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    const unkept = serverRender(undefined, MEMBERS)
    const first = serverRender(fragments, MEMBERS)
    expect(fragments.stats()).toMatchObject({ hits: 0, misses: 4, entries: 4 })
    const second = serverRender(fragments, MEMBERS)
    expect(fragments.stats()).toMatchObject({ hits: 4, misses: 4, entries: 4 })
    expect(first.html).toBe(unkept.html)
    expect(second.html).toBe(unkept.html)
    expect(second.ids).toEqual(unkept.ids)
    const cards = cardsIn(second.html)
    expect(cards).toHaveLength(4)
    expect(cards[0]).toContain(`data-testid="fictional-label"`)
    expect(cards[0]).toContain(`>${second.settings.fictional_singular}</span>`)
    expect(cards[0]).toContain(`title="${second.settings.fictional_warning}"`)
    expect(cards[1]).toContain('aria-label="Je vindt dit lid leuk"')
    expect(cards[2]).toContain('data-locked="true"')
  })

  it('renders a member anew when the viewer’s view of them changed', () => {
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    serverRender(fragments, MEMBERS)
    const unliked = MEMBERS.map((m) => (m.id === 2 ? { ...m, liked: false } : m))
    const after = serverRender(fragments, unliked)
    expect(fragments.stats()).toMatchObject({ hits: 3, misses: 5 })
    expect(cardsIn(after.html)[1]).not.toContain('Je vindt dit lid leuk')
    expect(after.html).toBe(serverRender(undefined, unliked).html)
  })

  it('keeps cards per tenant and per language', () => {
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    serverRender(fragments, MEMBERS, { tenant: 'flirtbelgie', lng: 'nl' })
    const french = serverRender(fragments, MEMBERS, { tenant: 'flirtbelgie', lng: 'fr' })
    expect(fragments.stats()).toMatchObject({ hits: 0, misses: 8 })
    expect(cardsIn(french.html)[3]).toContain('alt="Photo de Lid 4"')
    const other = serverRender(fragments, MEMBERS, { tenant: 'rijpedates' })
    expect(fragments.stats()).toMatchObject({ hits: 0, misses: 12 })
    expect(other.html).toBe(serverRender(undefined, MEMBERS, { tenant: 'rijpedates' }).html)
  })

  it('hydrates in the browser from kept markup, without a mismatch, and the cards work', async () => {
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    serverRender(fragments, MEMBERS)
    const { html } = serverRender(fragments, MEMBERS)
    expect(fragments.stats().hits).toBe(4)
    const opened = jest.fn((e?: unknown) => e)
    const { shell } = shellContext({ layout: 'empty', extra: { urlPathname: '/members' } })
    const root = mountMarkup(html)
    const before = root.querySelector('[data-member-id="1"]')
    const { recoverable, errors } = await hydrateInto(root, shell(grid(MEMBERS, () => opened())))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
    // Hydration kept the server's elements and attached the handlers.
    expect(root.querySelector('[data-member-id="1"]')).toBe(before)
    root.querySelector<HTMLAnchorElement>('[data-member-id="3"]')!.addEventListener('click', (e) => e.preventDefault())
    await act(async () => root.querySelector<HTMLAnchorElement>('[data-member-id="3"]')!.click())
    expect(opened).toHaveBeenCalledTimes(1)
    root.remove()
  })
})

describe('a fragment that cannot be rendered on its own', () => {
  it('leaves the page as rendered in place and keeps nothing', () => {
    // A context the page gives around the card, which the fragment's own render does not have.
    const Extra = createContext<string | null>(null)
    function Inner() {
      const value = useContext(Extra)
      if (value === null) throw new Error('no Extra')
      return <span>{value}</span>
    }
    function Kept() {
      const kept = useKeptMarkup(() => 'extra-card', () => <Inner />)
      return kept !== undefined ? <div dangerouslySetInnerHTML={{ __html: kept }} /> : <div><Inner /></div>
    }
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    const { pageContext, i18n } = shellContext({ layout: 'empty' })
    pageContext.fragmentStore = fragments
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const html = renderPageMarkup(pageContext, serverCache(), i18n, createSessionStore(null), <Extra.Provider value="binnen"><Kept /></Extra.Provider>)
    expect(html).toContain('<div><span>binnen</span></div>')
    expect(fragments.stats().entries).toBe(0)
    expect(errors).toHaveBeenCalledTimes(1)
    expect(String(errors.mock.calls[0][0])).toContain('extra-card')
    errors.mockRestore()
  })
})

describe('what a kept fragment may hold of its viewer', () => {
  it('renders as for a visitor on its own: the session of the member whose page missed it never gets into it', () => {
    const member = { id: 7, email: 'sanne@example.nl', status: 'active', credits: 30, paid_user: true, signup_date: '2026-01-01', language: 'nl', fictional_icon: false, notifications_disabled: [], profile: null } as unknown as PresentedUser
    function Greeting() {
      const { user } = useSession()
      return <span>{user ? user.email : 'bezoeker'}</span>
    }
    function Kept() {
      const kept = useKeptMarkup(() => 'greeting', () => <Greeting />)
      return kept !== undefined ? <div dangerouslySetInnerHTML={{ __html: kept }} /> : <div><Greeting /></div>
    }
    const fragments = createFragmentCache({ maxBytes: 1024 * 1024 })
    const { pageContext, i18n } = shellContext({ layout: 'empty', user: member })
    pageContext.fragmentStore = fragments
    // Rendered in place, the page shows its member; the kept copy is a visitor's.
    expect(renderPageMarkup(pageContext, serverCache(), i18n, createSessionStore(member), <Kept />)).toContain('<div><span>sanne@example.nl</span></div>')
    expect(renderPageMarkup(pageContext, serverCache(), i18n, createSessionStore(member), <Kept />)).toContain('<div><span>bezoeker</span></div>')
  })
})

describe('the store of kept markup', () => {
  const fragment = (chars: number) => ({ html: 'x'.repeat(chars), styles: [] })

  it('is bounded by bytes, dropping the least recently used first', () => {
    const store = createFragmentCache({ maxBytes: 1_000_000 })
    // About 9 KB each: 110 fit.
    for (let i = 0; i < 110; i++) store.set(`k${i}`, fragment(4_500))
    expect(store.stats()).toMatchObject({ entries: 110 })
    store.get('k0')
    store.set('k110', fragment(4_500))
    store.set('k111', fragment(4_500))
    expect(store.stats().bytes).toBeLessThanOrEqual(1_000_000)
    expect(store.get('k0')).toBeDefined()
    expect(store.get('k1')).toBeUndefined()
    expect(store.get('k111')).toBeDefined()
  })

  it('refuses a fragment over a hundredth of its budget, keeps nothing with a budget of 0, and clears', () => {
    const store = createFragmentCache({ maxBytes: 100_000 })
    store.set('big', fragment(600))
    expect(store.get('big')).toBeUndefined()
    store.set('small', fragment(100))
    expect(store.get('small')).toBeDefined()
    store.clear()
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0 })
    const none = createFragmentCache({ maxBytes: 0 })
    none.set('small', fragment(1))
    expect(none.get('small')).toBeUndefined()
  })
})
