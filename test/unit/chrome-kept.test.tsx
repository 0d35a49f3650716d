// The member tabs and the footer kept across server renders (decision 050, issue 15): the same markup as rendered in
// place, a copy per member state they show (the page, the counts, premium or not, member or visitor), and a hydration
// from kept markup without a mismatch.
import { act } from '@testing-library/react'
import { hydrateInto, mountMarkup } from '../support/hydrate'
import '../support/text-encoder'
import { shellContext } from '../support/shell'
import { renderPageMarkup } from '../../renderer/kept-markup'
import { serverCache } from '../../renderer/emotion-cache'
import { createSessionStore, type SessionState } from '../../src/shared/session/session-store'
import { createFragmentCache, type FragmentCache } from '../../src/server/fragment-cache.server'
import type { PresentedUser } from '../../src/shared/contracts'

const member = (over: Partial<PresentedUser> = {}) =>
  ({ id: 7, email: 'sanne@example.nl', status: 'active', credits: 30, paid_user: true, signup_date: '2026-01-01', language: 'nl', fictional_icon: false, notifications_disabled: [], profile: { name: 'Sanne' }, ...over }) as unknown as PresentedUser

/** A member page in the default layout (the top navigation and the footer) as the server renders it. */
function serverRender(fragments: FragmentCache | undefined, user: PresentedUser | null, opts: { path?: string; unread?: number } = {}) {
  const store = createSessionStore(user)
  if (opts.unread !== undefined) store.unreadMessages = opts.unread
  const { pageContext, i18n } = shellContext({ layout: 'default', user, store, extra: { urlPathname: opts.path ?? '/members' } })
  pageContext.fragmentStore = fragments
  return renderPageMarkup(pageContext, serverCache(), i18n, store, <p>pagina</p>)
}

const keys = (fragments: FragmentCache) => fragments.stats()

describe('the member tabs and the footer kept across server renders', () => {
  it('render the same markup kept or not, for a member and for a visitor', () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    const unkept = serverRender(undefined, member())
    expect(serverRender(fragments, member())).toBe(unkept)
    expect(keys(fragments)).toMatchObject({ hits: 0, misses: 2, entries: 2 })
    expect(serverRender(fragments, member())).toBe(unkept)
    expect(keys(fragments)).toMatchObject({ hits: 2, misses: 2 })
    expect(unkept).toContain('data-testid="member-tabs"')
    expect(unkept).toContain('data-testid="footer-account"')
    expect(unkept).toContain('href="/credits"')

    const visitor = serverRender(undefined, null)
    expect(serverRender(fragments, null)).toBe(visitor)
    expect(serverRender(fragments, null)).toBe(visitor)
    expect(visitor).toContain('data-testid="footer-join"')
    expect(visitor).not.toContain('data-testid="member-tabs"')
  })

  it('render anew what differs: the current page, the unread count, premium or not', () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    serverRender(fragments, member())
    const likes = serverRender(fragments, member(), { path: '/likes' })
    expect(likes).toBe(serverRender(undefined, member(), { path: '/likes' }))
    expect(likes).toMatch(/href="\/likes"[^>]*aria-current="page"/)
    expect(likes).not.toMatch(/href="\/members"[^>]*aria-current="page"/)
    const unread = serverRender(fragments, member(), { unread: 3 })
    expect(unread).toBe(serverRender(undefined, member(), { unread: 3 }))
    expect(unread).toMatch(/data-testid="nav-messages"[\s\S]*?>3</)
    const free = serverRender(fragments, member({ paid_user: false }))
    expect(free).toBe(serverRender(undefined, member({ paid_user: false })))
    expect(free).toMatch(/data-testid="footer-account"[\s\S]*href="\/premium"/)
    // Nothing of one member's name reaches a kept copy: it is outside them, rendered for each page.
    expect(serverRender(fragments, member({ profile: { name: 'Joris' } } as Partial<PresentedUser>))).toContain('Joris')
  })

  it('hydrate from kept markup without a mismatch', async () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    serverRender(fragments, member(), { unread: 2 })
    const html = serverRender(fragments, member(), { unread: 2 })
    expect(keys(fragments).hits).toBe(2)
    const store: SessionState = createSessionStore(member())
    store.unreadMessages = 2
    const { shell } = shellContext({ layout: 'default', user: member(), store, extra: { urlPathname: '/members' } })
    const root = mountMarkup(html)
    const before = root.querySelector('[data-testid="nav-messages"]')
    const { recoverable, errors } = await hydrateInto(root, shell(<p>pagina</p>))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
    expect(root.querySelector('[data-testid="nav-messages"]')).toBe(before)
    // The count follows the store once hydrated.
    await act(async () => {
      store.unreadMessages = 5
    })
    expect(root.querySelector('[data-testid="nav-messages"]')!.textContent).toContain('5')
    root.remove()
  })
})
