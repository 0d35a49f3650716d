// The search filters' body kept across server renders (decision 050, issue 15): its 82 ages twice were most of the
// elements React rendered for a member search. Kept, the page is the same markup with the same styles, each set of
// applied filters has its own copy, and the browser hydrates it and the form works.
import { act, fireEvent } from '@testing-library/react'
import { hydrateInto, mountMarkup } from '../support/hydrate'
import '../support/text-encoder'
import { shellContext, type ShellOptions } from '../support/shell'
import { renderPageMarkup } from '../../renderer/kept-markup'
import { serverCache, styleTags } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { createFragmentCache, type FragmentCache } from '../../src/server/fragment-cache.server'
import { SearchFilters } from '../../src/features/discovery/search-filters'
import type { FilterForm } from '../../src/features/discovery/search-store'

const DEFAULTS: FilterForm = { gender: '', country: '', countryregion: '', min_age: 18, max_age: 99 }
const FIELDS = ['gender', 'country', 'region', 'age'] as const

const filters = (applied: FilterForm, onSearch: (form: FilterForm) => void = () => undefined) => <SearchFilters applied={applied} fields={FIELDS} busy={false} onSearch={onSearch} />

/** The filters as the server renders them in a page (renderer/+onRenderHtml.tsx): markup and style ids. */
function serverRender(fragments: FragmentCache | undefined, applied: FilterForm, opts: ShellOptions = {}) {
  const { pageContext, i18n } = shellContext({ layout: 'empty', extra: { urlPathname: '/members' }, ...opts })
  pageContext.fragmentStore = fragments
  const cache = serverCache()
  const html = renderPageMarkup(pageContext, cache, i18n, createSessionStore(null), filters(applied))
  const ids = /data-emotion="css ([^"]*)"/.exec(styleTags(cache))![1].split(' ').sort()
  return { html, ids }
}

const selected = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[^>]*>[\\s\\S]*?<option[^>]*value="([^"]*)"[^>]*selected=""`).exec(html)?.[1]

describe('the search filters kept across server renders', () => {
  it('renders the same markup with the same styles from the kept copy, and renders other filters anew', () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    const unkept = serverRender(undefined, DEFAULTS)
    const first = serverRender(fragments, DEFAULTS)
    expect(fragments.stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 })
    const second = serverRender(fragments, DEFAULTS)
    expect(fragments.stats()).toMatchObject({ hits: 1, misses: 1 })
    expect(first.html).toBe(unkept.html)
    expect(second.html).toBe(unkept.html)
    expect(second.ids).toEqual(unkept.ids)
    expect(second.html.match(/<option/g)).toHaveLength(82 * 2 + 1 + 1 + (second.html.match(/name="country"[\s\S]*?<\/select>/)![0].match(/<option/g)!.length - 1))

    const narrowed: FilterForm = { ...DEFAULTS, gender: 'female', min_age: 25, max_age: 40 }
    const other = serverRender(fragments, narrowed)
    expect(fragments.stats()).toMatchObject({ hits: 1, misses: 2, entries: 2 })
    expect(other.html).toBe(serverRender(undefined, narrowed).html)
    expect(selected(other.html, 'min_age')).toBe('25')
    expect(selected(other.html, 'max_age')).toBe('40')
    expect(other.html).toContain(`name="gender" checked="" value="female"`)
    expect(selected(second.html, 'min_age')).toBe('18')
  })

  it('keeps a copy per tenant and language', () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    serverRender(fragments, DEFAULTS, { tenant: 'flirtbelgie', lng: 'nl' })
    const french = serverRender(fragments, DEFAULTS, { tenant: 'flirtbelgie', lng: 'fr' })
    expect(fragments.stats()).toMatchObject({ hits: 0, misses: 2 })
    expect(french.html).toBe(serverRender(undefined, DEFAULTS, { tenant: 'flirtbelgie', lng: 'fr' }).html)
    expect(french.html).not.toBe(serverRender(undefined, DEFAULTS, { tenant: 'flirtbelgie', lng: 'nl' }).html)
  })

  it('hydrates from the kept copy without a mismatch, and the form searches with what the member chose', async () => {
    const fragments = createFragmentCache({ maxBytes: 4 * 1024 * 1024 })
    serverRender(fragments, DEFAULTS)
    const { html } = serverRender(fragments, DEFAULTS)
    expect(fragments.stats().hits).toBe(1)
    const onSearch = jest.fn()
    const { shell } = shellContext({ layout: 'empty', extra: { urlPathname: '/members' } })
    const root = mountMarkup(html)
    const before = root.querySelector('select[name="min_age"]')
    const { recoverable, errors } = await hydrateInto(root, shell(filters(DEFAULTS, onSearch)))
    expect(recoverable).toEqual([])
    expect(errors).toEqual([])
    expect(root.querySelector('select[name="min_age"]')).toBe(before)
    await act(async () => {
      fireEvent.change(root.querySelector('select[name="min_age"]')!, { target: { value: '30' } })
    })
    await act(async () => {
      fireEvent.click(root.querySelector('input[name="gender"][value="male"]')!)
    })
    await act(async () => {
      fireEvent.submit(root.querySelector('form')!)
    })
    expect(onSearch).toHaveBeenCalledWith({ ...DEFAULTS, gender: 'male', min_age: 30 })
    root.remove()
  })
})
