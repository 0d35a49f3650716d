// The client under failure (issue 14, SPEC.md sections 7 to 9): the HTTP client's retries for a safe request, the
// silent logout on 403 authentication_required, and the chunk-reload guard after a deploy removed a chunk.
import { test, expect, type Page } from '@playwright/test'
import { siteUrl, hydrated, entryWarningConfirmed, watchConsole } from './helpers'

/** Logs in a demo member of datingstad through the API (the session cookie lands in the page's context). */
async function logIn(page: Page) {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('datingstad', '/login'))
  const status = await page.evaluate(
    async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'free@datingstad.demo', password: 'demo-free-123' }) })).status,
  )
  expect(status).toBe(200)
}

test.describe('the client under failure', () => {
  test('a safe request is retried: the server fails twice and then answers', async ({ page }) => {
    await logIn(page)
    const answers: number[] = []
    let calls = 0
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/likes.php') answers.push(res.status())
    })
    // The new-likes badge loads GET /api/likes.php after hydration.
    await page.route('**/api/likes.php', async (route) => {
      calls++
      if (calls <= 2) return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' })
      return route.continue()
    })
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    await expect.poll(() => answers, { timeout: 15_000 }).toEqual([503, 503, 200])
  })

  test('403 authentication_required logs the member out silently and leads to the login with the way back', async ({ page }) => {
    const problems = watchConsole(page)
    await logIn(page)
    // The session ends on the server (expired, logged out elsewhere) while the page is open: the next call answers
    // 403 authentication_required.
    await page.route('**/api/likes.php', async (route) => {
      await page.context().clearCookies()
      return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'authentication_required', message: 'Log in', authentication_required: true }) })
    })
    await page.goto(siteUrl('datingstad', '/members'))
    await page.waitForURL(/\/login\?next=%2Fmembers$/)
    await hydrated(page)
    await expect(page.getByLabel('E-mailadres')).toBeVisible()
    // Silent: no uncaught error of the aborted request (the 403 itself is logged by Chromium as a failed resource).
    expect(problems.filter((p) => p.startsWith('pageerror') || /SilentAbort|authentication_required/.test(p))).toEqual([])
  })

  test('a chunk removed by a deploy makes the page reload once, and not again within 60 s', async ({ page }) => {
    await logIn(page)
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    const before = loads
    // The live client's chunk (loaded by import() on members' pages): the one that speaks to /api/ws.
    const findChunk = () =>
      page.evaluate(async () => {
        const urls = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('/assets/chunks/') && u.endsWith('.js'))
        for (const url of urls) if ((await (await fetch(url)).text()).includes('/api/ws')) return new URL(url).pathname
        return null
      })
    await expect.poll(findChunk, { timeout: 15_000 }).toBeTruthy()
    const chunk = await findChunk()
    // "Deploy": from now on that chunk is gone.
    await page.route(`**${chunk}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }))
    // A fresh document that needs the chunk: the first failure reloads, the second (within 60 s) does not.
    await page.evaluate(() => window.sessionStorage.removeItem('chunk-reload-at'))
    await page.reload()
    await expect.poll(() => loads - before, { timeout: 20_000 }).toBe(2)
    const at = Number(await page.evaluate(() => window.sessionStorage.getItem('chunk-reload-at')))
    expect(Date.now() - at).toBeLessThan(60_000)
    await page.waitForTimeout(3_000)
    expect(loads - before).toBe(2)
  })

  test('a page chunk removed by a deploy: the client navigation to that page reloads once, and not again within 60 s', async ({ page }) => {
    await logIn(page)
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    await page.evaluate(() => window.sessionStorage.removeItem('chunk-reload-at'))
    // "Deploy": the likes page's chunk is gone; the members page already loaded its own.
    const misses: number[] = []
    await page.route('**/assets/entries/pages_likes-list.*.js', (route) => {
      misses.push(loads)
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })
    })
    let before = loads
    // Through Vike's client router: a click on the navigation's link, in the hydrated members page.
    await page.getByTestId('nav-likes').first().click()
    await expect.poll(() => loads - before, { timeout: 20_000 }).toBe(1)
    // The chunk was asked for by the client router of the members page (before any reload).
    expect(misses[0]).toBe(before)
    const at = Number(await page.evaluate(() => window.sessionStorage.getItem('chunk-reload-at')))
    expect(Date.now() - at).toBeLessThan(60_000)
    await page.waitForTimeout(3_000)
    expect(loads - before).toBe(1)

    // Within the 60 s, the same failure on the next client navigation does not reload again.
    await page.goto(siteUrl('datingstad', '/members'))
    await hydrated(page)
    before = loads
    const missesBefore = misses.length
    await page.getByTestId('nav-likes').first().click()
    await expect.poll(() => misses.length, { timeout: 10_000 }).toBeGreaterThan(missesBefore)
    await page.waitForTimeout(3_000)
    expect(loads - before).toBe(0)
    expect(Number(await page.evaluate(() => window.sessionStorage.getItem('chunk-reload-at')))).toBe(at)
  })
})
