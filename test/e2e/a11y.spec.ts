// Accessibility of the shell (issue 14): the modal keeps focus inside (the entry warning cannot be passed by Tab),
// and an axe-core sweep over every route of SPEC.md section 2, logged out and logged in, in both projects (phone
// 390x844 and desktop 1280x800), on every demo tenant's theme (each tenant in one project): one test per tenant
// (decision 040 and its second addendum).
// For runtime: three lanes walk at the same time (a visitor, the demo member, a member who signs up in the test);
// a lane's page loads its first route and reaches the next ones by client navigation (a link click, as a member
// would), so axe-core is injected once per document and the page does not boot again; each analysis is a full
// axe run (the WCAG 2.0/2.1 A and AA rules) of the page as it is.
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import { siteUrl, hydrated, entryWarningConfirmed } from './helpers'

/**
 * The demo tenants each project sweeps: every tenant's theme once, every route in both projects (decision 040,
 * second addendum: the whole sweep on every tenant in both projects was a third of the browser tests' time).
 */
const TENANTS: Record<string, string[]> = { phone: ['datingstad', 'flirtbelgie', 'mannenmatch'], desktop: ['euroflirt', 'rijpedates'] }
const PAGES_PER_LANE = 2
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** A path that no page claims: the error page (404). */
const NOT_FOUND = '/bestaat-niet/echt-niet'

/**
 * The routes of SPEC.md section 2 a visitor can open ({id} a member of the search; the landers with a slug where
 * they take one). The info pages by token (/terms) and by /pages/{token} are the same page with another address.
 */
const LOGGED_OUT = (id: string) => [
  '/', '/login', '/signup', '/signup-matches', '/reset-password', '/reset-password/do?token=abc', '/activate/done', '/activate/error',
  '/mail-change/do?token=abc', '/account-deleted', '/lang-config', '/pricing', '/complaints', '/members', `/members/${id}`,
  '/pages/ban', '/pages/cookies', '/pages/faq', '/pages/privacy', '/pages/return-policy', '/pages/service', '/pages/terms', '/terms',
  '/landers/alonetonight', '/landers/collagelanding/axe', '/landers/gallery', '/landers/iconslanding', '/landers/maplanding',
  '/landers/socialnetwork', '/landers/transitionsvideolanding', '/landers/video/axe', '/landers/tinderswipe',
  `/members/${id}/landing`, `/members/${id}/signup`, `/members/${id}/landing2`, `/members/${id}/landing3/axe`,
  // What a visitor sees of the member routes: the request to log in.
  '/chats', '/likes', '/credits', '/complete-signup', NOT_FOUND,
]
/** The routes of a member (the phone logs in the free demo member, the desktop the premium one). */
const LOGGED_IN = (id: string, bundle: string, method: string) => [
  '/members', `/members/${id}`, `/likes/m/${id}`, `/members/${id}/chat`, '/chats', '/likes', '/likes/given', '/likes/matches',
  '/match-finder', '/swipe-game', '/profile', '/settings', '/notifications', '/premium', '/pricing', '/credits', `/credits/${bundle}`,
  `/credits/${bundle}/${method}`, '/credits/repeat-order', '/directdebit', '/transactions', '/complaints', '/lang-config',
  '/pages/faq', '/pages/terms', NOT_FOUND,
]

interface Finding {
  tenant: string
  route: string
  rule: string
  impact: string
  targets: string[]
}
const describe = (f: Finding) => `${f.tenant} ${f.route}: ${f.rule} (${f.impact})${f.targets.length ? ` at ${f.targets.join(' | ')}` : ''}`

/** axe-core on the page as it is (injected once per document); only serious and critical violations count. */
async function analyse(page: Page, tenant: string, route: string): Promise<Finding[]> {
  // The page as it settles: entrance animations at their end. The sweep opens several pages per context, and a page
  // behind another may not run its animations at all, so a lander's 600 ms fade-in could still hold its text at low
  // opacity when axe measured the contrast (a CI run failed on rijpedates' alonetonight so). Looping animations stay.
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      try {
        if (a.effect?.getComputedTiming().iterations !== Infinity) a.finish()
      } catch {
        // An animation without an end (finish() refuses it): it stays as it is.
      }
    }
  })
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  // axe is in the page: the builder's own injection is a no-op.
  const result = await new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode(true).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ tenant, route, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
}

