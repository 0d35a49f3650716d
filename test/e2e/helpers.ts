import type { Page, ConsoleMessage } from '@playwright/test'

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
