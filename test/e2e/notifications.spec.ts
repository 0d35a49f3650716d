import { test, expect } from '@playwright/test'
import { siteUrl, watchConsole, entryWarningConfirmed, hydrated } from './helpers'

test('a member switches e-mail notifications and invisible mode', async ({ page }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('rijpedates', '/login'))
  await hydrated(page)
  await page.getByLabel('E-mailadres').fill('premium@rijpedates.demo')
  await page.getByLabel('Wachtwoord').fill('demo-premium-123')
  await page.getByRole('button', { name: 'Inloggen' }).click()
  // The login page then loads /members, the home after login: going elsewhere before it arrives races that navigation.
  await page.waitForURL(/\/members$/)
  await expect(page.getByRole('link', { name: /Credits/ }).first()).toBeVisible()
  await page.goto(siteUrl('rijpedates', '/notifications'))
  await hydrated(page)
  const likes = page.getByLabel('Nieuwe likes')
  const wanted = !(await likes.isChecked())
  await likes.setChecked(wanted)
  await expect(page.getByTestId('notifications-saved')).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-notifications.png`, fullPage: true })
  await page.reload()
  await expect(page.getByLabel('Nieuwe likes')).toBeChecked({ checked: wanted })
  expect(problems).toEqual([])
})
