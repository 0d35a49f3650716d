// Many concurrent server renders for different tenants and languages: no language or tenant leaks between them.
import { renderToString } from 'react-dom/server'
import styled from '@emotion/styled'
import createEmotionServer from '@emotion/server/create-instance'
import { CacheProvider } from '@emotion/react'
import type { PageContext } from 'vike/types'
import { createI18nService } from '../../src/server/i18n.server'
import { loadTenants } from '../../src/server/tenants.server'
import { publicTenant } from '../../src/server/public-tenant.server'
import { PageShell } from '../../renderer/page-shell'
import { createPageCache } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { LandingPage } from '../../src/features/landing/landing-page'
import type { Services } from '../../src/server/context.server'
import type { Locale } from '../../src/shared/locales'

const cases: { tenant: string; lng: Locale; expect: string[] }[] = [
  { tenant: 'datingstad', lng: 'nl', expect: ['Ontmoet singles in jouw stad', 'Zo werkt het', 'Singles van alle leeftijden'] },
  { tenant: 'flirtbelgie', lng: 'fr', expect: ['Flirter sans frontières en Belgique'] },
  { tenant: 'flirtbelgie', lng: 'de', expect: ['Flirten ohne Grenzen in Belgien'] },
  { tenant: 'rijpedates', lng: 'nl', expect: ['Ervaren vrouwen weten wat ze willen', 'Rijpe vrouwen van 40+'] },
  { tenant: 'mannenmatch', lng: 'en', expect: ['Your match is a man', 'How it works', 'Men for men'] },
]

async function render(services: Pick<Services, 'i18n' | 'vapid'>, tenants: Awaited<ReturnType<typeof loadTenants>>, c: (typeof cases)[number]) {
  const tenant = tenants.byId.get(c.tenant)!
  const i18n = services.i18n.forRequest(c.lng)
  const ctx = { tenant, lng: c.lng, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
  const pageContext = { tenant: publicTenant(services as Services, ctx), lng: c.lng, user: null, config: { layout: 'default' } } as unknown as PageContext
  // Yield between setting up and rendering so requests interleave.
  await new Promise((r) => setImmediate(r))
  const cache = createPageCache()
  // Created before rendering: it switches the cache to extraction mode.
  const emotion = createEmotionServer(cache)
  const html = renderToString(
    <PageShell pageContext={pageContext} cache={cache} i18n={i18n} store={createSessionStore(null)}>
      <LandingPage />
    </PageShell>,
  )
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
  return { html, styles }
}

describe('server rendering with an i18next instance per request', () => {
  it('renders 200 concurrent requests for 4 tenants and 4 languages without leaks', async () => {
    const tenants = await loadTenants()
    const services = { i18n: createI18nService(), vapid: { publicKey: 'k', privateKey: 'p' } }
    const jobs = Array.from({ length: 200 }, (_, i) => cases[i % cases.length])
    const results = await Promise.all(jobs.map((c) => render(services, tenants, c)))
    results.forEach(({ html, styles }, i) => {
      const c = jobs[i]
      for (const text of c.expect) expect(html).toContain(text)
      for (const other of cases.filter((o) => o.lng !== c.lng)) {
        for (const text of other.expect) expect(html).not.toContain(text)
      }
      // Styles are inlined: the tenant's own primary colour is in the critical CSS.
      expect(styles).toContain(tenants.byId.get(c.tenant)!.theme.primary)
    })
    // The shared base instance kept its language.
    expect(services.i18n.base.language).toBe('nl')
  })

  it('shares one instance per language, fixed to it', () => {
    const i18n = createI18nService()
    const fr = i18n.forRequest('fr')
    expect(i18n.forRequest('fr')).toBe(fr)
    expect(i18n.forRequest('de')).not.toBe(fr)
    expect(fr.language).toBe('fr')
    expect(i18n.forRequest('de').t('nav.login')).not.toBe(fr.t('nav.login'))
    // No request can switch a shared instance to another language.
    expect(() => fr.changeLanguage('nl')).toThrow(/keeps its language/)
    expect(i18n.forRequest('fr').language).toBe('fr')
    expect(i18n.base.language).toBe('nl')
  })
})

describe('page styles', () => {
  it('keep the -webkit- prefixes current browsers still need and drop the rest', () => {
    const Box = styled.div({ display: 'flex', alignItems: 'center', transition: 'opacity 1s', userSelect: 'all', backdropFilter: 'blur(2px)' })
    const cache = createPageCache()
    const emotion = createEmotionServer(cache)
    const html = renderToString(
      <CacheProvider value={cache}>
        <Box>x</Box>
      </CacheProvider>,
    )
    const css = emotion.extractCriticalToChunks(html).styles.map((s) => s.css).join('')
    expect(css).toContain('display:flex;')
    expect(css).toContain('-webkit-user-select:all;user-select:all;')
    expect(css).toContain('-webkit-backdrop-filter:blur(2px);backdrop-filter:blur(2px);')
    expect(css).not.toMatch(/-webkit-box|-ms-|-moz-|-webkit-transition|-webkit-align-items/)
  })
})

describe('page compression', () => {
  it('uses brotli, else gzip, as the client accepts, and nothing for small bodies or q=0', async () => {
    const { compressHtml } = jest.requireActual('../../src/server/compress-html.server')
    const html = '<p>hallo</p>'.repeat(200)
    // Brotli first: at quality 1 about half the CPU of gzip 3 per request, for a few per cent more bytes.
    expect((await compressHtml(html, 'gzip, deflate, br'))?.encoding).toBe('br')
    expect((await compressHtml(html, 'gzip'))?.encoding).toBe('gzip')
    expect((await compressHtml(html, 'br'))?.encoding).toBe('br')
    expect((await compressHtml(html, 'gzip;q=0, br'))?.encoding).toBe('br')
    expect((await compressHtml(html, 'br;q=0, gzip;q=0.5'))?.encoding).toBe('gzip')
    expect(await compressHtml(html, 'identity')).toBeUndefined()
    expect(await compressHtml('<p>kort</p>', 'br')).toBeUndefined()
    const zlib = jest.requireActual('node:zlib')
    expect(zlib.brotliDecompressSync((await compressHtml(html, 'br')).body).toString()).toBe(html)
    expect(zlib.gunzipSync((await compressHtml(html, 'gzip, deflate')).body).toString()).toBe(html)
  })
})
