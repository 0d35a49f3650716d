// Buying credits in the browser with the built-in test provider: from the chat's insufficient-credits modal to the
// checkout with the welcome discount and back to the conversation; a failed payment and a retry with another
// method; SEPA direct debit with the SMS code read from the dev mailbox.
import { test, expect, type Page } from '@playwright/test'
import { siteUrl, hydrated, signUp } from './helpers'

const TENANT = 'datingstad'

/** A fictional member the new member has no conversation with yet. */
async function fictionalMember(page: Page): Promise<number> {
  const id = await page.evaluate(async () => {
    for (let i = 1; i < 400; i++) {
      const res = await fetch(`/api/chat.php?member_id=${i}`)
      if (!res.ok) continue
      const body = await res.json()
      if (body.conversation.profile.fictional && body.conversation.id === null) return i
    }
    return 0
  })
  expect(id).toBeGreaterThan(0)
  return id
}

async function freshMember(page: Page, label: string) {
  const email = `pay-${label}-${Date.now()}@example.nl`
  await signUp(page, TENANT, 'Koper', email)
  return email
}

/** Chooses an outcome on the test provider's checkout page and waits for the result page. */
async function testCheckout(page: Page, outcome: RegExp) {
  await page.waitForURL(/\/checkout\/test\//)
  await hydrated(page)
  await expect(page.getByTestId('test-checkout-banner')).toContainText('Testbetaling')
  await page.getByRole('button', { name: outcome }).click()
  await page.waitForURL(/\/transactions\/\d+/)
  await hydrated(page)
}

test('a free member runs out of credits in a chat, buys a bundle with the welcome discount and writes on', async ({ page }, info) => {
  test.setTimeout(120_000)
  await freshMember(page, info.project.name)
  const other = await fictionalMember(page)

  await page.goto(siteUrl(TENANT, `/members/${other}/chat`))
  await hydrated(page)
  await expect(page.getByTestId('conversation')).toBeVisible()
  if (await page.getByTestId('icebreakers').isVisible()) await page.getByRole('button', { name: 'Ik schrijf zelf iets' }).click()
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Je bericht').fill(`Hallo ${i}`)
    await page.getByRole('button', { name: 'Versturen' }).click()
    await expect(page.getByText('Versturen…')).toHaveCount(0)
    if (await page.getByRole('dialog').isVisible()) break
  }
  await expect(page.getByRole('dialog')).toContainText('Niet genoeg credits')
  const conversationPath = new URL(page.url()).pathname
  await page.getByRole('link', { name: 'Credits kopen' }).click()

  // The bundles, the fictional warning before any purchase, the time bonus.
  await page.waitForURL(/\/credits\?return=/)
  await hydrated(page)
  await expect(page.getByTestId('bundle')).toHaveCount(4)
  await expect(page.getByTestId('fictional-notice')).toBeVisible()
  await expect(page.getByTestId('time-bonus-line')).toContainText('25%')
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-credits.png`, fullPage: true })
  await page.getByRole('link', { name: 'Kies de bundel van 120 credits' }).click()

  // The welcome discount is applied by itself: 27,50 becomes 20,62.
  await page.waitForURL(/\/credits\/popular\?return=/)
  await hydrated(page)
  await expect(page.getByTestId('discount-applied')).toContainText('Welkomstkorting van 25%')
  await expect(page.getByTestId('order-total')).toContainText('20,62')
  await page.getByTestId('method-ideal').click()
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-pay.png`, fullPage: true })
  await page.getByTestId('pay').click()

  await testCheckout(page, /^Betaald$/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible()
  await expect(page.getByTestId('toast')).toContainText('120 credits toegevoegd')
  // The toast never covers the phone's tab bar.
  const tabs = page.getByTestId('member-tabs')
  if ((await tabs.evaluate((el) => getComputedStyle(el).position)) === 'fixed') {
    const [toast, bar] = [await page.getByTestId('toast').boundingBox(), await tabs.boundingBox()]
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(bar!.y)
  }
  // Premium now: the navigation shows the credits instead of Get Premium.
  await expect(page.getByTestId('nav-credits')).toBeVisible()
  await expect(page.getByTestId('nav-premium')).toHaveCount(0)
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-result.png`, fullPage: true })

  // Back to the conversation, and the message goes out.
  await page.getByTestId('back-to-conversation').click()
  await expect(page).toHaveURL(new RegExp(`${conversationPath}$`))
  await hydrated(page)
  await page.getByLabel('Je bericht').fill('Daar ben ik weer!')
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByTestId('message').last()).toHaveText('Daar ben ik weer!')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The member's photos are no longer blurred: no lock on the profile.
  await page.goto(siteUrl(TENANT, `/members/${other}`))
  await hydrated(page)
  await expect(page.locator('[aria-label*="ergrendeld"], [data-locked="true"]')).toHaveCount(0)

  // The transaction is listed.
  await page.goto(siteUrl(TENANT, '/transactions'))
  await hydrated(page)
  await expect(page.getByTestId('transaction').first()).toContainText('120 credits')
  await expect(page.getByTestId('transaction').first()).toContainText('20,62')
  await expect(page.getByTestId('transaction').first()).toContainText('Betaald')
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-transactions.png`, fullPage: true })
})

