import { test, expect, type Page } from '@playwright/test'
import { siteUrl, watchConsole, entryWarningConfirmed, hydrated } from './helpers'

/** The newest mail with this subject to an address in the dev mailbox, and the first link in it. */
async function latestMail(page: Page, tenant: string, to: string, subject: string) {
  // Read from the page itself: *.localhost resolves inside Chromium, not in Node.
  expect(new URL(page.url()).hostname).toBe(`${tenant}.localhost`)
  for (let i = 0; i < 30; i++) {
    const { mails } = (await page.evaluate(async (url) => (await fetch(url)).json(), `/dev/mail.json?to=${encodeURIComponent(to)}`)) as { mails: { subject: string; text: string }[] }
    const mail = mails.find((m) => m.subject === subject)
    if (mail) return { ...mail, link: /(http:\/\/\S+)/.exec(mail.text)![1] }
    await page.waitForTimeout(500)
  }
  throw new Error(`no mail to ${to}`)
}

test.describe('accounts', () => {
  test('sign up, activate by mail, get blocked, reset the password and log in', async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the journey runs in the phone viewport')
    const problems = watchConsole(page)
    const email = `e2e-${Date.now()}@example.nl`
    await entryWarningConfirmed(page)
    // A visitor arrives through a partner link; the tracking data goes with the signup.
    await page.goto(siteUrl('datingstad', '/?network=e2e-net&sub1=banner'))
    await page.getByTestId('cta').click()
    await expect(page).toHaveURL(/\/signup$/)
    await page.getByLabel('E-mailadres').fill(email.replace('example.nl', 'gmial.com'))
    await page.getByRole('button', { name: `Bedoel je ${email.replace('example.nl', 'gmail.com')}?` }).click()
    await page.getByLabel('E-mailadres').fill(email)
    await page.getByLabel('Profielnaam').fill('Eetje')
    await page.getByLabel('Wachtwoord').fill('kort')
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click()
    await expect(page.getByText('Je wachtwoord moet minstens 8 tekens hebben.')).toBeVisible()
    await expect(page.getByText('Vul uw geboortedatum in (18+ jaar)')).toBeVisible()
    await page.screenshot({ path: `artifacts/${info.project.name}-signup-errors.png`, fullPage: true })
    await page.getByLabel('Wachtwoord').fill('eerste-wachtwoord')
    await page.getByLabel('Dag').selectOption('17')
    await page.getByLabel('Maand').selectOption('5')
    await page.getByLabel('Jaar').selectOption('1991')
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click()
    await expect(page).toHaveURL(siteUrl('datingstad', '/?api_signup_complete=1'))
    await expect(page.getByText('Je bent ingelogd als Eetje.')).toBeVisible()
    await hydrated(page)
    // On a smartphone right after signup the activation reminder is a modal; closed, it stays as an alert.
    await expect(page.getByRole('dialog')).toContainText('Bevestig je e-mailadres')
    await page.screenshot({ path: `artifacts/${info.project.name}-activation-reminder.png` })
    await page.getByTestId('modal-close').click()
    await expect(page.getByTestId('activation-reminder')).toContainText(email)

    const activation = await latestMail(page, 'datingstad', email, 'Bevestig je e-mailadres voor Datingstad')
    await page.goto(activation.link)
    await expect(page).toHaveURL(/\/activate\/done$/)
    await expect(page.getByTestId('activate-done')).toBeVisible()
    await page.screenshot({ path: `artifacts/${info.project.name}-activate-done.png` })
    await page.goto(activation.link)
    await expect(page.getByTestId('activate-error')).toHaveText('Activeren mislukt')
    await page.goto(siteUrl('datingstad', '/'))
    await expect(page.getByTestId('activation-reminder')).toHaveCount(0)

    // Log out, then fail the login until the account is blocked.
    await page.goto(siteUrl('datingstad', '/'))
    await page.getByRole('button', { name: /Eetje/ }).click()
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click()
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible()
    await page.goto(siteUrl('datingstad', '/login'))
    for (let i = 0; i < 4; i++) {
      await page.getByLabel('E-mailadres').fill(email)
      await page.getByLabel('Wachtwoord').fill(`fout-${i}`)
      await page.getByRole('button', { name: 'Inloggen' }).click()
      await expect(page.getByTestId('login-error')).toHaveText('Login mislukt, probeer opnieuw')
    }
    await page.getByLabel('Wachtwoord').fill('fout-5')
    await page.getByRole('button', { name: 'Inloggen' }).click()
    await expect(page.getByTestId('login-error')).toHaveText('Te veel foute pogingen, account voor 15 min geblokkeerd.')
    await page.screenshot({ path: `artifacts/${info.project.name}-login-blocked.png` })

    // The password reset still works while blocked.
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click()
    await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible()
    await page.getByLabel('E-mailadres').fill(email)
    await page.getByRole('button', { name: 'Verstuur link' }).click()
    await expect(page.getByTestId('reset-sent')).toBeVisible()
    const reset = await latestMail(page, 'datingstad', email, 'Nieuw wachtwoord voor Datingstad')
    await page.goto(reset.link)
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('tweede-wachtwoord')
    await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('anders-wachtwoord')
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
    await expect(page.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeVisible()
    await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('tweede-wachtwoord')
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click()
    await expect(page.getByTestId('reset-done')).toBeVisible()
    await page.getByRole('link', { name: 'Inloggen' }).last().click()
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible()
    await page.getByLabel('E-mailadres').fill(email)
    await page.getByLabel('Wachtwoord').fill('tweede-wachtwoord')
    await page.getByRole('button', { name: 'Inloggen' }).click()
    await expect(page.getByRole('button', { name: /Eetje/ })).toBeVisible()

    // Change the e-mail address in the settings; it changes once the mail to the new address is confirmed.
    const newEmail = email.replace('e2e-', 'e2e-nieuw-')
    await page.goto(siteUrl('datingstad', '/settings'))
    await hydrated(page)
    await page.getByLabel('Nieuw e-mailadres').fill(newEmail)
    await page.getByRole('button', { name: 'Bevestigingsmail sturen' }).click()
    await expect(page.getByTestId('email-sent')).toContainText(newEmail)
    await page.screenshot({ path: `artifacts/${info.project.name}-settings.png`, fullPage: true })
    const change = await latestMail(page, 'datingstad', newEmail, 'Bevestig je nieuwe e-mailadres voor Datingstad')
    await page.goto(change.link)
    await expect(page.getByTestId('mail-change-done')).toContainText(newEmail)
    await page.goto(siteUrl('datingstad', '/settings'))
    await expect(page.getByText(`Huidig e-mailadres: ${newEmail}`)).toBeVisible()
    expect(problems.filter((p) => !/40[0-9]|429/.test(p))).toEqual([])
  })

  test('the desktop signup modal cannot be dismissed while a signup is sent', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'the modal is the desktop signup')
    const problems = watchConsole(page)
    await entryWarningConfirmed(page)
    await page.goto(siteUrl('mannenmatch'))
    await hydrated(page)
    await page.getByTestId('cta').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Gratis aanmelden')
    await expect(page).toHaveURL(siteUrl('mannenmatch'))
    // Escape and the backdrop close it while nothing is being sent.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await page.getByTestId('cta').click()
    await page.mouse.click(5, 400)
    await expect(dialog).toHaveCount(0)

    await page.getByTestId('cta').click()
    await page.screenshot({ path: `artifacts/${info.project.name}-signup-modal.png` })
    await page.route('**/api/signup.php', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await dialog.getByLabel('E-mailadres').fill(`modal-${Date.now()}@example.nl`)
    await dialog.getByLabel('Profielnaam').fill('Modaal')
    await dialog.getByLabel('Wachtwoord').fill('lang-genoeg-1')
    await dialog.getByLabel('Dag').selectOption('3')
    await dialog.getByLabel('Maand').selectOption('3')
    await dialog.getByLabel('Jaar').selectOption('1988')
    await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click()
    await expect(dialog.getByRole('button', { name: 'Bezig met aanmelden…' })).toBeVisible()
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 400)
    await expect(dialog).toBeVisible()
    // Done: the member is logged in and the modal is gone.
    await expect(page.getByRole('button', { name: /Modaal/ })).toBeVisible()
    await expect(dialog).toHaveCount(0)

    // An existing account: the login link closes the modal on the way to the login page.
    await page.getByRole('button', { name: /Modaal/ }).click()
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click()
    await hydrated(page)
    await page.getByTestId('cta').click()
    await dialog.getByLabel('E-mailadres').fill('free@mannenmatch.demo')
    await dialog.getByLabel('Profielnaam').fill('Nogmaals')
    await dialog.getByLabel('Wachtwoord').fill('lang-genoeg-1')
    await dialog.getByLabel('Dag').selectOption('3')
    await dialog.getByLabel('Maand').selectOption('3')
    await dialog.getByLabel('Jaar').selectOption('1988')
    await dialog.getByRole('button', { name: 'Gratis aanmelden' }).click()
    await expect(dialog.getByTestId('signup-error')).toContainText('Er bestaat al een account met dit e-mailadres.')
    await dialog.getByRole('link', { name: 'Log hier in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(dialog).toHaveCount(0)
    expect(problems.filter((p) => !/40[0-9]/.test(p))).toEqual([])
  })
})
