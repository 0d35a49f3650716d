// The app shell in the browser (issue 14): the head links of the installed app per brand, the manifest's icons
// and the page-hidden beacon with page-bounce logging.
import { test, expect, type Page } from '@playwright/test'
import { commandSocketPath, sendCommand } from '../../src/server/command-socket.server'
import { siteUrl, entryWarningConfirmed, hydrated } from './helpers'

test.describe('app shell', () => {
  test('every page links the manifest, the apple-touch-icon and the theme colour of its brand', async ({ page }, info) => {
    await entryWarningConfirmed(page)
    for (const [tenant, colour] of [['datingstad', '#e2165b'], ['mannenmatch', null]] as const) {
      await page.goto(siteUrl(tenant, '/login'))
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
      expect(manifestHref).toBe('/manifest.webmanifest')
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('sizes')).toBe('180x180')
      const themeColour = await page.locator('meta[name="theme-color"]').getAttribute('content')
      if (colour) expect(themeColour).toBe(colour)
      // Fetched by the page itself: the tenant hosts resolve inside Chromium only.
      const { manifest, icons } = await page.evaluate(async () => {
        const manifest = await (await fetch('/manifest.webmanifest')).json()
        const icons: string[] = []
        for (const src of [...manifest.icons.map((i: { src: string }) => i.src), '/apple-touch-icon.png']) {
          const res = await fetch(src)
          if (res.status !== 200 || res.headers.get('content-type') !== 'image/png') throw new Error(`${src}: ${res.status}`)
          const blob = await res.blob()
          icons.push(await new Promise<string>((resolve) => {
            const reader = new FileReader()
            reader.onload = () => resolve(String(reader.result))
            reader.readAsDataURL(blob)
          }))
        }
        return { manifest, icons }
      })
      expect(manifest.theme_color).toBe(themeColour)
      expect(manifest.display).toBe('standalone')
      expect(icons).toHaveLength(4)
      await page.setContent(`<body style="background:#ddd;display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap">${icons.map((s) => `<img src="${s}" style="width:160px;border-radius:24px">`).join('')}</body>`)
      await page.screenshot({ path: `artifacts/${info.project.name}-${tenant}-app-icons.png` })
    }
  })

  test('the page-hidden beacon: a POST with an empty JSON body when the page becomes hidden, nothing else without lb', async ({ page }) => {
    await entryWarningConfirmed(page)
    const beacons: { method: string; url: string; body: string | null; type: string | undefined }[] = []
    // Seen by the route (a beacon's body is readable there): answered as the server does, 204.
    await page.route('**/api/page-hidden.php*', async (route) => {
      const req = route.request()
      beacons.push({ method: req.method(), url: req.url(), body: req.postData(), type: req.headers()['content-type'] })
      await route.fulfill({ status: 204 })
    })
    await page.goto(siteUrl('datingstad', '/login'))
    await hydrated(page)
    expect(beacons).toEqual([])
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => beacons.length).toBe(1)
    expect(beacons[0].method).toBe('POST')
    expect(new URL(beacons[0].url).pathname + new URL(beacons[0].url).search).toBe('/api/page-hidden.php')
    expect(beacons[0].body).toBe('{}')
    expect(beacons[0].type).toContain('application/json')
    // Visible again, nothing is sent; hidden again, one more.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => beacons.length).toBe(2)
  })

  test('with ?lb=1 the page-hidden beacon reports the page and the time since load', async ({ page }) => {
    await entryWarningConfirmed(page)
    const beacons: { url: string; type: string | undefined }[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/page-hidden.php')) beacons.push({ url: req.url(), type: req.headers()['content-type'] })
    })
    await page.goto(siteUrl('datingstad', '/login?lb=1'))
    await hydrated(page)
    // Hide the page the way a tab switch does.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => beacons.length).toBe(1)
    const url = new URL(beacons[0].url)
    expect(url.searchParams.get('lb')).toBe('1')
    expect(url.searchParams.get('path')).toBe('/login')
    expect(Number(url.searchParams.get('ms'))).toBeGreaterThan(0)
    // Chromium does not show a beacon's Blob body to the test; its type is what the server parses by.
    expect(beacons[0].type).toContain('application/json')
  })

  test('a page bounce logged with ?lb=1 is visible to the marketers in the console, per page of the tenant', async ({ page, browser }, info) => {
    // The console's gallery frames live landers as it loads: a slow page on a loaded machine.
    test.slow()
    // A visitor arrives on a flirtbelgie lander from a campaign link with lb=1 and leaves it (the tab is hidden).
    await entryWarningConfirmed(page)
    const path = `/landers/video/bounce-${info.project.name}-${Date.now()}`
    await page.goto(siteUrl('flirtbelgie', `${path}?lb=1`))
    await hydrated(page)
    const sent = page.waitForResponse((res) => res.url().includes('/api/page-hidden.php') && res.status() === 204)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await sent
    // From here the page reads as visible: the browser's own visibility changes (another window opening over it on a
    // phone) send no second beacon.
    await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }))
    // A marketer of the pool opens the lander gallery on flirtbelgie: the page and its one bounce.
    const email = `bounces-${info.project.name}-${Date.now()}@staf.example`
    expect(await sendCommand(commandSocketPath(process.env.E2E_DATA_DIR!), { command: 'staff:create', tenant: 'datingstad', email, password: 'a long marketer password', role: 'marketer' })).toMatchObject({ ok: true })
    const staff = await (await browser.newContext()).newPage()
    await staff.goto(siteUrl('datingstad', '/admin/landers'))
    await hydrated(staff)
    const form = staff.locator('form').filter({ has: staff.getByLabel('Wachtwoord') })
    await form.getByLabel('E-mailadres').fill(email)
    await form.getByLabel('Wachtwoord').fill('a long marketer password')
    await form.getByRole('button', { name: 'Inloggen' }).click()
    await expect(staff.getByTestId('staff-who')).toContainText(email)
    await staff.getByTestId('gallery-tenant').selectOption('flirtbelgie')
    const bounces = staff.getByTestId('gallery-bounces')
    await expect(bounces.getByRole('heading', { name: /Paginabounces/ })).toBeVisible()
    const row = bounces.getByTestId('bounce-row').filter({ hasText: path })
    await expect(row).toHaveCount(1)
    await expect(row.locator('td').nth(1)).toHaveText('1')
    await row.scrollIntoViewIfNeeded()
    await staff.screenshot({ path: `artifacts/${info.project.name}-console-page-bounces.png` })
    await staff.context().close()
  })

  test('without network a navigation shows the offline page in the brand and language of the site', async ({ page, context }, info) => {
    await entryWarningConfirmed(page)
    await page.goto(siteUrl('mannenmatch', '/login'))
    await hydrated(page)
    // The worker registers after load, keeps the offline page and takes control of the page. Asked again until the
    // page says yes: page.waitForFunction cannot wait on an async predicate (its promise counts as a truthy answer
    // at once, so it returned with `false` whenever the worker was not installed yet, as on a loaded machine).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration()
            return Boolean(reg?.active) && Boolean(navigator.serviceWorker.controller) && Boolean(await caches.match('/offline.html'))
          }),
        { timeout: 15_000 },
      )
      .toBe(true)
    await context.setOffline(true)
    await page.goto(siteUrl('mannenmatch', '/pages/faq')).catch(() => undefined)
    const offline = page.getByTestId('offline-page')
    await expect(offline).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Je bent offline' })).toBeVisible()
    await expect(page.locator('header')).toHaveText('MannenMatch')
    // The brand's primary colour (mannenmatch: #1775c8).
    expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(23, 117, 200)')
    await page.screenshot({ path: `artifacts/${info.project.name}-offline-page.png` })
    // Back online, "try again" loads the page itself.
    await context.setOffline(false)
    await page.getByRole('link', { name: 'Opnieuw proberen' }).click()
    await expect(offline).toBeHidden()
    await expect(page).toHaveURL(/\/pages\/faq$/)
  })

  test('installed-app mode: the back button on likes with history, the folded footer, no entry warning', async ({ page }, info) => {
    // Display-mode emulation: Chromium's media emulation has no display-mode, so the page's own check is answered.
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window)
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ ...real('(min-width: 0px)'), matches: true, media: query } as MediaQueryList) : real(query))
    })
    await page.goto(siteUrl('datingstad', '/login'))
    await hydrated(page)
    // No entry warning in the installed app, without any stored confirmation.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const status = await page.evaluate(
      async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'premium@datingstad.demo', password: 'demo-premium-123' }) })).status,
    )
    expect(status).toBe(200)
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    await expect(page.getByTestId('back-button')).toHaveCount(0) // not on the search
    await expect(page.getByTestId('footer-folded')).toBeAttached()
    await page.goto(siteUrl('datingstad', '/likes'))
    await hydrated(page)
    const back = page.getByTestId('back-button')
    await expect(back).toBeVisible()
    await page.screenshot({ path: `artifacts/${info.project.name}-standalone-likes.png` })
    await back.click()
    await expect(page).toHaveURL(/\/members$/)
  })

  test('installed-app mode: the back button on a member profile and the credits page, only when there is history', async ({ context }, info) => {
    await context.addInitScript(() => {
      const real = window.matchMedia.bind(window)
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ ...real('(min-width: 0px)'), matches: true, media: query } as MediaQueryList) : real(query))
    })
    const login = await context.newPage()
    await login.goto(siteUrl('datingstad', '/login'))
    const status = await login.evaluate(
      async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'premium@datingstad.demo', password: 'demo-premium-123' }) })).status,
    )
    expect(status).toBe(200)
    // The app opened straight on the credits page (from the home screen): a new window whose first entry is that
    // page (a Playwright page starts with about:blank in its history), so no history and no back button.
    const [page] = await Promise.all([context.waitForEvent('page'), login.evaluate((url) => void window.open(url, '_blank', 'noopener'), siteUrl('datingstad', '/credits'))])
    await login.close()
    await page.waitForURL(/\/credits$/)
    await hydrated(page)
    await expect(page.getByRole('heading').first()).toBeVisible()
    expect(await page.evaluate(() => window.history.length)).toBe(1)
    await expect(page.getByTestId('back-button')).toHaveCount(0)
    // On to the search and a profile: the profile has the back button, the search never.
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    await expect(page.getByTestId('back-button')).toHaveCount(0)
    const href = await page.locator('a[href^="/members/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!).find((h) => /^\/members\/\d+$/.test(h)))
    expect(href).toBeTruthy()
    await page.goto(siteUrl('datingstad', href!))
    await hydrated(page)
    const back = page.getByTestId('back-button')
    await expect(back).toBeVisible()
    await expect(back).toHaveAccessibleName(/Terug/)
    await page.screenshot({ path: `artifacts/${info.project.name}-standalone-profile.png` })
    await back.click()
    await expect(page).toHaveURL(/\/members$/)
    // The credits page with history behind it.
    await page.goto(siteUrl('datingstad', '/credits'))
    await hydrated(page)
    await expect(page.getByTestId('back-button')).toBeVisible()
    await page.getByTestId('back-button').click()
    await expect(page).toHaveURL(/\/members$/)
  })

  test('in a browser tab there is no back button and the footer lists its links', async ({ page }) => {
    await entryWarningConfirmed(page)
    await page.goto(siteUrl('datingstad', '/login'))
    const status = await page.evaluate(
      async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'premium@datingstad.demo', password: 'demo-premium-123' }) })).status,
    )
    expect(status).toBe(200)
    await page.goto(siteUrl('datingstad', '/members'))
    await page.goto(siteUrl('datingstad', '/likes'))
    await hydrated(page)
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(page.getByTestId('back-button')).toHaveCount(0)
    await expect(page.getByTestId('footer-folded')).toHaveCount(0)
  })
})


