// The chat operators' console (/admin/chats, decision 037) in the browser, desktop and phone: a member writes to a
// fictional profile, a chat operator takes the conversation from the queue and answers as the profile, and the
// answer arrives live in the member's open tab. The fictional label and warning stay visible on both sides.
import { expect, test, type Browser, type TestInfo } from '@playwright/test'
import sharp from 'sharp'
import { createStaff, entryWarningConfirmed, hydrated, siteUrl, STAFF_PASSWORD, watchConsole } from './helpers'

// A brand of the main pool that the chat journey does not use; each project writes to its own fictional profile.
const TENANT = 'flirtbelgie'

async function member(browser: Browser, info: TestInfo, tenant: string) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const page = await (await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })).newPage()
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  await page.goto(siteUrl(tenant, '/login'))
  const { user } = await page.evaluate(
    async (body) => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: JSON.stringify(body) })).json(),
    { email: `premium@${tenant}.demo`, password: 'demo-premium-123' },
  )
  expect(user?.id).toBeGreaterThan(0)
  return { page, name: user.profile.name as string, problems }
}

test('a member writes to a fictional profile and a chat operator answers from the console, live in the member\'s tab', async ({ browser }, info) => {
  test.setTimeout(120_000)
  const tenant = TENANT
  const m = await member(browser, info, tenant)
  // A fictional profile the member has not written to yet (the other project may have taken the first).
  const found = await m.page.evaluate(async () => (await fetch('/api/search.php', { headers: { Accept: 'application/json' } })).json())
  const fictional = (found.profiles as { id: number; name: string; fictional: boolean }[]).filter((p) => p.fictional)[info.project.name === 'phone' ? 0 : 1]
  expect(fictional).toBeTruthy()

  await m.page.goto(siteUrl(tenant, `/members/${fictional.id}/chat`))
  await hydrated(m.page)
  await expect(m.page.getByTestId('fictional-warning')).toContainText('fictief')
  // A new conversation opens the icebreakers dialog, which covers the header and so carries the label and warning
  // itself (decision 047); the member writes their own line.
  const icebreakers = m.page.getByRole('dialog').filter({ has: m.page.getByTestId('icebreakers') })
  await expect(icebreakers.getByTestId('fictional-warning-note')).toContainText('fictief')
  await icebreakers.getByRole('button', { name: 'Ik schrijf zelf iets' }).click()
  const question = `Hoi ${fictional.name}, ben jij een echt persoon? (${info.project.name})`
  await m.page.getByLabel('Je bericht').fill(question)
  await m.page.getByRole('button', { name: 'Versturen' }).click()
  await expect(m.page.getByTestId('message').last()).toHaveText(question)

  // A chat operator of the pool, made as npm run staff:create does.
  const email = await createStaff('chat_operator', info.project.name, tenant)
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const staff = await (await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })).newPage()
  const staffProblems = watchConsole(staff)
  await entryWarningConfirmed(staff)
  await staff.goto(siteUrl(tenant, '/admin/chats'))
  await hydrated(staff)
  const form = staff.locator('form').filter({ has: staff.getByLabel('Wachtwoord') })
  await form.getByLabel('E-mailadres').fill(email)
  await form.getByLabel('Wachtwoord').fill(STAFF_PASSWORD)
  await form.getByRole('button', { name: 'Inloggen' }).click()
  await expect(staff.getByRole('heading', { name: 'Chats van fantasieprofielen' })).toBeVisible()
  // The console's own frame: no member navigation (no "Inloggen" of the member site).
  await expect(staff.getByRole('navigation', { name: 'Hoofdnavigatie' })).toHaveCount(0)
  await expect(staff.getByRole('link', { name: 'Inloggen' })).toHaveCount(0)

  // The queue shows the conversation with its waiting clock; taking it shows the member's question.
  const item = staff.getByTestId('queue-item').filter({ hasText: `${m.name} → ${fictional.name}` })
  await expect(item).toContainText('Wacht al')
  await item.click()
  const open = staff.getByTestId('operator-conversation')
  await expect(open.getByTestId('operator-messages')).toContainText(question)
  await expect(open.getByTestId('fictional-label').first()).toBeVisible()
  await expect(open.getByTestId('fictional-warning')).toContainText(`Je schrijft als ${fictional.name}`)

  // The honest answer, in the member's language, goes out as the fictional profile.
  await open.getByRole('button', { name: 'Eerlijk antwoord invoegen' }).click()
  const reply = open.getByLabel(`Antwoord als ${fictional.name}`)
  await expect(reply).toHaveValue(/medewerker van .* die dit profiel beantwoordt/)
  const answer = await reply.inputValue()
  await open.getByRole('button', { name: 'Versturen' }).click()
  await expect(open.getByRole('status')).toHaveText('Verstuurd.')
  await staff.screenshot({ path: info.outputPath(`operator-${info.project.name}.png`), fullPage: true })

  // Live in the member's tab, as the fictional profile's message.
  await expect(m.page.getByTestId('message').last()).toHaveText(answer, { timeout: 10_000 })
  await expect(m.page.getByTestId('fictional-warning')).toContainText('fictief')
  await m.page.screenshot({ path: info.outputPath(`operator-member-${info.project.name}.png`) })
  // Answered: it left the queue.
  await expect(item).toHaveCount(0, { timeout: 10_000 })

  // A GIF and a photo, as the fictional profile, through the same chat path: live in the member's tab.
  await open.getByRole('button', { name: 'GIF sturen' }).click()
  await open.getByTestId('operator-gifs').getByRole('button', { name: new RegExp(`sturen als ${fictional.name}$`) }).first().click()
  await expect(open.getByTestId('operator-message-gif')).toBeVisible({ timeout: 10_000 })
  await expect(m.page.getByTestId('message').last().getByTestId('message-gif')).toBeVisible({ timeout: 10_000 })
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } }).png().toBuffer()
  await open.getByLabel(`Foto sturen als ${fictional.name}`).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo })
  await expect(open.getByTestId('operator-message-photo')).toBeVisible({ timeout: 10_000 })
  await expect(m.page.getByTestId('message').last().getByTestId('message-image')).toBeVisible({ timeout: 10_000 })
  await expect(m.page.getByTestId('fictional-warning')).toContainText('fictief')
  await staff.screenshot({ path: info.outputPath(`operator-media-${info.project.name}.png`), fullPage: true })
  expect(m.problems).toEqual([])
  // Before the login the console asked who is logged in without a failed request.
  expect(staffProblems).toEqual([])
})
