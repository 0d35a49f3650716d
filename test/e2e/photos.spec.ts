import { test, expect } from '@playwright/test'
import sharp from 'sharp'
import { siteUrl, watchConsole, hydrated, signUp, activationLink } from './helpers'

test('a member uploads a photo that shows as under review', async ({ page }, info) => {
  const problems = watchConsole(page)
  const email = `foto-${info.project.name}-${Date.now()}@example.nl`
  await signUp(page, 'mannenmatch', 'Fotograaf', email)
  // One banner at a time: the reminder to confirm the e-mail address comes before the photo alert.
  await page.goto(siteUrl('mannenmatch', '/members'))
  await hydrated(page)
  await expect(page.getByTestId('activation-reminder')).toBeVisible()
  await expect(page.getByTestId('photo-alert')).toBeHidden()
  await page.goto(await activationLink(page, email))
  await expect(page.getByTestId('activate-done')).toBeVisible()
  await page.goto(siteUrl('mannenmatch', '/'))
  await hydrated(page)
  // No main image yet: the profile-photo alert leads to the profile.
  await page.getByTestId('photo-alert').getByRole('link').click()
  await expect(page).toHaveURL(/\/profile$/)
  await hydrated(page)
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#3366aa' } }).jpeg().toBuffer()
  await page.getByTestId('photo-input').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: image })
  await expect(page.getByTestId('own-photo')).toHaveCount(1)
  await expect(page.getByTestId('own-photo')).toContainText('Foto wordt gekeurd')
  await page.screenshot({ path: `artifacts/${info.project.name}-profile-photos.png`, fullPage: true })
  await page.goto(siteUrl('mannenmatch', '/'))
  await hydrated(page)
  await expect(page.getByTestId('photo-alert')).toHaveCount(0)
  expect(problems.filter((p) => !/40[0-9]/.test(p))).toEqual([])
})
