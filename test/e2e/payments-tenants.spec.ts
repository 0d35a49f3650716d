// Buying credits on every other demo tenant (datingstad is covered by payments.spec.ts): the tenant's own payment
// methods for its country (bancontact in Belgium), the test checkout, the result page with the credits and the
// premium state; flirtbelgie once in French. A second test shoots the money pages on mannenmatch and flirtbelgie (fr)
// for review. Each journey runs in one project only (phone and desktop alternate), so the demo accounts buy once.
import { test, expect, type Browser, type Page, type TestInfo } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { siteUrl, hydrated, watchConsole } from './helpers'

interface Journey {
  tenant: string
  project: 'phone' | 'desktop'
  locale: string
  email: string
  password: string
  /** The methods offered for the member's country, in the tenant's order. */
  methods: string[]
  method: string
  /** A language chosen in the locale dropdown (the member's stored language outranks the browser's). */
  choose?: string
  texts: { credits: string; choose: (credits: number) => string; paid: string; completed: string; checkoutBanner: string }
}

const NL_TEXTS = {
  credits: 'Credits kopen',
  choose: (n: number) => `Kies de bundel van ${n} credits`,
  paid: 'Betaald',
  completed: 'Betaling gelukt!',
  checkoutBanner: 'Testbetaling',
}
const FR_TEXTS = {
  credits: 'Acheter des crédits',
  choose: (n: number) => `Choisir le pack de ${n} crédits`,
  paid: 'Payé',
  completed: 'Paiement réussi !',
  checkoutBanner: 'Paiement test',
}

const JOURNEYS: Journey[] = [
  {
    tenant: 'flirtbelgie',
    project: 'phone',
    locale: 'nl-BE',
    email: 'free@flirtbelgie.demo',
    password: 'demo-free-123',
    methods: ['bancontact', 'creditcard', 'paypal', 'applepay', 'sdd'],
    method: 'bancontact',
    texts: NL_TEXTS,
  },
  {
    tenant: 'flirtbelgie',
    project: 'desktop',
    locale: 'fr-BE',
    email: 'premium@flirtbelgie.demo',
    password: 'demo-premium-123',
    methods: ['bancontact', 'creditcard', 'paypal', 'applepay', 'sdd'],
    method: 'bancontact',
    choose: 'fr',
    texts: FR_TEXTS,
  },
  {
    tenant: 'rijpedates',
    project: 'desktop',
    locale: 'nl-NL',
    email: 'free@rijpedates.demo',
    password: 'demo-free-123',
    methods: ['ideal', 'creditcard', 'paypal', 'applepay', 'sdd', 'sct'],
    method: 'ideal',
    texts: NL_TEXTS,
  },
  {
    tenant: 'mannenmatch',
    project: 'phone',
    locale: 'nl-NL',
    email: 'free@mannenmatch.demo',
    password: 'demo-free-123',
    methods: ['ideal', 'creditcard', 'paypal', 'applepay', 'sdd', 'sct'],
    method: 'creditcard',
    texts: NL_TEXTS,
  },
]

/** A logged-in member in a context of the project's device with the given browser language. */
async function member(browser: Browser, info: TestInfo, tenant: string, locale: string, email: string, password: string) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale })
  await context.addInitScript(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(siteUrl(tenant, '/login'))
  const answer = await page.evaluate(async (body) => {
    const res = await fetch('/api/user.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { user?: { id: number; credits: number } } }
  }, { email, password })
  const { user } = answer.body
  // A refused login names its status and answer.
  expect(user?.id, JSON.stringify(answer)).toBeGreaterThan(0)
  return { context, page, problems, user: user as { id: number; credits: number } }
}

async function balance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' } })
    const body = (await res.json()) as { user: { credits: number } }
    return body.user.credits
  })
}

