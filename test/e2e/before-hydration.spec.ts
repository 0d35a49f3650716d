// A tap or a form sent before the page's JavaScript has arrived is neither lost nor sent natively (decision 041,
// addendum 3): pages hydrate after their first paint, and until then the inline loader holds submits and button
// clicks, starts loading at once, and replays the action once after hydration. A form without JavaScript never
// submits by GET (the password would end up in the address, the history and the server's logs).
import { expect, test, type Browser, type Page, type Request, type TestInfo } from '@playwright/test'
import { entryWarningConfirmed, hydrated, sendSignupForm, siteUrl, watchConsole } from './helpers'

/** Holds every script of the build until release() (the page stays as the server sent it: not hydrated). */
async function holdScripts(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Every request the page makes, for checking what went over the wire. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (r) => requests.push(r))
  return requests
}

test('login: Enter in the password field before hydration never puts the password in the address, and logs in once afterwards', async ({ page }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  const requests = recordRequests(page)
  const release = await holdScripts(page)
  // Not until "load": a script the loader adds before the load event (it is held here) would hold that event.
  await page.goto(siteUrl('datingstad', '/login'), { waitUntil: 'domcontentloaded' })
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  await page.getByLabel('E-mailadres').fill('premium@datingstad.demo')
  await page.getByLabel('Wachtwoord').fill('demo-premium-123')
  await page.getByLabel('Wachtwoord').press('Enter')
  // Still the page it was (no native navigation), and still not hydrated: the submit waits.
  await expect(page).toHaveURL(siteUrl('datingstad', '/login'))
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  release()
  await hydrated(page)
  // The held submit is replayed once: the member lands on the member pages.
  await page.waitForURL((url) => url.pathname !== '/login')
  expect(page.url()).not.toContain('demo-premium')
  expect(requests.filter((r) => r.url().includes('demo-premium'))).toEqual([])
  expect(requests.filter((r) => r.isNavigationRequest() && r.method() === 'GET' && new URL(r.url()).search.includes('password'))).toEqual([])
  expect(requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/user.php')).toHaveLength(1)
  expect(problems, info.project.name).toEqual([])
})

test('a button tapped before hydration acts once afterwards: the like of the swipe lander', async ({ page, browser }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  // The deck as a hydrated page shows it: the card after one like.
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const control = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })
  const other = await control.newPage()
  await entryWarningConfirmed(other)
  await other.goto(siteUrl('datingstad', '/landers/tinderswipe'))
  await hydrated(other)
  const deck = other.getByTestId('lander-swipe-card')
  const firstCard = await deck.getAttribute('data-member-id')
  await other.getByTestId('lander-swipe-like').click()
  await expect(deck).not.toHaveAttribute('data-member-id', firstCard!)
  const afterOneLike = await deck.getAttribute('data-member-id')
  await control.close()

  const release = await holdScripts(page)
  await page.goto(siteUrl('datingstad', '/landers/tinderswipe'), { waitUntil: 'domcontentloaded' })
  const card = page.getByTestId('lander-swipe-card')
  await expect(card).toHaveAttribute('data-member-id', firstCard!)
  await page.getByTestId('lander-swipe-like').click()
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  await expect(card).toHaveAttribute('data-member-id', firstCard!)
  release()
  await hydrated(page)
  // Replayed once: the card after one like, not the first (lost) nor the third (twice).
  await expect(card).toHaveAttribute('data-member-id', afterOneLike!)
  expect(problems).toEqual([])
})

test('signup: the form filled and sent before hydration signs up once, with what was typed', async ({ page }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  const requests = recordRequests(page)
  const release = await holdScripts(page)
  const email = `early-${info.project.name}-${Date.now()}@example.nl`
  await page.goto(siteUrl('datingstad', '/signup'), { waitUntil: 'domcontentloaded' })
  await sendSignupForm(page, { email, name: 'Vroege Vogel' })
  await expect(page).toHaveURL(siteUrl('datingstad', '/signup'))
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
  release()
  await page.waitForURL(/\/complete-signup\?api_signup_complete=1$/)
  await expect(page.getByRole('button', { name: /Vroege Vogel/ })).toBeVisible()
  expect(requests.filter((r) => r.url().includes('lang-genoeg') || r.url().includes(encodeURIComponent(email)))).toEqual([])
  expect(requests.filter((r) => r.method() === 'POST' && /\/api\/signup/.test(new URL(r.url()).pathname))).toHaveLength(1)
  expect(problems).toEqual([])
})

