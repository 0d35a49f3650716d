// The +data of the discovery pages: what each API answer becomes (data, the call to sign up, or the error page).
import type { PageContextServer } from 'vike/types'

// vike/abort is ESM only; its render(status) stands in as an error that carries the status.
jest.mock('vike/abort', () => ({
  render: (status: number) => Object.assign(new Error(`render(${status})`), { abortStatusCode: status }),
}))
import { likesPageData, memberLandingData, memberPageData, searchPageData, swipeGamePageData } from '../../src/features/discovery/page-data.server'
import { endpointUrl } from '../../src/shared/api-client'
import type { EndpointDefinition } from '../../src/shared/endpoint'

function context(opts: { answer: { status: number; body: unknown }; routeParams?: Record<string, string>; search?: Record<string, string>; user?: object | null }) {
  const urls: string[] = []
  const pageContext = {
    routeParams: opts.routeParams ?? {},
    urlParsed: { search: opts.search ?? {} },
    user: opts.user === undefined ? { id: 1 } : opts.user,
    services: {
      // The endpoint called in process, recorded as the address the browser would fetch.
      call: async (def: EndpointDefinition, input: never) => {
        urls.push(endpointUrl(def, input))
        return opts.answer
      },
    },
  } as unknown as PageContextServer
  return { pageContext, urls }
}

/** The status of the error page a hook asked for (render(status) of vike/abort). */
async function abortStatus(run: Promise<unknown>): Promise<number | undefined> {
  try {
    await run
    return undefined
  } catch (err) {
    return (err as { abortStatusCode?: number }).abortStatusCode
  }
}

const profile = { id: 5, name: 'Noor', age: 35 }

describe('discovery page data', () => {
  it('search: the first page, or the call to sign up on 403; a visitor’s traffic source goes along', async () => {
    const ok = context({ answer: { status: 200, body: { profiles: [] } }, search: { network: 'partner1', other: 'x' }, user: null })
    expect(await searchPageData(ok.pageContext)).toEqual({ page: { profiles: [] } })
    expect(ok.urls).toEqual(['/api/search.php?network=partner1'])
    const refused = context({ answer: { status: 403, body: { error: 'signup_required' } }, user: null })
    expect(await searchPageData(refused.pageContext)).toEqual({ page: null })
    expect(await abortStatus(searchPageData(context({ answer: { status: 500, body: {} } }).pageContext))).toBe(500)
  })

  it('profile: the member with the title, the 404 page when the API says 404, and no API call for a bad id', async () => {
    const ok = context({ answer: { status: 200, body: { profile, fictional_label: null, public_view: false } }, routeParams: { id: '5' } })
    expect(await memberPageData(ok.pageContext)).toMatchObject({ title: 'Noor, 35', login_required: false })
    expect(ok.urls).toEqual(['/api/member.php?id=5'])
    expect(await abortStatus(memberPageData(context({ answer: { status: 404, body: {} }, routeParams: { id: '5' } }).pageContext))).toBe(404)
    const bad = context({ answer: { status: 200, body: {} }, routeParams: { id: '5x' } })
    expect(await abortStatus(memberPageData(bad.pageContext))).toBe(404)
    expect(bad.urls).toEqual([])
    const visitor = context({ answer: { status: 403, body: {} }, routeParams: { id: '5' }, user: null })
    expect(await memberPageData(visitor.pageContext)).toEqual({ member: null, login_required: true })
  })

  it('likes: received without a type, 404 for an unknown type, nothing fetched for a visitor', async () => {
    const ok = context({ answer: { status: 200, body: { profiles: [] } }, routeParams: { type: 'matches' } })
    expect(await likesPageData(ok.pageContext)).toEqual({ type: 'matches', likes: { profiles: [] } })
    expect(ok.urls).toEqual(['/api/likes.php?type=matches'])
    expect(await abortStatus(likesPageData(context({ answer: { status: 200, body: {} }, routeParams: { type: 'secret' } }).pageContext))).toBe(404)
    const visitor = context({ answer: { status: 200, body: {} }, routeParams: { type: 'received' }, user: null })
    expect(await likesPageData(visitor.pageContext)).toEqual({ type: 'received', likes: null })
    expect(visitor.urls).toEqual([])
  })

  it('swipe game and member landing', async () => {
    expect(await swipeGamePageData(context({ answer: { status: 200, body: { cards: [] } } }).pageContext)).toEqual({ game: { cards: [] } })
    expect(await swipeGamePageData(context({ answer: { status: 200, body: {} }, user: null }).pageContext)).toEqual({ game: null })
    const landing = context({ answer: { status: 200, body: { profile, others: [] } }, routeParams: { id: '5' }, user: null })
    expect(await memberLandingData(landing.pageContext)).toMatchObject({ title: 'Noor, 35', others: [] })
    expect(landing.urls).toEqual(['/api/member-landing.php?id=5'])
    expect(await abortStatus(memberLandingData(context({ answer: { status: 404, body: {} }, routeParams: { id: '9' }, user: null }).pageContext))).toBe(404)
  })
})
