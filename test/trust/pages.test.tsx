// Pages (issue 17): the HTML side of the isolation matrix and the photo-leak scan. Every member-facing page is
// routed, its +data read through the app as the viewer (as src/server/vike.server.ts does) and server-rendered in
// its layout, for a visitor of each pool, a free member of pool main and one of pool gay, with the ids of members
// of both pools. No HTML names another member's original photo (blurred copies may), no HTML names a member of the
// other pool, and a page with an id of the other pool is the not-found page.
import type { ComponentType } from 'react'

// vike/abort is ESM only; its render(status) stands in as an error that carries the status.
jest.mock('vike/abort', () => ({
  render: (status: number) => Object.assign(new Error(`render(${status})`), { abortStatusCode: status }),
}))
// The client router is ESM only too, and never runs during a server render.
jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}), reload: jest.fn(async () => {}), prefetch: jest.fn(async () => {}) }))
import { describeEachDb } from '../support/db'
import { suiteApp } from '../support/app'
import { visitPage, type DataHook, type PageDef } from '../support/page-render'
import { HOSTS, makeWorld, type Pool, type WorldMember } from './fixture'
import { LANDER_DESIGNS } from '../../src/features/landers/slug'
import { landerPageData } from '../../src/features/landers/page-data.server'
import { INFO_PAGES } from '../../src/features/info-pages/info-pages.server'

import IndexPage from '../../pages/index/+Page'
import SearchPage from '../../pages/members-search/+Page'
import { data as searchData } from '../../pages/members-search/+data'
import MemberPage from '../../pages/member/+Page'
import { data as memberData } from '../../pages/member/+data'
import LikesMemberPage from '../../pages/likes-member/+Page'
import { data as likesMemberData } from '../../pages/likes-member/+data'
import LikesPage from '../../pages/likes-list/+Page'
import { data as likesData } from '../../pages/likes-list/+data'
import MatchFinderPage from '../../pages/match-finder/+Page'
import { data as matchFinderData } from '../../pages/match-finder/+data'
import SwipeGamePage from '../../pages/swipe-game/+Page'
import { data as swipeGameData } from '../../pages/swipe-game/+data'
import ChatsPage from '../../pages/chats/+Page'
import ChatPage from '../../pages/chats/@id/+Page'
import MemberChatPage from '../../pages/members/@id/chat/+Page'
import MemberLandingPage from '../../pages/member-landing/+Page'
import { data as memberLandingData } from '../../pages/member-landing/+data'
import CreditsPage from '../../pages/credits/+Page'
import { data as creditsData } from '../../pages/credits/+data'
import PremiumPage from '../../pages/premium/+Page'
import { data as premiumData } from '../../pages/premium/+data'
import PricingPage from '../../pages/pricing/+Page'
import { data as pricingData } from '../../pages/pricing/+data'
import InfoPage from '../../pages/pages/@token/+Page'
import { data as infoData } from '../../pages/pages/@token/+data'
import AloneTonight from '../../pages/landers/alonetonight/+Page'
import Collage from '../../pages/landers/collagelanding/+Page'
import Gallery from '../../pages/landers/gallery/+Page'
import Icons from '../../pages/landers/iconslanding/+Page'
import MapPage from '../../pages/landers/maplanding/+Page'
import Social from '../../pages/landers/socialnetwork/+Page'
import TransitionsVideo from '../../pages/landers/transitionsvideolanding/+Page'
import Video from '../../pages/landers/video/+Page'
import TinderSwipe from '../../pages/landers/tinderswipe/+Page'

jest.setTimeout(180_000)


const LANDERS: Record<string, ComponentType> = {
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapPage,
  socialnetwork: Social,
  transitionsvideolanding: TransitionsVideo,
  video: Video,
  tinderswipe: TinderSwipe,
}

