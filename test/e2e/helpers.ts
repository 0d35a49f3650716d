import { expect, type Page, type ConsoleMessage } from '@playwright/test'

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
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** A visitor who confirmed the site-entry warning before (its timestamp is in local storage). */
export async function entryWarningConfirmed(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('site-entry-warning', '2026-01-01T00:00:00.000Z'))
}

/** Signs up a new member on /signup and waits for the way on to completing the profile. */
export async function signUp(page: Page, tenant: string, name: string, email: string) {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl(tenant, '/signup'))
  await hydrated(page)
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Profielnaam').fill(name)
  await page.getByLabel('Wachtwoord').fill('lang-genoeg-1')
  await page.getByLabel('Dag').selectOption('4')
  await page.getByLabel('Maand').selectOption('6')
  await page.getByLabel('Jaar').selectOption('1987')
  await page.getByRole('button', { name: 'Gratis aanmelden' }).click()
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
