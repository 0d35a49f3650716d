// The console's payments and tenants (/admin/payments, /admin/tenants; decision 037 addendum) in the browser,
// desktop and phone: a member buys credits with the test provider, an admin finds the payment and refunds it (the
// member's credits go back to 0, the row reads Terugbetaald); the tenants view lists every brand with its state; a
// chat operator who opens /admin lands on /admin/chats.
import { expect, test, type Page } from '@playwright/test'
import { consoleLogin, createStaff, signUp, siteUrl, STAFF_PASSWORD, watchConsole } from './helpers'



const api = (page: Page, url: string, body?: object) =>
  page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u as string, b ? { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(b) } : { headers: { Accept: 'application/json' } })
      return res.json()
    },
    [url, body] as const,
  )

test('an admin refunds a member\'s paid purchase; the credits go back through the ledger', async ({ page, browser }, info) => {
  const email = `koper-${info.project.name}-${Date.now()}@example.com`
  await signUp(page, 'datingstad', 'Koos', email)
  // What the member had before (the signup bonus): the refund takes the 120 bought credits, not these.
  const before = (await api(page, '/api/credits.php')).balance as number
  const created = await api(page, '/api/payment.php', { bundle_id: 'popular', method: 'ideal' })
  const providerId = String(created.checkout_url).split('/').pop()
  await api(page, '/api/test-checkout.php', { payment_id: providerId, outcome: 'paid' })
  await expect.poll(async () => (await api(page, `/api/payment.php?id=${created.payment_id}`)).status, { timeout: 20_000 }).toBe('paid')

  const staff = await consoleLogin(browser, info, await createStaff('admin', info.project.name), '/admin/payments')
  const problems = watchConsole(staff)
  await staff.getByLabel('Zoek op e-mailadres, lid-id of betaling-id').fill(email)
  await staff.getByRole('button', { name: 'Zoeken' }).click()
  const row = staff.getByTestId('payment-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Betaald')
  // A part first: 10,00 of 27,50 takes 44 of the 120 credits (the refunded share, rounded up).
  await row.getByRole('button', { name: 'Terugbetalen' }).click()
  const form = staff.getByTestId('refund-form')
  await form.getByLabel('Bedrag (leeg: alles wat over is)').fill('10,00')
  await form.getByLabel('Reden van de terugbetaling').fill('deels niet geleverd, test')
  await form.getByRole('button', { name: 'Terugbetalen' }).click()
  await expect(staff.getByRole('status')).toHaveText('Terugbetaald. 44 credits afgeschreven.')
  await expect(row).toContainText(/€\s10,00 terugbetaald/)
  await expect(row).toContainText('Betaald')
  expect((await api(page, `/api/payment.php?id=${created.payment_id}`)).balance).toBe(before + 76)
  // More than is left: the field says how much is left; nothing is refunded.
  await row.getByRole('button', { name: 'Terugbetalen' }).click()
  await form.getByLabel('Bedrag (leeg: alles wat over is)').fill('20')
  await form.getByLabel('Reden van de terugbetaling').fill('te veel, test')
  await form.getByRole('button', { name: 'Terugbetalen' }).click()
  await expect(form.getByRole('alert')).toHaveText(/^Hoogstens €\s17,50: meer is er van deze betaling niet over\.$/)
  await staff.screenshot({ path: info.outputPath(`console-refund-field-${info.project.name}.png`), fullPage: true })
  // The rest: the amount left empty.
  await form.getByLabel('Bedrag (leeg: alles wat over is)').fill('')
  await form.getByLabel('Reden van de terugbetaling').fill('de rest, test')
  await form.getByRole('button', { name: 'Terugbetalen' }).click()
  await expect(staff.getByRole('status')).toHaveText('Terugbetaald. 76 credits afgeschreven.')
  await expect(row).toContainText('Terugbetaald')
  await staff.screenshot({ path: info.outputPath(`console-payments-${info.project.name}.png`), fullPage: true })
  expect((await api(page, `/api/payment.php?id=${created.payment_id}`)).balance).toBe(before)

  await staff.goto(siteUrl('datingstad', '/admin/tenants'))
  await expect(staff.getByTestId('tenant-row').filter({ hasText: 'mannenmatch.nl' })).toContainText('Live')
  // One brand read-only: the contrast of its theme pair by pair, its landers, its settings as settings.php gives them.
  await staff.getByTestId('tenant-row').filter({ hasText: 'datingstad.nl' }).getByTestId('tenant-details').click()
  const detail = staff.getByTestId('tenant-detail')
  await expect(detail.getByTestId('contrast-row').first()).toBeVisible()
  const pairs = await detail.getByTestId('contrast-row').count()
  expect(pairs).toBeGreaterThan(10)
  await expect(detail.getByTestId('contrast-summary')).toHaveText(`${pairs} van ${pairs} combinaties voldoen.`)
  await expect(detail.getByTestId('contrast-row').filter({ hasText: 'Tekst op de primaire kleur' })).toContainText(/\d+,\d\d:1\s*✓ Voldoet/)
  await expect(detail.getByTestId('tenant-settings')).toContainText('Datingstad')
  // Long settings (countries, packages, landers…) are folded to one line, so the page stays a page to scan.
  expect(await staff.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(9000)
  // …and the brand's details fit a phone's width: only the wide contrast table scrolls, inside its own box.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(staff.viewportSize()!.width)
  const folded = detail.getByTestId('tenant-settings').getByTestId('setting-folded').first()
  await expect(folded.locator('pre')).toBeHidden()
  await folded.locator('summary').click()
  await expect(folded.locator('pre')).toBeVisible()
  const lander = detail.getByTestId('tenant-landers').getByRole('link', { name: 'standaard' }).first()
  const href = await lander.getAttribute('href')
  expect(href).toMatch(/^http:\/\/datingstad\.localhost:\d+\/landers\/[a-z]+$/)
  // The lander answers on the brand's preview host (a tab of the browser, which resolves *.localhost).
  const landerTab = await staff.context().newPage()
  expect((await landerTab.goto(href!))?.status()).toBe(200)
  await landerTab.close()
  await staff.screenshot({ path: info.outputPath(`console-tenants-${info.project.name}.png`), fullPage: true })
  // The one failed request is the refused over-amount (400 with the field error); nothing else.
  expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 400 (Bad Request)'])
})

test('a chat operator who opens /admin lands on the chats', async ({ browser }, info) => {
  const staff = await consoleLogin(browser, info, await createStaff('chat_operator', info.project.name), '/admin')
  await expect(staff).toHaveURL(siteUrl('datingstad', '/admin/chats'))
  await expect(staff.getByTestId('console-forbidden')).toHaveCount(0)
})

test('an admin creates a moderator in the console, who then logs in with that role', async ({ browser }, info) => {
  const staff = await consoleLogin(browser, info, await createStaff('admin', info.project.name), '/admin/staff')
  const problems = watchConsole(staff)
  const email = `moderator-${info.project.name}-${Date.now()}@staf.example`
  await staff.getByLabel('E-mailadres').fill(email)
  await staff.getByLabel('Wachtwoord (minstens 12 tekens)').fill(STAFF_PASSWORD)
  await staff.getByLabel('Rol').selectOption('moderator')
  await staff.getByLabel('Site').selectOption('datingstad')
  await staff.getByRole('button', { name: 'Medewerker aanmaken' }).click()
  await expect(staff.getByRole('status')).toHaveText(`${email} is aangemaakt als Moderator.`)
  await expect(staff.getByTestId('staff-row').filter({ hasText: email })).toContainText('Moderator')
  await staff.screenshot({ path: info.outputPath(`console-staff-${info.project.name}.png`), fullPage: true })
  expect(problems).toEqual([])

  // The new moderator opens /admin and lands on the members (no overview for that role).
  const moderator = await consoleLogin(browser, info, email, '/admin')
  await expect(moderator).toHaveURL(siteUrl('datingstad', '/admin/members'))
})
