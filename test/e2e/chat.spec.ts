// Two members chat live in two browser contexts: typing, text, photo, gift and GIF, the unread badge and the
// title prefix, reading clears the badge, and removing the chat.
import { test, expect, type Browser, type Page, type TestInfo } from '@playwright/test'
import sharp from 'sharp'
import { siteUrl, watchConsole, hydrated } from './helpers'

// Each project uses its own tenant's demo pair (premium writes to free), so the runs do not meet.
const TENANT: Record<string, string> = { phone: 'datingstad', desktop: 'rijpedates' }

async function member(browser: Browser, info: TestInfo, tenant: string, email: string, password: string) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = info.project.use
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: 'nl-NL' })
  const page = await context.newPage()
  const problems = watchConsole(page)
  // Logged in through the API from the tenant's page (Node does not resolve *.localhost, Chromium does).
  await page.goto(siteUrl(tenant, '/login'))
  const { user } = await page.evaluate(
    async (body) => (await fetch('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: JSON.stringify(body) })).json(),
    { email, password },
  )
  expect(user?.id).toBeGreaterThan(0)
  return { context, page, id: user.id, name: user.profile.name as string, problems }
}

const firstChat = (page: Page) => page.getByTestId('chat-item').first()

test('two members chat live: typing, text, photo, gift and GIF, badge and title, reading and removing', async ({ browser }, info) => {
  test.setTimeout(120_000)
  const tenant = TENANT[info.project.name] ?? 'datingstad'
  const a = await member(browser, info, tenant, `premium@${tenant}.demo`, 'demo-premium-123')
  const b = await member(browser, info, tenant, `free@${tenant}.demo`, 'demo-free-123')

  // B waits on a page with the top navigation.
  await b.page.goto(siteUrl(tenant, '/profile'))
  await hydrated(b.page)
  await expect(b.page.getByTestId('nav-messages')).toHaveText(/^Berichten\s*$/)

  // A opens the chat with B: an empty conversation offers icebreakers.
  await a.page.goto(siteUrl(tenant, `/members/${b.id}/chat`))
  await hydrated(a.page)
  const icebreakers = a.page.getByTestId('icebreakers')
  await expect(icebreakers).toBeVisible()
  const line = (await icebreakers.getByRole('button').first().textContent())!.trim()
  expect(line).toContain(b.name)
  await icebreakers.getByRole('button').first().click()
  await expect(a.page.getByLabel('Je bericht')).toHaveValue(line)
  await a.page.getByRole('button', { name: 'Versturen' }).click()
  await expect(a.page.getByTestId('message').last()).toHaveText(line)

  // B sees the unread badge and the title prefix live.
  await expect(b.page.getByTestId('nav-messages')).toHaveText(/^Berichten\s*1$/)
  await expect(b.page).toHaveTitle(/^\(1\) /)

  // B goes to the conversations and watches each kind of message arrive.
  await b.page.getByTestId('nav-messages').click()
  await expect(b.page).toHaveURL(/\/chats$/)
  await expect(firstChat(b.page)).toContainText(line)

  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff7aa2' } }).jpeg().toBuffer()
  await a.page.getByTestId('chat-photo-input').setInputFiles({ name: 'strand.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(a.page.getByTestId('message-image').last()).toHaveAttribute('src', /\/media\//)
  await expect(firstChat(b.page)).toContainText('📷 Foto')
  await expect(firstChat(b.page).getByLabel('2 ongelezen berichten')).toBeVisible()
  await expect(b.page).toHaveTitle(/^\(2\) Berichten/)

  await a.page.getByRole('button', { name: 'Cadeau sturen' }).click()
  await a.page.getByTestId('gift-picker').getByRole('button', { name: /^Roos sturen/ }).click()
  await expect(a.page.getByTestId('message-gift').last()).toContainText('Cadeau: Roos')
  await expect(firstChat(b.page)).toContainText('🎁 Roos')
  await expect(b.page).toHaveTitle(/^\(3\) /)

  await a.page.getByRole('button', { name: 'GIF sturen' }).click()
  await a.page.getByLabel('GIFs zoeken').fill('koffie')
  await expect(a.page.getByTestId('gif-picker').getByRole('button')).toHaveCount(1)
  await a.page.getByTestId('gif-picker').getByRole('button').click()
  await expect(a.page.getByTestId('message-gif').last()).toHaveAttribute('src', '/static/gifs/coffee.gif')
  await expect(firstChat(b.page)).toContainText('GIF')
  await expect(firstChat(b.page).getByLabel('4 ongelezen berichten')).toBeVisible()
  await expect(b.page).toHaveTitle(/^\(4\) /)
  await b.page.screenshot({ path: `artifacts/${info.project.name}-chats.png` })

  // B opens the chat: every kind shows, and the badge and the prefix clear.
  await firstChat(b.page).getByRole('link').click()
  await expect(b.page).toHaveURL(/\/chats\/\d+$/)
  const conversation = b.page.getByTestId('conversation')
  for (const kind of ['text', 'image', 'gift', 'gif']) await expect(conversation.locator(`[data-testid="message"][data-kind="${kind}"]`)).toHaveCount(1)
  await expect(b.page).toHaveTitle(/^Berichten \| /)
  await expect(b.page.getByTestId('message-gift')).toContainText('Cadeau: Roos')

  // A types and B sees the typing indicator; the message then arrives in the open conversation and A sees it read.
  await a.page.getByLabel('Je bericht').pressSequentially('Zin in koffie zaterdag?', { delay: 60 })
  await expect(b.page.getByTestId('typing')).toBeVisible()
  await a.page.getByRole('button', { name: 'Versturen' }).click()
  await expect(conversation.getByTestId('message').last()).toHaveText('Zin in koffie zaterdag?')
  await expect(b.page.getByTestId('typing')).toHaveCount(0)
  await expect(a.page.getByTestId('read-receipt')).toBeVisible()
  await expect(b.page).toHaveTitle(/^Berichten \| /)
  await b.page.screenshot({ path: `artifacts/${info.project.name}-conversation.png` })
  await a.page.screenshot({ path: `artifacts/${info.project.name}-conversation-sender.png` })

  // Back on a page with the navigation, B's badge stays clear.
  await b.page.goto(siteUrl(tenant, '/profile'))
  await hydrated(b.page)
  await expect(b.page.getByTestId('nav-messages')).toHaveText(/^Berichten\s*$/)

  // A removes the chat: it leaves the list at once and stays gone after a reload.
  await a.page.goto(siteUrl(tenant, '/chats'))
  await hydrated(a.page)
  await expect(a.page.getByTestId('chat-item')).toHaveCount(1)
  await firstChat(a.page).hover()
  await a.page.getByRole('button', { name: `Gesprek met ${b.name} verwijderen` }).click()
  await a.page.getByTestId('confirm-remove').click()
  await expect(a.page.getByTestId('chat-item')).toHaveCount(0)
  await expect(a.page.getByTestId('chats-empty')).toBeVisible()
  await a.page.reload()
  await hydrated(a.page)
  await expect(a.page.getByTestId('chats-empty')).toBeVisible()

  for (const m of [a, b]) expect(m.problems.filter((p) => !/40[0-9]/.test(p))).toEqual([])
  await a.context.close()
  await b.context.close()
})