// SPEC.md section 4: the entry warning for NL and DE visitors on the chat, lander and empty layouts and for the
// tenant's configured countries on the others (rijpedates: NL and DE of its NL and BE; flirtbelgie: BE). The
// visitor's country comes from GeoIP of the address, here sent as X-Forwarded-For (the server trusts 127.0.0.1).
// The header is set on the context, not the page: once the service worker controls a site, its navigations are the
// worker's fetches, which a page's extra headers do not reach (the visitor would arrive without a country).
const FROM = { NL: '145.100.0.1', BE: '193.190.0.1' }

test.describe('the entry warning per country and per layout', () => {
  const warning = async (page: Page, tenant: string, path: string, title = 'Alleen voor volwassenen') => {
    await page.goto(siteUrl(tenant, path))
    await hydrated(page)
    return page.getByRole('dialog').filter({ hasText: title })
  }

  test('a Dutch visitor: default and lander layouts of rijpedates, the chat layout of datingstad; shown once; not for a member', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': FROM.NL })
    await expect(await warning(page, 'rijpedates', '/')).toBeVisible()
    await expect(await warning(page, 'rijpedates', '/landers/gallery/milf')).toBeVisible()
    // On a brand that does not serve the Netherlands (euroflirt: its site counts the visitor as Danish and speaks
    // Danish to them), the lander still warns a visitor who is in the Netherlands.
    await expect(await warning(page, 'euroflirt', '/landers/tinderswipe', 'Kun for voksne')).toBeVisible()
    await expect(await warning(page, 'datingstad', '/chats')).toBeVisible()
    // Confirmed once, it stays away on every layout of that site.
    await page.getByTestId('entry-confirm').click()
    await expect(await warning(page, 'datingstad', '/landers/tinderswipe')).toHaveCount(0)
    await expect(await warning(page, 'datingstad', '/')).toHaveCount(0)
    // A member never sees it, confirmed or not.
    await page.evaluate(() => window.localStorage.clear())
    const status = await page.evaluate(
      async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'premium@datingstad.demo', password: 'demo-premium-123' }) })).status,
    )
    expect(status).toBe(200)
    await expect(await warning(page, 'datingstad', '/chats')).toHaveCount(0)
    await expect(await warning(page, 'datingstad', '/members')).toHaveCount(0)
  })

  test('a Belgian visitor: only where the tenant lists Belgium and never on the chat or lander layouts', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': FROM.BE })
    // rijpedates serves Belgium but warns NL and DE only.
    await expect(await warning(page, 'rijpedates', '/')).toHaveCount(0)
    await expect(await warning(page, 'rijpedates', '/landers/gallery/milf')).toHaveCount(0)
    // flirtbelgie lists BE: its default layout warns, its chat layout (NL and DE only) does not.
    await expect(await warning(page, 'flirtbelgie', '/')).toBeVisible()
    await expect(await warning(page, 'flirtbelgie', '/chats')).toHaveCount(0)
  })

  test("the empty layout (the test provider's checkout page): a Dutch visitor is warned, a Belgian one not", async ({ page, browser }) => {
    // A member of rijpedates (serves NL and BE) starts a payment; its checkout page, the one page of the empty layout,
    // is public (the provider's page, by payment id), so visitors can open it in their own browsers.
    await entryWarningConfirmed(page)
    await page.goto(siteUrl('rijpedates', '/login'))
    const checkoutUrl = await page.evaluate(async () => {
      const login = await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'free@rijpedates.demo', password: 'demo-free-123' }) })
      if (login.status !== 200) throw new Error(`login: ${login.status}`)
      const res = await fetch('/api/payment.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ bundle_id: 'starter', method: 'creditcard' }) })
      if (res.status !== 200) throw new Error(`payment: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { checkout_url: string }).checkout_url
    })
    const path = new URL(checkoutUrl, siteUrl('rijpedates')).pathname
    expect(path).toMatch(/^\/checkout\/test\//)
    for (const [country, shown] of [['NL', true], ['BE', false]] as const) {
      const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': FROM[country] }, locale: 'nl-NL' })
      try {
        const visitorPage = await visitor.newPage()
        const dialog = await warning(visitorPage, 'rijpedates', path)
        await expect(visitorPage.getByTestId('test-checkout-banner')).toBeVisible()
        if (shown) await expect(dialog, `a visitor from ${country}`).toBeVisible()
        else await expect(dialog, `a visitor from ${country}`).toHaveCount(0)
      } finally {
        await visitor.close()
      }
    }
  })
})

test('the push-notification alert for a member whose browser can receive push; dismissed with a timestamp; never on the notifications page', async ({ page }, info) => {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('datingstad', '/login'))
  await hydrated(page)
  const status = await page.evaluate(
    async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'premium@datingstad.demo', password: 'demo-premium-123' }) })).status,
  )
  expect(status).toBe(200)
  await page.goto(siteUrl('datingstad', '/notifications'))
  await hydrated(page)
  await expect(page.getByTestId('push-alert')).toHaveCount(0)
  await page.goto(siteUrl('datingstad', '/members'))
  await hydrated(page)
  const alert = page.getByTestId('push-alert')
  await expect(alert).toContainText('Zet pushmeldingen aan')
  await page.screenshot({ path: `artifacts/${info.project.name}-push-alert.png` })
  await alert.getByRole('button', { name: 'Verbergen' }).click()
  await expect(alert).toHaveCount(0)
  expect(await page.evaluate(() => window.localStorage.getItem('hide-push-notification-alert'))).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('push-alert')).toHaveCount(0)
})
