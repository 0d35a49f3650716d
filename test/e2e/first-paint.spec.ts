// The largest paint of a visitor's page waits for nothing it does not need (decision 041, addendum 2): the lander's
// lead photo is preloaded from the head with its own srcset and sizes and is never lazy, nothing above the fold is
// lazy, and the page's JavaScript is requested only after that photo has arrived; it runs (the page hydrates) when
// the visitor first acts (decision 052).
import { expect, test, type Page } from '@playwright/test'
import { entryWarningConfirmed, hydrated, siteUrl, watchConsole } from './helpers'

const LANDER = '/landers/gallery/milf-amsterdam'

/** Images whose box starts inside the first screen, with their loading attribute. */
const aboveTheFold = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .map((img) => ({ alt: img.alt, loading: img.getAttribute('loading') })),
  )

/**
 * A visitor's landing page or lander after its paint (decision 052): the module preloads are in the head, and a
 * second later still no entry script and no hydration, until the visitor's first act (hydrated() presses a key).
 */
async function nothingRunsUntilTheVisitorActs(page: Page) {
  await expect(page.locator('head link[rel="modulepreload"]').first()).toBeAttached()
  await page.waitForTimeout(1000)
  expect(await page.evaluate(() => ({ script: document.querySelector('body > script[src]') !== null, hydrated: document.documentElement.dataset.hydrated ?? null }))).toEqual({ script: false, hydrated: null })
}

for (const tenant of ['datingstad', 'rijpedates']) {
  test(`${tenant}: the lander's lead photo is preloaded from the head, nothing above the fold is lazy, the scripts come after it`, async ({ page }, info) => {
    const problems = watchConsole(page)
    await entryWarningConfirmed(page)
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { url: string; testid: string | null }[] }
      w.lcp = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { url: string; element: Element | null })[]) w.lcp.push({ url: e.url, testid: e.element?.closest('[data-testid]')?.getAttribute('data-testid') ?? null })
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    // The document as served: no script, module preload or catalogue preload outside the inert template.
    const html = await (await page.goto(siteUrl(tenant, LANDER)))!.text()
    const outside = html.replace(/<template id="hydration-scripts"[^>]*>[\s\S]*?<\/template>/, '')
    expect(outside).not.toMatch(/<script[^>]*\ssrc=/)
    expect(outside).not.toMatch(/rel="modulepreload"/)
    expect(html).toMatch(/<template id="hydration-scripts" data-on="intent">[^]*<script src="\/assets\/[^"]+" type="module"/)

    const lead = page.getByTestId('lander-member').first().locator('img')
    await expect(lead).toHaveJSProperty('complete', true)
    // After the paint the modules are fetched, but nothing runs until the visitor acts (decision 052).
    await nothingRunsUntilTheVisitorActs(page)
    await hydrated(page)
    // The head's preload is the lead photo's: the same srcset and sizes (the browser fetches one file for both).
    const preload = page.locator('head link[rel="preload"][as="image"]')
    await expect(preload).toHaveCount(1)
    expect(await preload.getAttribute('imagesrcset')).toBe(await lead.getAttribute('srcset'))
    expect(await preload.getAttribute('imagesizes')).toBe(await lead.getAttribute('sizes'))
    expect(await preload.getAttribute('fetchpriority')).toBe('high')
    await expect(lead).toHaveAttribute('fetchpriority', 'high')
    expect((await aboveTheFold(page)).filter((img) => img.loading === 'lazy')).toEqual([])

    // The scripts were requested after the lead photo had arrived, and then the page hydrated.
    const order = await page.evaluate((src) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const photo = entries.find((e) => e.name === src)
      const scripts = entries.filter((e) => e.initiatorType !== 'img' && /\/assets\/.+\.js$/.test(e.name))
      return { photoEnd: photo?.responseEnd ?? null, firstScript: Math.min(...scripts.map((e) => e.startTime)), scripts: scripts.length }
    }, await lead.evaluate((img: HTMLImageElement) => img.currentSrc))
    expect(order.photoEnd).not.toBeNull()
    expect(order.scripts).toBeGreaterThan(0)
    expect(order.firstScript).toBeGreaterThanOrEqual(order.photoEnd!)

    if (info.project.name === 'phone') {
      // On a phone the lead photo is the page's largest paint.
      const lcp = await page.evaluate(() => (window as unknown as { lcp: { url: string; testid: string | null }[] }).lcp)
      expect(lcp.at(-1)).toEqual({ url: await lead.evaluate((img: HTMLImageElement) => img.currentSrc), testid: 'lander-member' })
    }
    expect(problems).toEqual([])
  })
}

test('the landing page: no image above the fold is lazy, and it hydrates with its scripts fetched after the paint', async ({ page }) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  const html = await (await page.goto(siteUrl('datingstad', '/')))!.text()
  expect(html.replace(/<template id="hydration-scripts"[^>]*>[\s\S]*?<\/template>/, '')).not.toMatch(/<script[^>]*\ssrc=|rel="modulepreload"|\/i18n\//)
  // The loader added the module preloads to the head and fetched the catalogue; nothing runs before the visitor acts.
  await nothingRunsUntilTheVisitorActs(page)
  await hydrated(page)
  expect((await aboveTheFold(page)).filter((img) => img.loading === 'lazy')).toEqual([])
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/i18n\/nl\.[^/]+\.json$/.test(e.name)))).toBe(true)
  expect(problems).toEqual([])
})
