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

  // B loses the connection; what A sends meanwhile arrives after the reconnect (caught up from the API).
  await b.context.setOffline(true)
  await a.page.getByLabel('Je bericht').fill('Ben je er nog?')
  await a.page.getByRole('button', { name: 'Versturen' }).click()
  await expect(a.page.getByTestId('message').last()).toHaveText('Ben je er nog?')
  // (A pause to show that nothing reaches B while offline.)
  await b.page.waitForTimeout(1500)
  await expect(conversation.getByText('Ben je er nog?')).toHaveCount(0)
  await b.context.setOffline(false)
  await expect(conversation.getByTestId('message').last()).toHaveText('Ben je er nog?', { timeout: 15_000 })

  // Loaded afresh, the conversation arrives rendered by the server (no "Laden…" first) and hydrates as it is.
  // (Fetched from the page: Node does not resolve *.localhost, Chromium does.)
  const reloaded = await b.page.evaluate(async () => {
    const res = await fetch(location.href, { headers: { accept: 'text/html' } })
    return { status: res.status, html: await res.text() }
  })
  expect(reloaded.status).toBe(200)
  const html = reloaded.html
  expect(html).toContain('data-testid="conversation"')
  expect(html).toContain('Zin in koffie zaterdag?')
  expect(html).toContain(a.name)
  await b.page.reload()
  await hydrated(b.page)
  for (const kind of ['image', 'gift', 'gif']) await expect(conversation.locator(`[data-testid="message"][data-kind="${kind}"]`)).toHaveCount(1)
  await expect(conversation.getByTestId('message').last()).toHaveText('Ben je er nog?')

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
  await a.page.screenshot({ path: `artifacts/${info.project.name}-chats-empty.png` })

  // B was offline on purpose for a while: requests that failed then are expected, nothing else is.
  for (const m of [a, b]) expect(m.problems.filter((p) => !/40[0-9]/.test(p) && !(m === b && /ERR_INTERNET_DISCONNECTED/.test(p)))).toEqual([])
  await a.context.close()
  await b.context.close()
})

// A free member of each project's tenant (the first journey only reads with datingstad's free member).
const FREE_TENANT: Record<string, string> = { phone: 'mannenmatch', desktop: 'datingstad' }

