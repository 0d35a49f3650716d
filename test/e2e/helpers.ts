import { expect, type Browser, type Locator, type Page, type ConsoleMessage, type TestInfo } from '@playwright/test'
import { commandSocketPath, sendCommand } from '../../src/server/command-socket.server'
import type { StaffRole } from '../../src/shared/staff-policy'

export const PORT = Number(process.env.E2E_PORT ?? 3123)
export const siteUrl = (tenant: string, p = '/') => `http://${tenant}.localhost:${PORT}${p}`

/** Collects console errors and warnings (hydration mismatches show up there). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  return problems
}

/** Waits until React has hydrated the page (before that, links act as plain links). */
export async function hydrated(page: Page) {
  // A visitor's landing page or lander runs its JavaScript once the visitor acts (decision 052): a press of Shift,
  // which nothing on any page answers, is that act here, as a pointer move or a touch is for a person.
  await page.keyboard.press('Shift')
  // After a client navigation, also the new page committed (the address changes before it renders).
  await page.locator('html[data-hydrated="true"]:not([data-navigating])').waitFor({ state: 'attached' })
}

/** A visitor who confirmed the site-entry warning before (its timestamp is in local storage). */
export async function entryWarningConfirmed(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))
}

/**
 * Fills the signup form in `scope` (the page, or the signup modal) with a valid password and birth date (4 June
 * 1987 unless given) and sends it with "Gratis aanmelden". Waits for nothing: each caller knows what follows.
 */
export async function sendSignupForm(scope: Page | Locator, form: { email: string; name: string; born?: { day: string; month: string; year: string } }) {
  const born = form.born ?? { day: '4', month: '6', year: '1987' }
  await scope.getByLabel('E-mailadres').fill(form.email)
  await scope.getByLabel('Profielnaam').fill(form.name)
  await scope.getByLabel('Wachtwoord').fill('lang-genoeg-1')
  await scope.getByLabel('Dag').selectOption(born.day)
  await scope.getByLabel('Maand').selectOption(born.month)
  await scope.getByLabel('Jaar').selectOption(born.year)
  await scope.getByRole('button', { name: 'Gratis aanmelden' }).click()
}

/** Signs up a new member on /signup and waits for the way on to completing the profile. */
export async function signUp(page: Page, tenant: string, name: string, email: string) {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl(tenant, '/signup'))
  await hydrated(page)
  await sendSignupForm(page, { email, name })
  // A full navigation: wait for it before going elsewhere.
  await page.waitForURL(/\/complete-signup\?api_signup_complete=1$/)
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible()
}

/** The activation link of the confirmation mail to `to` (the dev mailbox), for journeys that need a confirmed account. */
export async function activationLink(page: Page, to: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const { mails } = (await page.evaluate(async (url) => (await fetch(url)).json(), `/dev/mail.json?to=${encodeURIComponent(to)}`)) as { mails: { subject: string; text: string }[] }
    const mail = mails.find((m) => m.subject.startsWith('Bevestig je e-mailadres'))
    if (mail) return /(http:\/\/\S+)/.exec(mail.text)![1]
    await page.waitForTimeout(500)
  }
  throw new Error(`no activation mail to ${to}`)
}

/** The password of every staff account the journeys make. */
export const STAFF_PASSWORD = 'a long staff password'

/** A staff account made through the running server's command socket (what npm run staff:create does); its e-mail. */
export async function createStaff(role: StaffRole, label: string, tenant = 'datingstad'): Promise<string> {
  const email = `${role}-${label}-${Date.now()}@staf.example`
  const answer = await sendCommand(commandSocketPath(process.env.E2E_DATA_DIR!), { command: 'staff:create', tenant, email, password: STAFF_PASSWORD, role })
  expect(answer).toMatchObject({ ok: true })
  return email
}

/**
 * A staff member logged in to the console at `path`, in a browser context of the test's own device (the phone
 * project's viewport, touch and user agent: a context made with `browser.newContext()` alone would be a desktop).
 */
export async function consoleLogin(browser: Browser, info: TestInfo, email: string, path = '/admin', tenant = 'datingstad'): Promise<Page> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const page = await (await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })).newPage()
  await entryWarningConfirmed(page)
  await page.goto(siteUrl(tenant, path))
  await hydrated(page)
  const form = page.locator('form').filter({ has: page.getByLabel('Wachtwoord') })
  await form.getByLabel('E-mailadres').fill(email)
  await form.getByLabel('Wachtwoord').fill(STAFF_PASSWORD)
  await form.getByRole('button', { name: 'Inloggen' }).click()
  await expect(page.getByTestId('staff-who')).toContainText(email)
  return page
}