test('a failed payment offers another method, and the retry succeeds', async ({ page }, info) => {
  test.setTimeout(90_000)
  await freshMember(page, `fail-${info.project.name}`)
  await page.goto(siteUrl(TENANT, '/credits/starter/ideal'))
  await hydrated(page)
  await expect(page.getByTestId('method-ideal').locator('input')).toBeChecked()
  await page.getByTestId('pay').click()
  await testCheckout(page, /^Mislukt$/)
  await expect(page.getByRole('heading', { name: 'Betaling mislukt' })).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-failed.png`, fullPage: true })
  await page.getByTestId('retry-payment').click()
  await page.waitForURL(/\/credits\/starter$/)
  await hydrated(page)
  await page.getByTestId('method-paypal').click()
  await page.getByTestId('pay').click()
  await testCheckout(page, /^Betaald$/)
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 })
  await expect(page.getByTestId('result-status')).toHaveText('Betaald')
})

test('direct debit: account form, the SMS code from the dev mailbox, a wrong code, then paid', async ({ page }, info) => {
  test.setTimeout(90_000)
  await freshMember(page, `sdd-${info.project.name}`)
  await page.goto(siteUrl(TENANT, '/credits/starter/sdd'))
  await hydrated(page)
  await page.getByTestId('pay').click()
  await page.waitForURL(/\/directdebit\?bundle=starter/)
  await hydrated(page)
  // Every field is needed.
  await page.getByTestId('direct-debit-submit').click()
  await expect(page.getByText('Vul dit veld in.').first()).toBeVisible()
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00')
  await page.getByLabel('Naam rekeninghouder').fill('K. Oper')
  await page.getByLabel('Straat').fill('Keizersgracht')
  await page.getByLabel('Huisnummer').fill('12')
  await page.getByLabel('Postcode').fill('1015 CJ')
  await page.getByLabel('Plaats').fill('Amsterdam')
  const phone = `06${String(Date.now()).slice(-8)}`
  await page.getByLabel('Mobiel nummer').fill(phone)
  await page.screenshot({ path: `artifacts/${info.project.name}-payments-directdebit.png`, fullPage: true })
  await page.getByTestId('direct-debit-submit').click()
  await expect(page.getByRole('heading', { name: 'Bevestig met je sms-code' })).toBeVisible()

  // The code arrives in the dev mailbox as an SMS to the number.
  let code = ''
  await expect
    .poll(async () => {
      const { mails } = (await page.evaluate(async () => (await fetch('/dev/mail.json')).json())) as { mails: { to: string; subject: string; text: string }[] }
      const sms = mails.find((m) => m.to.startsWith('sms:') && m.to.includes(phone.slice(-8)))
      code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Sms-code').fill(wrong)
  await page.getByTestId('direct-debit-confirm').click()
  await expect(page.getByTestId('code-error')).toHaveText('Code ongeldig')
  await page.getByLabel('Sms-code').fill(code)
  await page.getByTestId('direct-debit-confirm').click()
  await page.waitForURL(/\/transactions\/\d+/)
  await hydrated(page)
  await expect(page.getByTestId('payment-result')).toBeVisible()
  await expect(page.getByTestId('result-status')).toHaveText(/Betaald|In behandeling|Open/)
})
