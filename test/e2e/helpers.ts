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

/** Confirms the site-entry warning when it shows, as a visitor would. */
export async function passEntryWarning(page: Page) {
  const confirm = page.getByTestId('entry-confirm')
  if (await confirm.isVisible().catch(() => false)) await confirm.click()
}
