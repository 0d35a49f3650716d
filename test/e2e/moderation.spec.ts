// Moderation in the browser, desktop and phone (issue 13, decision 037 addendum): an admin creates a moderator in
// the console; the moderator approves a member's photo and then the member's profile text, and the member's tab,
// left open on /profile, shows each verdict live (no reload): the review tag leaves the photo, the text's review
// note turns into "approved", and another member then sees the text on the profile.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { activationLink, consoleLogin, createStaff, hydrated, signUp, siteUrl, STAFF_PASSWORD, watchConsole } from './helpers'


test('an admin creates a moderator, who approves a photo and a profile text; the owner sees both live', async ({ page, browser }, info) => {
  const project = info.project.name
  const problems = watchConsole(page)

  // The member, with the own profile left open in a tab (its live socket connected).
  const member = `gekeurd-${project}-${Date.now()}@example.com`
  await signUp(page, 'datingstad', 'Marit', member)
  // A confirmed member: others see the profile (and, once approved, its text).
  await page.goto(await activationLink(page, member))
  await expect(page.getByTestId('activate-done')).toBeVisible()
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'))
  await page.goto(siteUrl('datingstad', '/profile'))
  await hydrated(page)
  await socket
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#aa6633' } }).jpeg().toBuffer()
  await page.getByTestId('photo-input').setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: image })
  await expect(page.getByTestId('own-photo')).toHaveCount(1)
  await expect(page.getByTestId('own-photo')).toContainText('Foto wordt gekeurd')
  const about = `Ik zeil graag op het IJsselmeer (${project}).`
  const aboutSection = page.getByTestId('section-about')
  await aboutSection.getByLabel('Over mij').fill(about)
  await aboutSection.getByRole('button', { name: 'Opslaan' }).click()
  await expect(page.getByTestId('text-review')).toHaveText('Tekst wordt gekeurd. Anderen zien je teksten zodra ze zijn goedgekeurd.')

  // An admin makes a moderator in the console.
  const adminEmail = await createStaff('admin', `mod-${project}`)
  const admin = await consoleLogin(browser, info, adminEmail, '/admin/staff')
  const moderatorEmail = `moderator-keurt-${project}-${Date.now()}@staf.example`
  await admin.getByLabel('E-mailadres').fill(moderatorEmail)
  await admin.getByLabel('Wachtwoord (minstens 12 tekens)').fill(STAFF_PASSWORD)
  await admin.getByLabel('Rol').selectOption('moderator')
  await admin.getByLabel('Site').selectOption('datingstad')
  await admin.getByRole('button', { name: 'Medewerker aanmaken' }).click()
  await expect(admin.getByRole('status')).toHaveText(`${moderatorEmail} is aangemaakt als Moderator.`)

  // The moderator approves the photo; the member's tab follows without a reload.
  const moderator = await consoleLogin(browser, info, moderatorEmail, '/admin/photos')
  const staffProblems = watchConsole(moderator)
  const photo = moderator.getByTestId('pending-photo').filter({ hasText: member })
  await expect(photo).toHaveCount(1)
  await photo.getByRole('button', { name: 'Goedkeuren' }).click()
  await expect(photo).toHaveCount(0)
  await expect(page.getByTestId('photo-verdict')).toHaveText('Je foto is goedgekeurd en staat op je profiel.')
  await expect(page.getByTestId('own-photo')).not.toContainText('Foto wordt gekeurd')

  // The profile texts: the moderator's queue shows the text, approving it reaches the member's tab live.
  await moderator.getByRole('link', { name: 'Teksten' }).click()
  await expect(moderator).toHaveURL(siteUrl('datingstad', '/admin/texts'))
  const text = moderator.getByTestId('pending-text').filter({ hasText: member })
  await expect(text).toContainText(about)
  await moderator.screenshot({ path: info.outputPath(`moderation-texts-${project}.png`), fullPage: true })
  await text.getByRole('button', { name: 'Goedkeuren' }).click()
  await expect(text).toHaveCount(0)
  await expect(page.getByTestId('text-review')).toHaveText('Je tekst is goedgekeurd en staat op je profiel.')
  await page.screenshot({ path: info.outputPath(`moderation-owner-${project}.png`), fullPage: true })

  // Another member now sees the approved text on the profile.
  const ownerId = await page.evaluate(async () => (await (await fetch('/api/user.php', { headers: { Accept: 'application/json' } })).json()).user.id as number)
  const other = await (await browser.newContext()).newPage()
  await signUp(other, 'datingstad', 'Kijker', `kijker-${project}-${Date.now()}@example.com`)
  const notes = await other.evaluate(async (id) => (await (await fetch(`/api/member.php?id=${id}`, { headers: { Accept: 'application/json' } })).json()).profile.notes, ownerId)
  expect(notes.about).toBe(about)

  expect(problems).toEqual([])
  expect(staffProblems).toEqual([])
})