/** Requests in flight per page, to wait for the data a page loads after it rendered. */
const inFlight = new WeakMap<Page, { count: number; at: number }>()
function track(page: Page) {
  // A step that cannot happen fails the test with its reason instead of waiting for the test's timeout.
  page.setDefaultTimeout(30_000)
  page.setDefaultNavigationTimeout(60_000)
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

/**
 * Opens a route: a full load when the page shows none of the tenant's pages yet, else a client navigation (a click
 * on a link, which Vike's router takes). A route that answers an error (other than the 404 route) is a finding.
 */
async function open(page: Page, tenant: string, route: string): Promise<Finding[]> {
  const onSite = page.url().startsWith(siteUrl(tenant, '/')) && (await page.locator('html[data-hydrated="true"]').count()) > 0
  if (!onSite) {
    const status = (await page.goto(siteUrl(tenant, route)))?.status() ?? 0
    if (status >= 400 && !(route === NOT_FOUND && status === 404)) return [{ tenant, route, rule: `http-${status}`, impact: 'serious', targets: [] }]
  } else {
    await page.evaluate((href) => {
      const a = document.createElement('a')
      a.href = href
      document.body.append(a)
      a.click()
      a.remove()
    }, route)
    const arrived = await page
      .waitForFunction((r) => `${location.pathname}${location.search}` === r, route, { timeout: 30_000 })
      .then(() => true, () => false)
    if (!arrived) return [{ tenant, route, rule: 'not-arrived', impact: 'serious', targets: [new URL(page.url()).pathname] }]
  }
  await hydrated(page)
  await settled(page)
  if (route !== NOT_FOUND && (await page.getByTestId('error-status').count())) {
    return [{ tenant, route, rule: `error-page-${await page.getByTestId('error-status').textContent()}`, impact: 'serious', targets: [] }]
  }
  return []
}

async function check(page: Page, tenant: string, route: string): Promise<Finding[]> {
  const t0 = Date.now()
  const failed = await open(page, tenant, route)
  const t1 = Date.now()
  const found = failed.length ? failed : await analyse(page, tenant, route)
  // AXE_DEBUG=1 logs each route's time (decision 040, the sweep's runtime).
  if (process.env.AXE_DEBUG) console.log(`${tenant} ${route}: open ${t1 - t0} ms, axe ${Date.now() - t1} ms`)
  return found
}

/** Pages of one lane take the next route from the list until it is empty. */
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

async function openPages(context: BrowserContext, count: number, first?: Page): Promise<Page[]> {
  const pages = first ? [track(first)] : []
  while (pages.length < count) pages.push(track(await context.newPage()))
  return pages
}

type Search = { profiles: { id: number; fictional: boolean }[] }

/** A JSON call from the page (the page's cookies and host); answers the status and body. */
async function call<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u as string, { method: m as string, headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: b === undefined ? undefined : JSON.stringify(b) })
      return { status: res.status, body: await res.json().catch(() => null) }
    },
    [method, url, body] as const,
  ) as Promise<{ status: number; body: T }>
}

/**
 * The steps of /complete-signup (each analysed as it opens): the first choice of each chip group, the first value of
 * an empty select and a sentence for an empty text, so the step saves and the next one opens. Clicks are the
 * elements' own (no mouse): a pointer left over the next pages would analyse their hover colours by chance.
 */
