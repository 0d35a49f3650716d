// The landers through the app: every lander × a slug of every niche × every demo tenant × every language of the
// tenant, read by the lander's own route and +data (the API answered in process, as for a visitor) and rendered
// in the lander layout as the server renders pages. Each answers with its own content, members of the tenant's
// pool only, fitting the niche, photos blurred, and the fictional label and warning where members are fictional.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { renderToString } from 'react-dom/server'
import type { ComponentType } from 'react'
import type { PageContext, PageContextServer } from 'vike/types'
import { eq } from 'drizzle-orm'

// vike/abort is ESM only; its render(status) stands in as an error that carries the status.
jest.mock('vike/abort', () => ({
  render: (status: number) => Object.assign(new Error(`render(${status})`), { abortStatusCode: status }),
}))
import { accounts, photos, profiles } from '../../src/db/schema'
import { seedDemo } from '../../src/db/seed.server'
import { describeEachDb, openTestDatabase } from '../support/db'
import { makeTestApp, hostOf } from '../support/app'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { PageShell } from '../../renderer/page-shell'
import { createPageCache } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { publicTenant } from '../../src/server/public-tenant.server'
import { tenantLocales } from '../../src/features/settings/settings.server'
import { landerPageData, type LanderPageData } from '../../src/features/landers/page-data.server'
import { LANDER_DESIGNS, type LanderDesign } from '../../src/features/landers/slug'
import { landerTexts } from '../../src/features/landers/wording'
import type { Database } from '../../src/db/client.server'
import type { FastifyInstance } from 'fastify'
import type { Locale } from '../../src/shared/locales'
import type { Tenant } from '../../src/shared/tenant-schema'

import AloneTonight from '../../pages/landers/alonetonight/+Page'
import Collage from '../../pages/landers/collagelanding/+Page'
import Gallery from '../../pages/landers/gallery/+Page'
import Icons from '../../pages/landers/iconslanding/+Page'
import MapPage from '../../pages/landers/maplanding/+Page'
import Social from '../../pages/landers/socialnetwork/+Page'
import TransitionsVideo from '../../pages/landers/transitionsvideolanding/+Page'
import Video from '../../pages/landers/video/+Page'
import TinderSwipe from '../../pages/landers/tinderswipe/+Page'
import routeAloneTonight from '../../pages/landers/alonetonight/+route'
import routeCollage from '../../pages/landers/collagelanding/+route'
import routeGallery from '../../pages/landers/gallery/+route'
import routeIcons from '../../pages/landers/iconslanding/+route'
import routeMap from '../../pages/landers/maplanding/+route'
import routeSocial from '../../pages/landers/socialnetwork/+route'
import routeTransitionsVideo from '../../pages/landers/transitionsvideolanding/+route'
import routeVideo from '../../pages/landers/video/+route'
import routeTinderSwipe from '../../pages/landers/tinderswipe/+route'
import { endpointUrl } from '../../src/shared/api-client'
import type { EndpointDefinition } from '../../src/shared/endpoint'

jest.setTimeout(300_000)

type Route = (pc: PageContext) => false | { routeParams: Record<string, string> }
const PAGES: Record<LanderDesign, { Page: ComponentType; route: Route }> = {
  alonetonight: { Page: AloneTonight, route: routeAloneTonight },
  collagelanding: { Page: Collage, route: routeCollage },
  gallery: { Page: Gallery, route: routeGallery },
  iconslanding: { Page: Icons, route: routeIcons },
  maplanding: { Page: MapPage, route: routeMap },
  socialnetwork: { Page: Social, route: routeSocial },
  transitionsvideolanding: { Page: TransitionsVideo, route: routeTransitionsVideo },
  video: { Page: Video, route: routeVideo },
  tinderswipe: { Page: TinderSwipe, route: routeTinderSwipe },
}

