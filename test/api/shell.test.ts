// The app shell's server side (issue 14): the web manifest and its icons per tenant, and the page-hidden beacon.
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { pageBounces } from '../../src/db/schema'

jest.setTimeout(60_000)

const TENANTS = [
  { id: 'datingstad', name: 'Datingstad' },
  { id: 'flirtbelgie', name: 'FlirtBelgië' },
  { id: 'rijpedates', name: 'RijpeDates' },
  { id: 'mannenmatch', name: 'MannenMatch' },
]

function rgb(hex: string) {
  const n = parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

describeEachDb('app shell API', (kind) => {
  const suite = suiteApp(kind)
  const get = (url: string, host: string, headers: Record<string, string> = {}) => suite.app.inject({ method: 'GET', url, headers: { host, ...headers } })

  describe('offline page', () => {
    it.each(TENANTS)('is in the look of $id: its name, primary colour and heart, under the response nonce', async ({ id, name }) => {
      const tenant = suite.app.services.tenants.all.find((t) => t.id === id)!
      const res = await get('/offline.html', hostOf(id), { 'accept-language': 'nl-NL,nl;q=0.9' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-store')
      const html = res.body
      expect(html).toContain(`<header>`)
      expect(html).toContain(`<span>${name}</span>`)
      expect(html).toContain(tenant.theme.primary)
      expect(html).toContain('<path fill=')
      const nonce = /'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1]
      expect(nonce).toBeTruthy()
      expect(html).toContain(`<style nonce="${nonce}">`)
      expect(html).not.toMatch(/<script/)
    })

    it('speaks the request language', async () => {
      const nl = await get('/offline.html', hostOf('datingstad'), { 'accept-language': 'nl-NL' })
      expect(nl.body).toContain('<html lang="nl">')
      expect(nl.body).toContain('Je bent offline')
      // The language the visitor chose (its cookie) wins, as on every page.
      const en = await get('/offline.html', hostOf('mannenmatch'), { 'accept-language': 'nl-NL', cookie: 'lang=en' })
      expect(en.body).toContain('<html lang="en">')
      expect(en.body).toContain('You are offline')
    })
  })

  describe('web manifest', () => {
    it.each(TENANTS)('describes $id with its name, colours, language and generated icons', async ({ id, name }) => {
      const tenant = suite.app.services.tenants.all.find((t) => t.id === id)!
      const res = await get('/manifest.webmanifest', hostOf(id))
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('application/manifest+json')
      const m = res.json()
      expect(m).toMatchObject({ name, short_name: name, display: 'standalone', start_url: '/', scope: '/', theme_color: tenant.theme.primary })
      expect(m.short_name.length).toBeLessThanOrEqual(12)
      expect(m.lang).toBe(tenant.default_locale)
      expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i)
      expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])

      for (const icon of m.icons as { src: string; sizes: string }[]) {
        expect(icon.src).toMatch(new RegExp(`^/app-icons/${id}-[a-z]+-\\d+-[0-9a-f]{12}\\.png$`))
        const png = await get(icon.src, hostOf(id))
        expect(png.statusCode).toBe(200)
        expect(png.headers['content-type']).toBe('image/png')
        expect(png.headers['cache-control']).toContain('immutable')
        const img = sharp(png.rawPayload)
        const meta = await img.metadata()
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes)
        // The corner is the tenant's primary colour, the middle the white heart.
        const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true })
        const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
        expect(px(1, 1)).toEqual(rgb(tenant.theme.primary))
        expect(px(info.width >> 1, info.height >> 1)).toEqual([255, 255, 255])
      }
    })

    it('gives each tenant its own icons and refuses another tenant’s icon on a host', async () => {
      const a = (await get('/manifest.webmanifest', hostOf('datingstad'))).json()
      const b = (await get('/manifest.webmanifest', hostOf('mannenmatch'))).json()
      expect(a.icons[0].src).not.toBe(b.icons[0].src)
      const wrongHost = await get(a.icons[0].src, hostOf('mannenmatch'))
      expect(wrongHost.statusCode).toBe(404)
      expect(wrongHost.json()).toMatchObject({ error: 'not_found' })
      expect((await get('/app-icons/datingstad-any-192-000000000000.png', hostOf('datingstad'))).statusCode).toBe(404)
    })

    it('speaks the request’s language', async () => {
      const res = await get('/manifest.webmanifest', hostOf('flirtbelgie'), { 'accept-language': 'fr-BE,fr;q=0.9' })
      const m = res.json()
      expect(m.lang).toBe('fr')
      expect(m.description).toContain('réunit les célibataires belges')
    })

    it('serves a 180 px apple-touch-icon', async () => {
      const res = await get('/apple-touch-icon.png', hostOf('rijpedates'))
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.width, meta.height]).toEqual([180, 180])
    })
  })

  describe('page-hidden beacon', () => {
    const beacon = (url: string, host: string, payload = '{}') =>
      suite.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/json' }, payload })
    const bounces = (tenantId: string) => suite.app.services.database.db.select().from(pageBounces).where(eq(pageBounces.tenantId, tenantId))

    it('answers 204 to the empty JSON body and stores nothing without lb', async () => {
      const res = await beacon('/api/page-hidden.php?path=/login&ms=1200', hostOf('flirtbelgie'))
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      expect(await bounces('flirtbelgie')).toHaveLength(0)
    })

    it('with lb=1 stores the bounce for the tenant with its path and time since load', async () => {
      const res = await beacon('/api/page-hidden.php?lb=1&path=/signup&ms=4321', hostOf('rijpedates'))
      expect(res.statusCode).toBe(204)
      const rows = await bounces('rijpedates')
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ path: '/signup', msSinceLoad: 4321 })
      expect(await bounces('datingstad')).toHaveLength(0)
    })

    it('answers bad input with a 4xx in the API error shape, never a 500', async () => {
      for (const url of ['/api/page-hidden.php?lb=1&path=nope&ms=5', '/api/page-hidden.php?lb=1&path=/x&ms=-3', '/api/page-hidden.php?lb=2']) {
        const res = await beacon(url, hostOf('datingstad'))
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ error: 'invalid_input', message: expect.any(String) })
      }
      const badJson = await beacon('/api/page-hidden.php', hostOf('datingstad'), '{nope')
      expect(badJson.statusCode).toBeGreaterThanOrEqual(400)
      expect(badJson.statusCode).toBeLessThan(500)
      expect(badJson.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) })
      expect(await bounces('datingstad')).toHaveLength(0)
    })
  })
})