for (const j of JOURNEYS) {
  test(`${j.tenant} (${j.locale}): buy a bundle with ${j.method} and land on the paid result`, async ({ browser }, info) => {
    test.skip(info.project.name !== j.project, `runs on ${j.project} only, so the demo account buys once`)
    test.setTimeout(60_000)
    const { page, context } = await member(browser, info, j.tenant, j.locale, j.email, j.password)
    const before = await balance(page)

    await page.goto(siteUrl(j.tenant, '/credits'))
    await hydrated(page)
    if (j.choose) {
      await page.getByLabel('Taal').selectOption(j.choose)
      await page.waitForLoadState('load')
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${j.choose}`))
      await hydrated(page)
    }
    await expect(page.getByRole('heading', { name: j.texts.credits, level: 1 })).toBeVisible()
    await expect(page.getByTestId('bundle')).toHaveCount(4)
    await expect(page.getByTestId('fictional-notice')).toBeVisible()
    await page.getByRole('link', { name: j.texts.choose(120) }).click()

    await page.waitForURL(/\/credits\/popular/)
    await hydrated(page)
    const offered = await page.getByTestId('methods').locator('[data-testid^="method-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(7)))
    expect(offered).toEqual(j.methods)
    await page.getByTestId(`method-${j.method}`).click()
    await expect(page.getByTestId(`method-${j.method}`).locator('input')).toBeChecked()
    await page.getByTestId('pay').click()

    await page.waitForURL(/\/checkout\/test\//)
    await hydrated(page)
    await expect(page.getByTestId('test-checkout-banner')).toContainText(j.texts.checkoutBanner)
    await page.getByRole('button', { name: new RegExp(`^${j.texts.paid}$`) }).click()
    await page.waitForURL(/\/transactions\/\d+/)
    await hydrated(page)
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 })
    await expect(page.getByRole('heading', { name: j.texts.completed })).toBeVisible()
    await expect(page.getByTestId('result-status')).toHaveText(j.texts.paid)
    expect(await balance(page)).toBe(before + 120)
    await expect(page.getByTestId('result-balance')).toContainText(String(before + 120))
    // Premium now: the navigation shows the credits instead of Get Premium.
    await expect(page.getByTestId('nav-credits')).toBeVisible()
    await expect(page.getByTestId('nav-premium')).toHaveCount(0)
    await page.screenshot({ path: `artifacts/${info.project.name}-payments-${j.tenant}-${j.locale}-result.png`, fullPage: true })
    if (j.choose) await page.evaluate(() => fetch('/api/user.php', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: JSON.stringify({ language: 'nl' }) }))
    await context.close()
  })
}

/** Test-checkout outcome labels per language, from the catalogues. */
function outcome(lng: string, o: 'paid' | 'failed'): RegExp {
  const catalogue = JSON.parse(fs.readFileSync(path.join('locales', lng, 'payments.json'), 'utf8')) as { test_checkout: { outcomes: Record<string, string> } }
  return new RegExp(`^${catalogue.test_checkout.outcomes[o]}$`)
}

async function checkout(page: Page, tenant: string, bundleAndMethod: string, lng: string, o: 'paid' | 'failed') {
  await page.goto(siteUrl(tenant, `/credits/${bundleAndMethod}`))
  await hydrated(page)
  await page.getByTestId('pay').click()
  await page.waitForURL(/\/checkout\/test\//)
  await hydrated(page)
  await page.getByRole('button', { name: outcome(lng, o) }).click()
  await page.waitForURL(/\/transactions\/\d+/)
  await hydrated(page)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', o, { timeout: 20_000 })
}

/** The page is no wider than the screen: long French and German words wrap instead of pushing it sideways. */
async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

const SHOTS = [
  { tenant: 'mannenmatch', lng: 'de', method: 'creditcard' },
  { tenant: 'flirtbelgie', lng: 'fr', method: 'bancontact' },
]

for (const s of SHOTS) {
  test(`the money pages on ${s.tenant} (${s.lng}): fictional warning, no sideways scroll, screenshots`, async ({ browser }, info) => {
    test.setTimeout(180_000)
    const { page, context, problems } = await member(browser, info, s.tenant, s.lng, `premium@${s.tenant}.demo`, 'demo-premium-123')
    // The language cookie of the locale dropdown, without changing the demo account's own language.
    await context.addCookies([{ name: 'lang', value: s.lng, url: siteUrl(s.tenant) }])
    const shot = async (name: string) => {
      await noSidewaysScroll(page)
      await page.screenshot({ path: `artifacts/${info.project.name}-money-${s.tenant}-${s.lng}-${name}.png`, fullPage: true })
    }

    for (const p of ['/credits', '/premium']) {
      await page.goto(siteUrl(s.tenant, p))
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('lang', s.lng)
      await expect(page.getByTestId('fictional-notice')).toBeVisible()
      await shot(p.slice(1))
    }
    await page.goto(siteUrl(s.tenant, `/credits/popular/${s.method}`))
    await hydrated(page)
    await expect(page.getByTestId(`method-${s.method}`).locator('input')).toBeChecked()
    await shot('pay')

    await checkout(page, s.tenant, `starter/${s.method}`, s.lng, 'paid')
    await checkout(page, s.tenant, `value/${s.method}`, s.lng, 'failed')
    await expect(page.getByTestId('retry-payment')).toBeVisible()
    await shot('failed')

    await page.goto(siteUrl(s.tenant, '/credits/repeat-order'))
    await hydrated(page)
    await expect(page.getByTestId('repeat-confirm')).toBeVisible()
    await shot('repeat-order')

    await page.goto(siteUrl(s.tenant, '/transactions'))
    await hydrated(page)
    await expect(page.getByTestId('transaction')).not.toHaveCount(0)
    await shot('transactions')
    expect(problems.filter((p) => !p.includes('favicon'))).toEqual([])
    await context.close()
  })
}