test('a free member writes to fictional profiles: pickers, icebreaker, the fictional label and the refusals', async ({ browser }, info) => {
  test.setTimeout(120_000)
  const tenant = FREE_TENANT[info.project.name] ?? 'datingstad'
  const m = await member(browser, info, tenant, `free@${tenant}.demo`, 'demo-free-123')
  const page = m.page
  // Three fictional members this member has no conversation with yet.
  const fictional: number[] = await page.evaluate(async () => {
    const found: number[] = []
    for (let id = 1; id < 400 && found.length < 3; id++) {
      const res = await fetch(`/api/chat.php?member_id=${id}`)
      if (!res.ok) continue
      const body = await res.json()
      if (body.conversation.profile.fictional && body.conversation.id === null) found.push(id)
    }
    return found
  })
  expect(fictional).toHaveLength(3)
  const [f1, f2, f3] = fictional

  // ?gift=1 opens the gift picker with prices; the header labels the fictional profile and warns.
  await page.goto(siteUrl(tenant, `/members/${f1}/chat?gift=1`))
  await hydrated(page)
  await expect(page.getByTestId('gift-picker').getByRole('button')).toHaveCount(7)
  await expect(page.getByTestId('gift-picker')).toContainText('credits')
  await page.screenshot({ path: `artifacts/${info.project.name}-chat-gift-picker.png` })
  await page.getByTestId('modal-close').click()
  // The conversation's own header (beside it on a desktop, the chat list labels its fictional profiles too).
  await expect(page.getByTestId('conversation-header').getByTestId('fictional-label')).toBeVisible()
  await expect(page.getByTestId('fictional-warning')).toContainText(/fictief/i)

  // A photo is a paid message (photo_credits) for free members too: the button opens the file chooser, no premium wall.
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Foto sturen' }).click()
  await chooser
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The GIF picker searches the built-in catalogue.
  await page.getByRole('button', { name: 'GIF sturen' }).click()
  await page.getByLabel('GIFs zoeken').fill('kus')
  await expect(page.getByTestId('gif-picker').getByRole('button')).toHaveCount(1)
  await page.getByLabel('GIFs zoeken').fill('xyzzy')
  await expect(page.getByRole('status')).toContainText('Geen GIFs gevonden')
  await page.getByLabel('GIFs zoeken').fill('')
  await expect(page.getByTestId('gif-picker').getByRole('button')).toHaveCount(10)
  await page.screenshot({ path: `artifacts/${info.project.name}-chat-gif-picker.png` })
  await page.getByTestId('modal-close').click()

  const write = async (id: number, text: string) => {
    await page.goto(siteUrl(tenant, `/members/${id}/chat`))
    await hydrated(page)
    // A new conversation offers icebreakers first (decided when the conversation has loaded).
    await expect(page.getByTestId('conversation')).toBeVisible()
    if (await page.getByTestId('icebreakers').isVisible()) await page.getByRole('button', { name: 'Ik schrijf zelf iets' }).click()
    await page.getByLabel('Je bericht').fill(text)
    await page.getByRole('button', { name: 'Versturen' }).click()
  }

  await page.goto(siteUrl(tenant, `/members/${f1}/chat`))
  await hydrated(page)
  await expect(page.getByTestId('icebreakers')).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-chat-icebreaker.png` })

  await page.getByRole('button', { name: 'Ik schrijf zelf iets' }).click()

  // The message length limit of the brand: a counter near it, and no sending beyond it.
  const limit = (await page.evaluate(async () => (await (await fetch('/api/settings.php')).json()).message_length)) as number
  expect(limit).toBeGreaterThan(100)
  await page.getByLabel('Je bericht').fill('a'.repeat(limit - 5))
  await expect(page.getByText('Nog 5 tekens')).toBeVisible()
  await page.getByLabel('Je bericht').fill('a'.repeat(limit + 3))
  await expect(page.getByText('3 tekens te veel')).toBeVisible()
  await expect(page.getByText('Je bericht is te lang. Maak het wat korter.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeDisabled()
  await page.getByLabel('Je bericht').fill('')

  // Two conversations are free members' limit; the third offers a bundle.
  await write(f1, 'Hoi! Leuk profiel.')
  await expect(page.getByTestId('message').last()).toHaveText('Hoi! Leuk profiel.')
  await expect(page.getByText('Versturen…')).toHaveCount(0)
  await write(f2, 'Hallo daar!')
  await expect(page.getByTestId('message').last()).toHaveText('Hallo daar!')
  await expect(page.getByText('Versturen…')).toHaveCount(0)
  await write(f3, 'Ook hallo!')
  await expect(page.getByRole('dialog')).toContainText('maximaal 2 gesprekken')
  await expect(page.getByRole('link', { name: 'Bekijk de bundels' })).toHaveAttribute('href', /^\/premium\?return=%2Fmembers%2F\d+%2Fchat$/)
  await page.getByRole('button', { name: 'Later' }).click()
  // The refused text is back in the field.
  await expect(page.getByLabel('Je bericht')).toHaveValue('Ook hallo!')

  // Writing on until the credits run out: the modal with the buy button.
  await page.goto(siteUrl(tenant, `/members/${f2}/chat`))
  await hydrated(page)
  for (let i = 0; i < 4; i++) {
    await page.getByLabel('Je bericht').fill(`Nog een bericht ${i}`)
    await page.getByRole('button', { name: 'Versturen' }).click()
    await expect(page.getByText('Versturen…')).toHaveCount(0)
    if (await page.getByRole('dialog').isVisible()) break
  }
  await expect(page.getByRole('dialog')).toContainText('Niet genoeg credits')
  await expect(page.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', /^\/credits\?return=%2Fmembers%2F\d+%2Fchat$/)
  await page.screenshot({ path: `artifacts/${info.project.name}-chat-no-credits.png` })
  await page.getByRole('button', { name: 'Later' }).click()

  // The list shows both new conversations, the newest first; the refused third is not there.
  await page.goto(siteUrl(tenant, '/chats'))
  await hydrated(page)
  await expect(page.getByTestId('chat-item').first()).toContainText(/Jij: (Hallo daar!|Nog een bericht)/)
  await expect(page.getByTestId('chat-item').filter({ hasText: 'Jij: Hoi! Leuk profiel.' })).toHaveCount(1)
  await expect(page.getByTestId('chat-item').filter({ hasText: 'Ook hallo!' })).toHaveCount(0)

  // A conversation that is not the member's: not found, with the way back.
  const notFound = await page.goto(siteUrl(tenant, '/chats/999999'))
  expect(notFound?.status()).toBe(404)
  await hydrated(page)
  await expect(page.getByRole('alert')).toContainText('Dit gesprek bestaat niet (meer).')
  expect(m.problems.filter((p) => !/40[0-9]/.test(p))).toEqual([])
  await m.context.close()
})

test('a visitor who is not logged in is asked to log in for the chats', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto(siteUrl('datingstad', '/chats'))
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Berichten' })).toBeVisible()
  await expect(page.getByText('Log in om je berichten te lezen en te schrijven.')).toBeVisible()
  // The login brings the visitor back to the chats (issue 19, bug 11).
  await expect(page.getByTestId('login-required').getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login?next=%2Fchats')
  // The brand's header and a call to sign up, not a lone card on an empty page.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Datingstad' })).toBeVisible()
  await expect(page.getByTestId('login-required-signup')).toHaveAttribute('href', '/signup')
  expect(problems).toEqual([])
})