test('a form sent with no JavaScript at all posts to the page, which sends the browser back without the fields', async ({ browser }, info) => {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL', javaScriptEnabled: false })
  const page = await context.newPage()
  const requests = recordRequests(page)
  await page.goto(siteUrl('datingstad', '/login'))
  await page.getByLabel('E-mailadres').fill('premium@datingstad.demo')
  await page.getByLabel('Wachtwoord').fill('demo-premium-123')
  await page.getByLabel('Wachtwoord').press('Enter')
  await page.waitForLoadState('load')
  await expect(page).toHaveURL(siteUrl('datingstad', '/login'))
  await expect(page.getByLabel('Wachtwoord')).toBeVisible()
  const sent = requests.filter((r) => r.isNavigationRequest())
  expect(sent.map((r) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`)).toEqual(['GET /login', 'POST /login', 'GET /login'])
  await context.close()
})

/** A demo member logged in through the API in a context of the test's device. */
async function demoMember(browser: Browser, info: TestInfo, tenant: string, email: string, password: string) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })
  const page = await context.newPage()
  await page.goto(siteUrl(tenant, '/login'))
  const { user } = await page.evaluate(
    async (body) => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: JSON.stringify(body) })).json(),
    { email, password },
  )
  expect(user?.id).toBeGreaterThan(0)
  return { context, page, id: user.id as number }
}

test("a member's search paints before its scripts; after hydration a message sent meanwhile is caught up and the next arrives live", async ({ browser }, info) => {
  // euroflirt's demo pair: chat.spec.ts expects datingstad's and rijpedates' pairs to start without conversations
  // or unread messages, so this test leaves none there.
  const a = await demoMember(browser, info, 'euroflirt', 'premium@euroflirt.demo', 'demo-premium-123')
  const b = await demoMember(browser, info, 'euroflirt', 'free@euroflirt.demo', 'demo-free-123')
  const problems = watchConsole(b.page)
  const send = (text: string) =>
    a.page.evaluate(
      async ({ to, text }) => (await fetch(`/api/message.php?member_id=${to}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'text', client_id: `e2e-${Date.now()}`, text }) })).status,
      { to: b.id, text },
    )
  // B's unread total before (messages of other tests in this run may be unread).
  const before = (await b.page.evaluate(async () => (await (await fetch('/api/chats.php')).json()).unread_total)) as number
  const release = await holdScripts(b.page)
  const html = await (await b.page.goto(siteUrl('euroflirt', '/members'), { waitUntil: 'domcontentloaded' }))!.text()
  // The member's page as served: its scripts wait in the template; the first card photo is preloaded from the head.
  expect(html.replace(/<template id="hydration-scripts"[^>]*>[\s\S]*?<\/template>/, '')).not.toMatch(/<script[^>]*\ssrc=|rel="modulepreload"/)
  expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/)
  await expect(b.page.getByTestId('results')).toBeVisible()
  const unread = b.page.getByTestId('nav-messages')
  // A writes while B's page has no live client yet.
  expect(await send('Hallo, ben je er?')).toBe(201)
  release()
  await hydrated(b.page)
  await expect(unread).toHaveText(new RegExp(`^\\D+${before + 1}$`))
  // And the WebSocket is up: the next message arrives live.
  expect(await send('Nog een bericht')).toBe(201)
  await expect(unread).toHaveText(new RegExp(`^\\D+${before + 2}$`))
  expect(problems).toEqual([])
  await a.context.close()
  await b.context.close()
})

test("a visitor's landing page runs no script until they act: the entry warning is there at the first paint and its confirm works without JavaScript; a member's landing page hydrates by itself", async ({ page, browser }, info) => {
  const problems = watchConsole(page)
  const requests = recordRequests(page)
  await page.goto(siteUrl('datingstad', '/'))
  // The warning is open (modal: the page behind it is inert) while no script of the build has been requested to run.
  const dialog = page.getByRole('dialog', { name: 'Alleen voor volwassenen' })
  await expect(dialog).toBeVisible()
  await expect(page.locator('head link[rel="modulepreload"]').first()).toBeAttached()
  await page.waitForTimeout(1000)
  expect(await page.evaluate(() => ({ scripts: document.querySelectorAll('body > script[src]').length, hydrated: document.documentElement.dataset.hydrated ?? null }))).toEqual({ scripts: 0, hydrated: null })
  // Confirming closes it and remembers it, before any hydration (the tap starts the loading, not the closing).
  await page.getByTestId('entry-confirm').click()
  await expect(dialog).toBeHidden()
  expect(await page.evaluate(() => window.localStorage.getItem('site-entry-warning'))).not.toBeNull()
  await hydrated(page)
  // Once: not again on the next page.
  await page.goto(siteUrl('datingstad', '/landers/gallery/milf-amsterdam'))
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(requests.filter((r) => r.url().includes('/assets/') && r.url().endsWith('.js')).length).toBeGreaterThan(0)
  expect(problems).toEqual([])

  const member = await demoMember(browser, info, 'euroflirt', 'free@euroflirt.demo', 'demo-free-123')
  await member.page.goto(siteUrl('euroflirt', '/'))
  // No act at all: the member's page hydrates after its paint as every other page does.
  await member.page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await member.context.close()
})
