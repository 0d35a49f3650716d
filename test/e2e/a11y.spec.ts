// Accessibility of the shell (issue 14): the modal keeps focus inside (the entry warning cannot be passed by Tab),
// and an axe-core sweep over the routes below (SPEC.md section 2), logged out and logged in, on every demo tenant's
// theme, in both projects (phone 390x844 and desktop 1280x800): one test per tenant and project (decision 040).
// For runtime, a visitor's context and a member's context walk their routes at the same time, each with two pages
// taking the next route from a shared list; axe runs in the page itself (legacy mode: our pages have no
// cross-origin frames, so its blank page for combining frame results is not needed) with the same rules.
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { siteUrl, hydrated, entryWarningConfirmed } from './helpers'

const TENANTS = ['datingstad', 'euroflirt', 'flirtbelgie', 'mannenmatch', 'rijpedates']
const PAGES_PER_CONTEXT = 2
/** The routes of SPEC.md section 2 that the sweep covers (see decision 040 for the ones it does not yet). */
const LOGGED_OUT = ['/', '/login', '/signup', '/reset-password', '/pricing', '/pages/faq', '/complaints']
const LOGGED_IN = ['/members', '/likes', '/chats', '/match-finder', '/swipe-game', '/profile', '/notifications', '/settings', '/credits', '/premium']
/** A profile, as a member sees it. */
const MEMBER_PAGES = (id: string) => [`/members/${id}`]
/**
 * Visitor routes with fixed findings (the map's buttons in an image, contrast of the landers and member landings),
 * swept on one tenant per project to keep them fixed without the runtime of all tenants.
 */
const LANDER_ROUTES = (id: string) => ['/landers/maplanding', '/landers/socialnetwork', '/landers/video', `/members/${id}/landing`, `/members/${id}/signup`]
const LANDER_TENANT: Record<string, string> = { phone: 'rijpedates', desktop: 'mannenmatch' }

interface Finding {
  route: string
  id: string
  impact: string
  nodes: string[]
}

/** axe-core on the page as it is; only serious and critical violations count. */
async function sweep(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, id: v.id, impact: v.impact!, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
}

/** Requests in flight per page, to wait for the data a page loads after hydration. */
const inFlight = new WeakMap<Page, { count: number; at: number }>()
function track(page: Page) {
  const state = { count: 0, at: Date.now() }
  inFlight.set(page, state)
  page.on('request', () => {
    state.count++
    state.at = Date.now()
  })
  const done = () => {
    state.count = Math.max(0, state.count - 1)
    state.at = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return page
}

/** Until no request has been in flight for 150 ms (at most 2 s: a long poll never ends). */
async function settled(page: Page) {
  const state = inFlight.get(page)!
  const until = Date.now() + 2_000
  while (Date.now() < until && (state.count > 0 || Date.now() - state.at < 150)) await page.waitForTimeout(50)
}

/** Opens a route and sweeps it; a route that does not answer with its page is a finding too. */
async function check(page: Page, tenant: string, route: string): Promise<Finding[]> {
  const res = await page.goto(siteUrl(tenant, route))
  const status = res?.status() ?? 0
  if (status >= 400) return [{ route, id: `http-${status}`, impact: 'serious', nodes: [] }]
  await hydrated(page)
  await settled(page)
  return sweep(page, route)
}

/** Pages of one context take the next route from the list until it is empty. */
async function walk(pages: Page[], tenant: string, routes: string[]): Promise<Finding[]> {
  const queue = [...routes]
  const findings: Finding[] = []
  await Promise.all(
    pages.map(async (page) => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) findings.push(...(await check(page, tenant, route)))
    }),
  )
  return findings
}

async function openPages(context: BrowserContext, first?: Page): Promise<Page[]> {
  const pages = first ? [track(first)] : []
  while (pages.length < PAGES_PER_CONTEXT) pages.push(track(await context.newPage()))
  return pages
}

test.describe('accessibility', () => {
  test('the entry warning keeps focus inside: Tab never reaches the login form behind it, and Escape does not close it', async ({ page }) => {
    await page.goto(siteUrl('datingstad', '/login'))
    await hydrated(page)
    const dialog = page.getByRole('dialog', { name: 'Alleen voor volwassenen' })
    await expect(dialog).toBeVisible()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(() => {
        const active = document.activeElement
        return !active || active === document.body || Boolean(active.closest('dialog'))
      })
      expect(inside, `Tab ${i + 1} left the dialog`).toBe(true)
    }
    // The form behind the dialog is inert: it cannot be filled.
    await page.getByLabel('E-mailadres').evaluate((el: HTMLElement) => el.focus())
    await expect(page.getByLabel('E-mailadres')).not.toBeFocused()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /18/ }).click()
    await expect(dialog).toBeHidden()
    await page.getByLabel('E-mailadres').focus()
    await expect(page.getByLabel('E-mailadres')).toBeFocused()
  })

  for (const tenant of TENANTS) {
    test(`axe: no serious or critical violation on the routes of ${tenant}, logged out and logged in`, async ({ page, context, browser, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale }, info) => {
      test.setTimeout(240_000)
      // The visitor's context (the test's own) and the member's, with the same device settings.
      await entryWarningConfirmed(page)
      const memberContext = await (browser as Browser).newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale })
      await memberContext.addInitScript(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))
      try {
        const account = info.project.name === 'phone' ? 'free' : 'premium'
        const memberPage = await memberContext.newPage()
        await memberPage.goto(siteUrl(tenant, '/login'))
        const login = await memberPage.evaluate(
          async ([email, password]) => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
          [`${account}@${tenant}.demo`, `demo-${account}-123`],
        )
        expect(login).toBe(200)
        // A profile to visit: the first card of the search.
        await memberPage.goto(siteUrl(tenant, '/members'))
        await hydrated(memberPage)
        const profile = (await memberPage.locator('a[href^="/members/"]').first().getAttribute('href'))?.split('/')[2]
        expect(profile, 'a profile in the search').toMatch(/^\d+$/)

        const visitor = async () => {
          const routes = LANDER_TENANT[info.project.name] === tenant ? [...LOGGED_OUT, ...LANDER_ROUTES(profile!)] : LOGGED_OUT
          const findings = await walk(await openPages(context, page), tenant, routes)
          // The entry warning itself, for a fresh visitor (where the tenant shows it to a visitor without a country).
          await page.evaluate(() => window.localStorage.removeItem('site-entry-warning'))
          await page.addInitScript(() => window.localStorage.removeItem('site-entry-warning'))
          await page.goto(siteUrl(tenant, '/login'))
          await hydrated(page)
          if (await page.getByRole('dialog').count()) findings.push(...(await sweep(page, '/login (entry warning)')))
          return findings
        }
        const member = async () => {
          const pages = await openPages(memberContext, memberPage)
          const findings = await walk(pages, tenant, [...LOGGED_IN, ...MEMBER_PAGES(profile!)])
          return findings
        }
        const findings = (await Promise.all([visitor(), member()])).flat()
        expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
      } finally {
        await memberContext.close()
      }
    })
  }
})