/** A slug of every niche, and one nobody knows. */
const SLUGS: { slug: string; niche: number }[] = [
  { slug: 'dating-utrecht', niche: 1 },
  { slug: 'she-chat', niche: 2 },
  { slug: 'bdsm-flirt', niche: 3 },
  { slug: 'bbw', niche: 4 },
  { slug: 'gilf-contact', niche: 5 },
  { slug: 'milf-amsterdam', niche: 6 },
  { slug: 'gay-chat', niche: 7 },
  { slug: 'xyz-onbekend', niche: 1 },
]
const PREFIX = ['', 'none', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay']
const TENANTS = ['datingstad', 'flirtbelgie', 'rijpedates', 'mannenmatch']

/** Text as React writes it into HTML. */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
const memberIds = (html: string) => [...html.matchAll(/data-member-id="(\d+)"/g)].map((m) => Number(m[1]))
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''
/** The page without words, members or addresses: each element's name and its classes (Emotion's, so its styles). */
const skeletonOf = (html: string) => [...html.matchAll(/<([a-z0-9]+)(?:[^>]*?\sclass="([^"]*)")?[^>]*>/g)].map((m) => `${m[1]}.${m[2] ?? ''}`).join(' ')

describeEachDb('landers', (kind) => {
  let database: Database
  let app: FastifyInstance
  let mediaDir: string
  const poolOf = new Map<number, string>()
  const fictionalIds = new Set<number>()
  let originals: string[] = []
  let hiddenId = 0
  let premiumCookie = ''

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'landers-media-'))
    const db = database.db
    await seedDemo(db, { tenants: app.services.tenants.all, mediaDir, membersPerPool: 40 })
    // Thin niches of the small demo pool get members of their own, in both countries of the main pool.
    for (const country of ['NL', 'BE'] as const) {
      const region = country === 'NL' ? 'NL-NH' : 'BE-VAN'
      await makeMember(db, { name: `Lies ${country}`, gender: 'female', sexuality: 'lesbian', birthDate: '1990-02-02', country, region, photos: [{ visibility: 'public' }] })
      await makeMember(db, { name: `Oma ${country}`, gender: 'female', birthDate: '1955-03-03', country, region, photos: [{ visibility: 'public' }] })
      await makeMember(db, { name: `Gijs ${country}`, gender: 'male', sexuality: 'gay', birthDate: '1988-06-06', country, region, photos: [{ visibility: 'public' }] })
      const curvy = await makeMember(db, { name: `Rond ${country}`, gender: 'female', birthDate: '1985-05-05', country, region, photos: [{ visibility: 'public' }] })
      await db.update(profiles).set({ bodyType: 'curvy' }).where(eq(profiles.accountId, curvy.id))
    }
    // Never on a lander: an invisible member; a premium member sees photos unblurred, as everywhere.
    hiddenId = (await makeMember(db, { name: 'Onzichtbaar', gender: 'female', birthDate: '1970-01-01', invisible: true, photos: [{ visibility: 'public' }] })).id
    premiumCookie = (await makeMember(db, { name: 'Premium', gender: 'male', paidUser: true })).cookie
    for (const r of await db.select({ id: accounts.id, pool: accounts.pool, fictional: accounts.fictional }).from(accounts)) {
      poolOf.set(r.id, r.pool)
      if (r.fictional) fictionalIds.add(r.id)
    }
    originals = (await db.select({ f: photos.filename, t: photos.thumbFilename }).from(photos)).flatMap((p) => [p.f, p.t])
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
  })

  /** The lander at a path for a visitor of a tenant in a language: route, +data and the server render. */
  async function visit(tenantId: string, design: LanderDesign, urlPathname: string, lng: Locale, cookie = '') {
    const tenant = app.services.tenants.byId.get(tenantId)!
    const routed = PAGES[design].route({ urlPathname } as PageContext)
    if (!routed) return { status: 404 as const }
    const i18n = app.services.i18n.forRequest(lng)
    const ctx = { tenant, lng, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
    const pageContext = {
      urlPathname,
      routeParams: routed.routeParams,
      tenant: publicTenant(app.services, ctx),
      lng,
      user: null,
      config: { layout: 'lander' },
      i18nServer: i18n,
      services: {
        // The lander endpoint as the page calls it (decision 026), answered here through HTTP as the visitor.
        call: async (def: EndpointDefinition, input: never) => {
          const res = await app.inject({ method: 'GET', url: endpointUrl(def, input), headers: { host: hostOf(tenantId), cookie: [`lang=${lng}`, cookie].filter(Boolean).join('; ') } })
          return { status: res.statusCode, body: res.json() }
        },
      },
    } as unknown as PageContextServer & { data?: LanderPageData }
    const data = await landerPageData(pageContext)
    pageContext.data = data
    const { Page } = PAGES[design]
    const html = renderToString(
      <PageShell pageContext={pageContext as unknown as PageContext} cache={createPageCache()} i18n={i18n} store={createSessionStore(null)}>
        <Page />
      </PageShell>,
    )
    return { status: 200 as const, html, data, tenant }
  }

  /** What a visitor of this tenant may see of a niche: gender and age band (the niche tenant's own niche wins). */
  function expectFits(tenant: Tenant, data: LanderPageData) {
    for (const m of data.members) {
      expect(poolOf.get(m.id)).toBe(tenant.pool)
      expect(m.id).not.toBe(hiddenId)
      expect(Object.keys(tenant.countries)).toContain(m.country)
      if ([2, 4, 5, 6].includes(data.niche)) expect(m.gender).toBe('female')
      if (data.niche === 7) expect(m.gender).toBe('male')
      if (data.niche === 5) expect(m.age).toBeGreaterThanOrEqual(60)
      if (data.niche === 6) expect(m.age).toBeGreaterThanOrEqual(40)
      if (m.main_image) expect(m.main_image.locked).toBe(true)
    }
  }

  it.each(TENANTS)('%s: every lander × a slug of every niche × every language answers with its own content', async (tenantId) => {
    const tenant = app.services.tenants.byId.get(tenantId)!
    const languages = tenantLocales(tenant)
    expect(languages.length).toBeGreaterThanOrEqual(1)
    // Per lander × slug, the wording of each language: each language has its own (no fallback to another's).
    const wordingByLng = new Map<string, Map<Locale, string>>()
    for (const lng of languages) {
      for (const { slug, niche } of SLUGS) {
        const headlines = new Set<string>()
        const markups = new Set<string>()
        const skeletons = new Map<string, string>()
        for (const design of LANDER_DESIGNS) {
          const withSlug = design !== 'tinderswipe'
          const res = await visit(tenantId, design, withSlug ? `/landers/${design}/${slug}` : `/landers/${design}`, lng)
          expect(res.status).toBe(200)
          if (res.status !== 200) continue
          const { html, data } = res
          const label = `${tenantId} ${lng} ${design} ${slug}`
          // The niche: the slug's on a general tenant, always the tenant's own on a niche tenant.
          const expected = !withSlug || slug === 'xyz-onbekend' || slug === 'dating-utrecht' ? tenant.niche : tenant.niche === 1 ? niche : tenant.niche
          expect(`${label}: ${data.niche}`).toBe(`${label}: ${expected}`)
          expect(data.prefix).toBe(PREFIX[expected])
          expect(html).toContain(`data-testid="lander-${design}"`)
          // The headline from the catalogue of the language, with the audience of the niche.
          const texts = landerTexts(i18nT(lng), data, tenant.name)
          expect(h1Of(html)).toBe(escapeHtml(texts.title))
          expect(h1Of(html).toLowerCase()).toContain(escapeHtml(texts.audience).toLowerCase())
          expect(html).toContain(escapeHtml(texts.intent))
          headlines.add(h1Of(html))
          markups.add(html.replace(/data-member-id="\d+"/g, ''))
          // What the page looks like without its words and members: the elements and their styles.
          const skeleton = skeletonOf(html)
          expect(`${label} looks like ${skeletons.get(skeleton) ?? 'no other lander'}`).toBe(`${label} looks like no other lander`)
          skeletons.set(skeleton, design)
          const key = `${design} ${slug}`
          if (!wordingByLng.has(key)) wordingByLng.set(key, new Map())
          wordingByLng.get(key)!.set(lng, `${h1Of(html)} | ${escapeHtml(texts.intent)} | ${escapeHtml(texts.cta ?? '')}`)
          // A call to sign up, and the lander layout: brand only, footer.
          expect(html).toMatch(/data-testid="lander-cta"/)
          expect(html).toContain('href="/signup"')
          expect(html).not.toContain('href="/members"')
          // Members of the tenant's pool that fit, photos blurred; the originals never reach the page.
          expect(data.members.length).toBeGreaterThan(0)
          expectFits(tenant, data)
          for (const id of memberIds(html)) expect(`${label} ${id} ${poolOf.get(id)}`).toBe(`${label} ${id} ${tenant.pool}`)
          for (const name of originals) expect(html).not.toContain(name)
          if (memberIds(html).some((id) => fictionalIds.has(id))) {
            expect(html).toContain('data-testid="fictional-label"')
            expect(html).toContain('data-testid="fictional-warning"')
            // About the site's profiles, in the tenant's words: not one profile's "Dit profiel is fictief".
            if (lng === 'nl') expect(html).toContain('Fysiek contact met deze profielen is niet mogelijk.')
          }
          expect(data.robots).toBe('noindex')
        }
        // No two landers alike: each has its own headline and markup.
        expect(headlines.size).toBe(LANDER_DESIGNS.length)
        expect(markups.size).toBe(LANDER_DESIGNS.length)
      }
    }
    // Every language its own wording: two languages of the tenant never show a lander the same words (US and
    // British English are one wording, as their catalogues are for landers).
    for (const [key, byLng] of wordingByLng) {
      const seen = new Map<string, Locale>()
      for (const [lng, wording] of byLng) {
        const same = seen.get(wording)
        if (same && same.split('-')[0] !== lng.split('-')[0]) expect(`${tenantId} ${key}: ${lng} reads as ${same}`).toBe(`${tenantId} ${key}: ${lng} has its own wording`)
        seen.set(wording, lng)
      }
    }
  })

  const tByLng = new Map<Locale, ReturnType<typeof app.services.i18n.forRequest>['t']>()
  function i18nT(lng: Locale) {
    if (!tByLng.has(lng)) tByLng.set(lng, app.services.i18n.forRequest(lng).t)
    return tByLng.get(lng)!
  }

  it('a slug changes wording and members: place first, age band, another language', async () => {
    const plain = await visit('datingstad', 'gallery', '/landers/gallery', 'nl')
    const milf = await visit('datingstad', 'gallery', '/landers/gallery/milf-amsterdam', 'nl')
    if (plain.status !== 200 || milf.status !== 200) throw new Error('expected pages')
    expect(h1Of(plain.html)).toBe('Singles bij jou in de buurt: bekijk de galerij')
    expect(h1Of(milf.html)).toBe('Rijpe vrouwen in Amsterdam: bekijk de galerij')
    expect(milf.data.place).toMatchObject({ key: 'amsterdam', kind: 'city', region: 'NL-NH' })
    const local = milf.data.members.slice(0, milf.data.local_count)
    expect(local.length).toBeGreaterThan(0)
    for (const m of local) expect(m.city).toBe('Amsterdam')
    // The rest come from the region first.
    const next = milf.data.members.slice(milf.data.local_count)
    if (next.length) expect(next[0].region).toBe('NL-NH')
    const chat = await visit('datingstad', 'alonetonight', '/landers/alonetonight/gay-chat', 'nl')
    if (chat.status !== 200) throw new Error('expected a page')
    expect(chat.data).toMatchObject({ niche: 7, intent: 'chat', gender: 'male' })
    expect(chat.html).toContain('Begin een chat en zie meteen wie er terugschrijft.')
    // On the gay tenant a milf slug is answered with its own niche; the place stays; German and English texts.
    const de = await visit('mannenmatch', 'maplanding', '/landers/maplanding/milf-koeln', 'de')
    if (de.status !== 200) throw new Error('expected a page')
    expect(h1Of(de.html)).toBe('Auf der Karte: Männer, die Männer suchen in Köln')
    expect(de.data.regions.length).toBeGreaterThan(0)
    expect(de.html).toContain('data-testid="lander-map"')
    const en = await visit('mannenmatch', 'maplanding', '/landers/maplanding/milf-koeln', 'en')
    if (en.status !== 200) throw new Error('expected a page')
    expect(h1Of(en.html)).toBe('On the map: men seeking men in Cologne')
    // Unknown slugs fall back to the default wording.
    const unknown = await visit('rijpedates', 'video', '/landers/video/qqq-zzz', 'nl')
    const none = await visit('rijpedates', 'video', '/landers/video', 'nl')
    if (unknown.status !== 200 || none.status !== 200) throw new Error('expected pages')
    expect(h1Of(unknown.html)).toBe(h1Of(none.html))
  })

  it('routes: tinderswipe takes no slug, other paths are not landers', async () => {
    expect((await visit('datingstad', 'tinderswipe', '/landers/tinderswipe/milf', 'nl')).status).toBe(404)
    expect((await visit('datingstad', 'gallery', '/landers/gallery/a/b', 'nl')).status).toBe(404)
    expect((await visit('datingstad', 'gallery', '/landers/gallerys', 'nl')).status).toBe(404)
    expect((await visit('datingstad', 'gallery', '/landers/gallery/', 'nl')).status).toBe(200)
  })

  it('the API: a bad design is a localized 400; a premium member sees photos as premium members do', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/lander.php?design=nope', headers: { host: 'datingstad.nl' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'invalid_input', fields: { design: expect.any(String) } })
    const premium = await app.inject({ method: 'GET', url: '/api/lander.php?design=gallery&slug=milf', headers: { host: 'datingstad.nl', cookie: premiumCookie } })
    expect(premium.statusCode).toBe(200)
    const withPhoto = premium.json().members.filter((m: { main_image: unknown }) => m.main_image)
    expect(withPhoto.length).toBeGreaterThan(0)
    for (const m of withPhoto) expect(m.main_image.locked).toBe(false)
  })

  it('the robots switch: indexable landers have no noindex', async () => {
    const tenant = app.services.tenants.byId.get('flirtbelgie')!
    tenant.landers.indexable = true
    try {
      const res = await visit('flirtbelgie', 'iconslanding', '/landers/iconslanding/bbw-gent', 'fr')
      if (res.status !== 200) throw new Error('expected a page')
      expect(res.data.robots).toBeUndefined()
      expect(res.data.place).toMatchObject({ key: 'gent', name: 'Gand' })
    } finally {
      tenant.landers.indexable = false
    }
  })
})
