// The installed app per brand (issue 14): every demo tenant's landing page is installable. Lighthouse 12 dropped its
// PWA category and the installable-manifest audit; that audit only reported Chrome's own check, which the DevTools
// protocol still answers: Page.getInstallabilityErrors (decision 040). The icons of the manifest are loaded and
// decoded as PNGs of the size the manifest states. One project (phone): the check does not depend on the viewport,
// and an installed dating app is a phone's home-screen app. Chrome refuses installation in an incognito profile
// ("in-incognito") and Playwright's contexts are incognito, so the pages open in a persistent profile of the same
// Chromium, with the project's device settings.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect, chromium, type BrowserContext, type Page } from '@playwright/test'
import { siteUrl, hydrated, entryWarningConfirmed } from './helpers'

const TENANTS = fs
  .readdirSync(path.join(process.cwd(), 'tenants'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort()

interface Manifest {
  name: string
  short_name: string
  display: string
  start_url: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

/** Opens the landing page and waits until the service worker controls it (the worker claims its clients). */
async function landing(page: Page, tenant: string) {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl(tenant, '/'))
  await hydrated(page)
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 })
}

/** Chrome's installability check (what Lighthouse's installable-manifest audit reported). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    return installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '))
  } finally {
    await cdp.detach()
  }
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (body.length < 24 || !body.subarray(0, 8).equals(signature) || body.toString('latin1', 12, 16) !== 'IHDR') return null
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) }
}

test.describe('the installed app per brand', () => {
  test.skip(({ isMobile }) => !isMobile, 'one project: the check does not depend on the viewport')

  let profile: BrowserContext
  let page: Page
  let userDataDir: string
  test.beforeAll(async ({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, launchOptions }) => {
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'installability-'))
    profile = await chromium.launchPersistentContext(userDataDir, { ...launchOptions, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale })
  })
  test.beforeEach(async () => {
    page = await profile.newPage()
  })
  // Hooks run in the skipped project too: only close what was opened.
  test.afterEach(async ({ isMobile }) => {
    if (isMobile) await page.close()
  })
  test.afterAll(async () => {
    await profile?.close()
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true })
  })

  test('the demo tenants are the ones checked', () => {
    expect(TENANTS).toEqual(['datingstad', 'euroflirt', 'flirtbelgie', 'mannenmatch', 'rijpedates'])
  })

  for (const tenant of TENANTS) {
    test(`${tenant}: Chrome finds the landing page installable, and the manifest's icons are PNGs of their size`, async () => {
      await landing(page, tenant)
      expect(await installabilityErrors(page)).toEqual([])

      // Fetched by the page itself: the tenant hosts resolve inside Chromium only.
      const { manifest, icons } = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href')
        if (!href) throw new Error('no manifest link')
        const manifest = (await (await fetch(href)).json()) as Manifest
        const icons = []
        for (const icon of manifest.icons) {
          const res = await fetch(icon.src)
          const bytes = Array.from(new Uint8Array(await res.arrayBuffer()).subarray(0, 32))
          // The browser decodes it too (not just a header that looks right).
          const image = new Image()
          image.src = icon.src
          const decoded = await image.decode().then(() => ({ width: image.naturalWidth, height: image.naturalHeight }), () => null)
          icons.push({ ...icon, status: res.status, type: res.headers.get('content-type'), bytes, decoded })
        }
        return { manifest, icons }
      })
      expect(manifest.display).toBe('standalone')
      for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
        const icon = icons.find((i) => i.sizes === sizes && i.purpose.split(' ').includes(purpose))
        expect(icon, `${purpose} icon ${sizes}`).toBeTruthy()
        const [width, height] = sizes.split('x').map(Number)
        expect({ status: icon!.status, type: icon!.type }, icon!.src).toEqual({ status: 200, type: 'image/png' })
        expect(pngSize(Buffer.from(icon!.bytes)), icon!.src).toEqual({ width, height })
        expect(icon!.decoded, icon!.src).toEqual({ width, height })
      }
    })
  }

  test('the check can fail: a manifest without icons or standalone display is reported', async () => {
    await landing(page, 'datingstad')
    const manifest = (await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json())) as Manifest
    await page.route('**/manifest.webmanifest', (route) => route.fulfill({ json: { ...manifest, display: 'browser', icons: [] } }))
    await page.reload()
    await hydrated(page)
    const errors = await installabilityErrors(page)
    expect(errors.join('\n')).toMatch(/manifest-missing-suitable-icon|manifest-display-not-supported/)
  })
})
