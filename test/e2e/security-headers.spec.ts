// The pages pass their Content-Security-Policy with no violation (landing, login, member search, a chat with
// the GIF picker), and answer with the security headers.
import { test, expect, type Page } from '@playwright/test'
import { siteUrl, hydrated, entryWarningConfirmed } from './helpers'

const TENANT: Record<string, string> = { phone: 'flirtbelgie', desktop: 'mannenmatch' }

/** Collects every CSP violation: the page's securitypolicyviolation events and Chromium's "Refused to" messages. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`)
  })
  return violations
}

test('the pages run under the strict CSP without a single violation', async ({ page }, info) => {
  test.setTimeout(240_000)
  const tenant = TENANT[info.project.name] ?? 'flirtbelgie'
  const violations = await watchCsp(page)
  await entryWarningConfirmed(page)

  const landing = await page.goto(siteUrl(tenant, '/'))
  const headers = landing!.headers()
  const csp = headers['content-security-policy']
  expect(csp).toMatch(/script-src 'self' 'nonce-[\w-]+'(;|$)/)
  expect(csp).toMatch(/frame-ancestors 'none'/)
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  await hydrated(page)
  await page.screenshot({ path: `artifacts/${info.project.name}-csp-landing.png` })

  await page.goto(siteUrl(tenant, '/login'))
  await hydrated(page)
  await page.getByLabel('E-mailadres').fill(`premium@${tenant}.demo`)
  await page.getByLabel('Wachtwoord').fill('demo-premium-123')
  await page.getByLabel('Wachtwoord').press('Enter')
  await page.waitForURL(/\/members/)
  await hydrated(page)
  // The search's avatars and photos load.
  const firstMember = page.locator('a[href^="/members/"]').first()
  await expect(firstMember).toBeVisible()
  await page.mouse.wheel(0, 2000)
  await page.waitForTimeout(500)
  await page.screenshot({ path: `artifacts/${info.project.name}-csp-members.png` })
  const id = /\/members\/(\d+)/.exec((await firstMember.getAttribute('href')) ?? '')![1]

  // A chat: the live socket opens, the GIF picker shows its images, client navigation adds Emotion styles.
  await page.goto(siteUrl(tenant, `/members/${id}/chat`))
  await hydrated(page)
  await expect(page.getByTestId('conversation')).toBeVisible()
  if (await page.getByTestId('icebreakers').isVisible()) await page.getByRole('button', { name: 'Ik schrijf zelf iets' }).click()
  await page.getByRole('button', { name: 'GIF sturen' }).click()
  await expect(page.getByTestId('gif-picker').getByRole('button').first()).toBeVisible()
  await page.waitForTimeout(500)
  await page.screenshot({ path: `artifacts/${info.project.name}-csp-chat.png` })
  await page.getByTestId('modal-close').click()
  await page.goto(siteUrl(tenant, '/chats'))
  await hydrated(page)
  await page.waitForTimeout(500)

  expect(violations).toEqual([])
})