async function completeSignupSteps(page: Page, tenant: string): Promise<Finding[]> {
  const findings = await open(page, tenant, '/complete-signup')
  if (findings.length) return findings
  for (let i = 0; ; i++) {
    const step = page.getByTestId(`step-${i}`)
    await step.waitFor({ timeout: 30_000 })
    await settled(page)
    findings.push(...(await analyse(page, tenant, `/complete-signup (step ${i})`)))
    for (const group of await step.locator('fieldset:has(input[type="radio"])').all()) {
      if (!(await group.locator('input:checked').count())) await group.locator('input').first().dispatchEvent('click')
    }
    for (const select of await step.locator('select').all()) {
      if (!(await select.inputValue()) && (await select.locator('option').count()) > 1) await select.selectOption({ index: 1 })
    }
    for (const text of await step.locator('textarea').all()) if (!(await text.inputValue())) await text.fill('Ik wandel graag en lees veel.')
    await step.getByRole('button').last().dispatchEvent('click')
    if (await page.getByTestId('step-complete').or(page.getByTestId(`step-${i + 1}`)).first().waitFor({ timeout: 30_000 }).then(() => page.getByTestId('step-complete').count())) break
  }
  await settled(page)
  findings.push(...(await analyse(page, tenant, '/complete-signup (complete)')))
  return findings
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

  for (const tenant of Object.values(TENANTS).flat()) {
    test(`axe: no serious or critical violation on the routes of ${tenant}, logged out and logged in`, async ({ page, context, browser, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale }, info) => {
      test.skip(!TENANTS[info.project.name]?.includes(tenant), `${tenant}'s theme is swept in the other project`)
      test.setTimeout(600_000)
      const device = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale }
      // The visitor's context (the test's own), the demo member's and a new member's, with the same device settings.
      await entryWarningConfirmed(page)
      const memberContext = await (browser as Browser).newContext(device)
      const newContext = await (browser as Browser).newContext(device)
      for (const c of [memberContext, newContext]) await c.addInitScript(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))
      try {
        const account = info.project.name === 'phone' ? 'free' : 'premium'
        const memberPage = track(await memberContext.newPage())
        await memberPage.goto(siteUrl(tenant, '/login'))
        expect((await call(memberPage, 'POST', '/api/user.php', { email: `${account}@${tenant}.demo`, password: `demo-${account}-123` })).status).toBe(200)
        // A profile to visit (the first of the search), a bundle and a payment method of the tenant.
        const search = await call<Search>(memberPage, 'GET', '/api/search.php')
        const profile = String(search.body.profiles[0].id)
        const credits = (await call<{ bundles: { id: string }[]; methods: string[] }>(memberPage, 'GET', '/api/credits.php')).body
        const bundle: string = credits.bundles[0].id
        const method: string = credits.methods[0]

        const visitor = async () => {
          const findings = await walk(await openPages(context, PAGES_PER_LANE, page), tenant, LOGGED_OUT(profile))
          if (!isMobile) {
            // On a desktop the landing page's call to action opens the signup modal instead of /signup.
            findings.push(...(await open(page, tenant, '/')))
            await page.getByTestId('cta').dispatchEvent('click')
            await page.getByRole('dialog').waitFor()
            findings.push(...(await analyse(page, tenant, '/ (signup modal)')))
          }
          // The entry warning itself, for a fresh visitor (where the tenant shows it to a visitor without a country).
          await page.evaluate(() => window.localStorage.removeItem('site-entry-warning'))
          await page.addInitScript(() => window.localStorage.removeItem('site-entry-warning'))
          await page.goto(siteUrl(tenant, '/login'))
          await hydrated(page)
          if (await page.getByRole('dialog').count()) findings.push(...(await analyse(page, tenant, '/login (entry warning)')))
          return findings
        }
        const member = async () => walk(await openPages(memberContext, PAGES_PER_LANE, memberPage), tenant, LOGGED_IN(profile, bundle, method))
        // A member who signs up now: the steps of completing the profile, a conversation and payment results.
        const newMember = async () => {
          const p = track(await newContext.newPage())
          await p.goto(siteUrl(tenant, '/login'))
          const email = `axe-${tenant}-${info.project.name}-${Date.now()}@example.nl`
          // With a traffic source: rijpedates takes signups only through a partner's link.
          const signup = await call(p, 'POST', '/api/signup.php', { email, name: 'Axel', password: 'lang-genoeg-1', date_of_birth: '1987-06-04', tracking: { network: 'axe-sweep' } })
          expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300)
          const findings = await completeSignupSteps(p, tenant)
          const fictional = (await call<Search>(p, 'GET', '/api/search.php')).body.profiles.find((m) => m.fictional)
          expect(fictional, 'a fictional profile in the search').toBeTruthy()
          const sent = await call<{ message: { conversation_id: number } }>(p, 'POST', `/api/message.php?member_id=${fictional!.id}`, { kind: 'text', client_id: `axe-${Date.now()}`, text: 'Hallo! Leuk profiel.' })
          expect(sent.status, JSON.stringify(sent.body)).toBe(201)
          const payments: { id: number; checkout: string }[] = []
          for (let i = 0; i < 3; i++) {
            const created = await call<{ payment_id: number; checkout_url: string }>(p, 'POST', '/api/payment.php', { bundle_id: bundle, method })
            expect(created.status, JSON.stringify(created.body)).toBeLessThan(300)
            payments.push({ id: created.body.payment_id, checkout: new URL(created.body.checkout_url, siteUrl(tenant)).pathname })
          }
          for (const [i, outcome] of (['paid', 'failed'] as const).entries()) {
            const chosen = await call(p, 'POST', '/api/test-checkout.php', { payment_id: payments[i].checkout.split('/').pop(), outcome })
            expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
          }
          const routes = [
            '/chats', `/chats/${sent.body.message.conversation_id}`, `/members/${fictional!.id}/chat`, `/likes/m/${fictional!.id}`,
            // Paid, failed, still open (processing), the test provider's checkout (the empty layout) and the list.
            ...payments.map((pay) => `/transactions/${pay.id}`), payments[2].checkout, '/transactions', '/credits/repeat-order',
          ]
          findings.push(...(await walk([p], tenant, routes)))
          return findings
        }
        const findings = (await Promise.all([visitor(), member(), newMember()])).flat()
        expect(findings.map(describe), `serious or critical axe violations:\n${findings.map(describe).join('\n')}`).toEqual([])
      } finally {
        await memberContext.close()
        await newContext.close()
      }
    })
  }
})
