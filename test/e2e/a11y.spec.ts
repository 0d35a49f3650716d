// Accessibility of the shell (issue 14): the modal keeps focus inside (the entry warning cannot be passed by Tab),
// and an axe-core sweep over the main routes of SPEC.md section 2, logged out and logged in, on every demo tenant's
// theme, in both projects (phone 390x844 and desktop 1280x800). One page per tenant walks its routes. To keep the
// sweep's runtime modest, every route is checked on one tenant per project (datingstad on phones, mannenmatch on
// desktops: the structure, labels and alternatives are the same on every brand), and on the other tenants the pages
// that carry the brand's colours most (landing, login, search, a profile, credits), for the theme's contrast.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { siteUrl, hydrated, entryWarningConfirmed } from './helpers'

const TENANTS = ['datingstad', 'flirtbelgie', 'rijpedates', 'mannenmatch']
const FULL_ON: Record<string, string> = { phone: 'datingstad', desktop: 'mannenmatch' }
const LOGGED_OUT = ['/', '/login', '/signup', '/reset-password', '/pricing', '/pages/faq', '/complaints']
const LOGGED_IN = ['/members', '/likes', '/chats', '/match-finder', '/swipe-game', '/profile', '/notifications', '/settings', '/credits', '/premium']
const THEME_LOGGED_OUT = ['/', '/login']
const THEME_LOGGED_IN = ['/members', '/credits']

interface Finding {
  route: string
  id: string
  impact: string
  nodes: string[]
}

/** axe-core on the page as it is; only serious and critical violations count. */
async function sweep(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, id: v.id, impact: v.impact!, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
}

async function visit(page: Page, tenant: string, route: string) {
  await page.goto(siteUrl(tenant, route))
  await hydrated(page)
  // Data loaded after hydration (lists, counters) is part of what is checked: wait for the page's own requests.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined)
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
    test(`axe: no serious or critical violation on ${tenant}, logged out and logged in`, async ({ page }, info) => {
      test.setTimeout(180_000)
      const findings: Finding[] = []
      const full = FULL_ON[info.project.name] === tenant
      await entryWarningConfirmed(page)
      for (const route of full ? LOGGED_OUT : THEME_LOGGED_OUT) {
        await visit(page, tenant, route)
        findings.push(...(await sweep(page, route)))
      }
      // The entry warning itself (a fresh visitor).
      await page.evaluate(() => window.localStorage.removeItem('site-entry-warning'))
      await visit(page, tenant, '/login')
      if (await page.getByRole('dialog').count()) findings.push(...(await sweep(page, '/login (entry warning)')))
      await page.evaluate(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))

      const account = info.project.name === 'phone' ? 'free' : 'premium'
      const login = await page.evaluate(
        async ([email, password]) => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
        [`${account}@${tenant}.demo`, `demo-${account}-123`],
      )
      expect(login).toBe(200)
      for (const route of full ? LOGGED_IN : THEME_LOGGED_IN) {
        await visit(page, tenant, route)
        findings.push(...(await sweep(page, route)))
      }
      // A member's profile: the first card of the search.
      await visit(page, tenant, '/members')
      const profile = await page.locator('a[href^="/members/"]').first().getAttribute('href')
      if (profile) {
        await visit(page, tenant, profile)
        findings.push(...(await sweep(page, profile)))
      }
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
    })
  }
})