/** Every member-facing page at a path, with the route parameters Vike would give it. */
function pagesFor(ids: number[]): { path: string; id?: number; def: PageDef }[] {
  const fixed: { path: string; def: PageDef }[] = [
    { path: '/', def: { Page: IndexPage } },
    { path: '/members', def: { Page: SearchPage, data: searchData } },
    { path: '/likes', def: { Page: LikesPage, data: likesData, params: { type: 'received' } } },
    { path: '/likes/sent', def: { Page: LikesPage, data: likesData, params: { type: 'sent' } } },
    { path: '/likes/mutual', def: { Page: LikesPage, data: likesData, params: { type: 'mutual' } } },
    { path: '/match-finder', def: { Page: MatchFinderPage, data: matchFinderData } },
    { path: '/swipe-game', def: { Page: SwipeGamePage, data: swipeGameData } },
    { path: '/chats', def: { Page: ChatsPage, layout: 'chat' } },
    { path: '/credits', def: { Page: CreditsPage, data: creditsData } },
    { path: '/premium', def: { Page: PremiumPage, data: premiumData } },
    { path: '/pricing', def: { Page: PricingPage, data: pricingData } },
    ...Object.keys(INFO_PAGES).map((token) => ({ path: `/pages/${token}`, def: { Page: InfoPage, data: infoData as DataHook, params: { token } } })),
    ...LANDER_DESIGNS.map((design) => ({
      path: design === 'tinderswipe' ? `/landers/${design}` : `/landers/${design}/dating-utrecht`,
      def: { Page: LANDERS[design], data: landerPageData as DataHook, layout: 'lander', params: (design === 'tinderswipe' ? { design } : { design, slug: 'dating-utrecht' }) as Record<string, string> },
    })),
  ]
  const withId = ids.flatMap((id) => {
    const p = { id: String(id) }
    return [
      { path: `/members/${id}`, id, def: { Page: MemberPage, data: memberData, params: p } },
      { path: `/likes/m/${id}`, id, def: { Page: LikesMemberPage, data: likesMemberData, params: p } },
      { path: `/members/${id}/chat`, id, def: { Page: MemberChatPage, layout: 'chat', params: p } },
      { path: `/chats/${id}`, id, def: { Page: ChatPage, layout: 'chat', params: p } },
      ...(['landing', 'signup', 'landing2', 'landing3'] as const).map((design) => ({
        path: `/members/${id}/${design}`,
        id,
        def: { Page: MemberLandingPage, data: memberLandingData, layout: 'lander', params: { id: String(id), design, slug: '' } },
      })),
    ]
  })
  return [...fixed, ...withId]
}

describeEachDb('pages: isolation and photo leak in the HTML', (kind) => {
  const suite = suiteApp(kind)

  /** A page for a viewer (undefined: a visitor) on a pool's brand: data through the app, then the server render. */
  const visit = (pool: Pool, viewer: WorldMember | undefined, path: string, def: PageDef) =>
    visitPage(suite.app, suite.database.db, { tenantId: pool === 'main' ? 'datingstad' : 'mannenmatch', host: HOSTS[pool], viewer, path, def })

  it('no page names another member\'s original photo or a member of the other pool; other-pool ids are not found', async () => {
    const { app, database } = suite
    const world = await makeWorld(app, database.db)
    const viewers: { pool: Pool; viewer?: WorldMember }[] = [
      { pool: 'main' },
      { pool: 'gay' },
      { pool: 'main', viewer: world.find((m) => m.pool === 'main')! },
      { pool: 'gay', viewer: world.find((m) => m.pool === 'gay')! },
    ]
    const pages = pagesFor(world.map((m) => m.id))
    const leaks: string[] = []
    const notNotFound: string[] = []
    let blurredSeen = 0
    let ownPoolNamesSeen = 0
    let rendered = 0
    for (const { pool, viewer } of viewers) {
      const who = viewer ? `free member ${viewer.id} (${pool})` : `visitor of ${pool}`
      const others = world.filter((m) => m.id !== viewer?.id)
      const originals = others.flatMap((m) => [m.files.filename, m.files.thumbFilename])
      const otherPool = world.filter((m) => m.pool !== pool).flatMap((m) => [m.name, m.email])
      for (const { path, id, def } of pages) {
        const { status, html } = await visit(pool, viewer, path, def)
        rendered++
        const found = [...originals, ...otherPool].filter((s) => html.includes(s))
        if (found.length) leaks.push(`${who} ${path} -> ${found.join(', ')}`)
        blurredSeen += others.filter((m) => html.includes(m.files.blurredFilename)).length
        ownPoolNamesSeen += world.filter((m) => m.pool === pool && html.includes(m.name)).length
        const target = world.find((m) => m.id === id)
        if (target && target.pool !== pool && def.data && (status !== 404 || !html.includes('data-testid="error-status"'))) notNotFound.push(`${who} ${path} -> ${status}`)
      }
    }
    expect(leaks).toEqual([])
    expect(notNotFound).toEqual([])
    // Not vacuous: every page rendered, and the pages do show the members of the own pool with blurred photos.
    expect(rendered).toBe(viewers.length * pages.length)
    expect(ownPoolNamesSeen).toBeGreaterThan(10)
    expect(blurredSeen).toBeGreaterThan(5)
  })
})
