// Discovery journeys: search with filters and paging, profiles as a free and a premium member, the like popup and
// liking back to a match, the swipe game to its daily limit, and the member landings.
import { test, expect, type Page } from '@playwright/test'
import { siteUrl, watchConsole, hydrated, entryWarningConfirmed, signUp } from './helpers'

async function logIn(page: Page, email: string, password: string) {
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('datingstad', '/login'))
  await hydrated(page)
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord').fill(password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
  // The member search is the home after login.
  await page.waitForURL(/\/members$/)
  await hydrated(page)
}

const cards = (page: Page) => page.getByTestId('results').getByTestId('member-card')

/** The second page: coming near the end of the list loads it (on a tall screen at once; the "more" button does the same). */
async function loadMore(page: Page) {
  await cards(page).last().scrollIntoViewIfNeeded()
  await expect.poll(async () => cards(page).count()).toBeGreaterThan(24)
}

/** Ages of the cards shown ("Anna, 34"). */
async function shownAges(page: Page): Promise<number[]> {
  const names = await cards(page).locator('strong').allTextContents()
  return names.map((n) => Number(n.split(',').pop()))
}

test('a member searches with filters, pages on, opens a profile and comes back to the same results', async ({ page }, info) => {
  const problems = watchConsole(page)
  await logIn(page, 'free@datingstad.demo', 'demo-free-123')
  await expect(page.getByRole('heading', { name: 'Leden zoeken' })).toBeVisible()
  const filters = page.getByTestId('search-filters')
  // Filters fold away on phones.
  if (info.project.name === 'phone') await filters.getByRole('button', { name: /Filters/ }).click()

  // Everyone, every age: more than one page; the next page is appended (by the button, or by scrolling near the end).
  await filters.getByTestId('clear-filters').click()
  await expect.poll(async () => cards(page).count()).toBeGreaterThanOrEqual(24)
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-search.png` })
  await loadMore(page)
  const all = await cards(page).count()
  const ids = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-member-id')))
  expect(new Set(ids).size).toBe(all)

  // Women from 30 to 50: every card fits.
  if (info.project.name === 'phone') await filters.getByRole('button', { name: /Filters/ }).click()
  await filters.getByText('Vrouwen', { exact: true }).click()
  await filters.getByRole('combobox', { name: /^Vanaf leeftijd/ }).selectOption('30')
  await filters.getByRole('combobox', { name: /^Tot leeftijd/ }).selectOption('50')
  await filters.getByTestId('search-submit').click()
  await expect(filters.getByTestId('filter-summary')).toHaveText('Vrouwen · 30–50 jaar')
  const ages = await shownAges(page)
  expect(ages.length).toBeGreaterThan(0)
  for (const age of ages) expect(age >= 30 && age <= 50).toBe(true)

  // A region of a country narrows further; the region list follows the country.
  if (info.project.name === 'phone') await filters.getByRole('button', { name: /Filters/ }).click()
  await filters.getByRole('combobox', { name: /^Land/ }).selectOption('NL')
  await filters.getByRole('combobox', { name: /^Provincie of regio/ }).selectOption('NL-NH')
  await filters.getByTestId('search-submit').click()
  await expect(filters.getByTestId('filter-summary')).toHaveText('Vrouwen · Nederland · 30–50 jaar')
  for (const place of await cards(page).getByTestId('member-place').allTextContents()) expect(place).toMatch(/Noord-Holland/)

  // Back to everyone; open a profile and come back: the same list, no new search.
  if (info.project.name === 'phone') await filters.getByRole('button', { name: /Filters/ }).click()
  await filters.getByTestId('clear-filters').click()
  await expect.poll(async () => cards(page).count()).toBeGreaterThanOrEqual(24)
  await loadMore(page)
  const before = await cards(page).count()
  const first = cards(page).nth(2)
  const name = (await first.locator('strong').textContent())!
  await first.click()
  await expect(page.getByTestId('member-profile')).toBeVisible()
  await expect(page.locator('#member-name')).toHaveText(name)
  let searched = false
  page.on('request', (r) => {
    if (r.url().includes('/api/search.php')) searched = true
  })
  await page.goBack()
  await expect(cards(page)).toHaveCount(before)
  expect(searched).toBe(false)
  expect(problems).toEqual([])
})

test('a visitor may search where the site allows it, and is invited to sign up', async ({ page }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('datingstad', '/members'))
  await hydrated(page)
  await expect(cards(page).first()).toBeVisible()
  await expect(page.getByTestId('visitor-note')).toBeVisible()
  // Every photo a visitor gets is the blurred copy, with a lock (members without a photo show none).
  await expect(cards(page).getByTestId('photo-lock').first()).toBeVisible()
  const photos = await cards(page).locator('img').count()
  expect(photos).toBeGreaterThan(0)
  expect(await cards(page).getByTestId('photo-lock').count()).toBe(photos)
  await page.getByTestId('visitor-note').getByRole('link').click()
  if (info.project.name === 'desktop') await expect(page.getByRole('dialog', { name: 'Gratis aanmelden' })).toBeVisible()
  else await page.waitForURL(/\/signup$/)
  // flirtbelgie allows logged-out search only with a traffic source: the call to sign up instead of results.
  await page.goto(siteUrl('flirtbelgie', '/members'))
  await hydrated(page)
  await expect(page.getByTestId('signup-invite')).toBeVisible()
  await expect(page.getByTestId('results')).toHaveCount(0)
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-visitor.png` })
  await page.goto(siteUrl('flirtbelgie', '/members?network=partner1'))
  await hydrated(page)
  await expect(cards(page).first()).toBeVisible()
  expect(problems).toEqual([])
})

/** Every URL the page asked for while `run` ran, and the HTML of the first document. */
async function recordLoads(page: Page, run: () => Promise<void>): Promise<{ urls: string[]; bodies: string[] }> {
  const urls: string[] = []
  const bodies: string[] = []
  const onResponse = async (r: import('@playwright/test').Response) => {
    urls.push(r.url())
    const type = r.headers()['content-type'] ?? ''
    if (type.includes('json') || type.includes('html')) bodies.push(await r.text().catch(() => ''))
  }
  page.on('response', onResponse)
  await run()
  await page.waitForLoadState('networkidle')
  page.off('response', onResponse)
  return { urls, bodies }
}

test('a profile as a premium and as a free member: the free member never receives an original photo', async ({ page: premium, browser }, info) => {
  // A member with a private photo, found by the premium member (who sees every photo).
  await logIn(premium, 'premium@datingstad.demo', 'demo-premium-123')
  const search = await premium.evaluate(async () => (await fetch('/api/search.php?gender=&country=&min_age=18&max_age=99')).json())
  const ids = (search.profiles as Array<{ id: number }>).map((p) => p.id)
  let memberId = 0
  let originals: string[] = []
  for (const id of ids) {
    const answer = await premium.evaluate(async (id) => (await fetch(`/api/member.php?id=${id}`)).json(), id)
    const photos = answer.profile.photos as Array<{ filename: string; thumb_filename: string; visibility: string; locked: boolean }>
    if (photos.some((p) => p.visibility === 'private')) {
      memberId = id
      // The random part of each file name: the stored file and its AVIF/WebP variants (`<name>-<width>.<format>`) share it.
      originals = photos.flatMap((p) => [p.filename, p.thumb_filename]).map((u) => u.split('/').pop()!.replace(/\.webp$/, ''))
      break
    }
  }
  expect(memberId).toBeGreaterThan(0)

  const premiumLoads = await recordLoads(premium, async () => {
    await premium.goto(siteUrl('datingstad', `/members/${memberId}`))
    await hydrated(premium)
  })
  await expect(premium.getByTestId('member-profile')).toBeVisible()
  await expect(premium.getByTestId('photo-lock')).toHaveCount(0)
  await expect(premium.getByTestId('premium-invite')).toHaveCount(0)
  // Premium members see the private photo too: the thumbnails list every photo.
  await expect(premium.getByRole('button', { name: /Foto \d van/ })).toHaveCount(originals.length / 2)
  expect(premiumLoads.urls.some((u) => originals.some((o) => u.split('/').pop()!.startsWith(o)))).toBe(true)
  await premium.screenshot({ path: `artifacts/${info.project.name}-discovery-profile-premium.png`, fullPage: true })

  const context = await browser.newContext({ viewport: info.project.use.viewport, isMobile: info.project.use.isMobile, hasTouch: info.project.use.hasTouch, locale: 'nl-NL' })
  const free = await context.newPage()
  const problems = watchConsole(free)
  await logIn(free, 'free@datingstad.demo', 'demo-free-123')
  const freeLoads = await recordLoads(free, async () => {
    await free.goto(siteUrl('datingstad', `/members/${memberId}`))
    await hydrated(free)
  })
  await expect(free.getByTestId('member-profile')).toBeVisible()
  await expect(free.getByTestId('photo-lock').first()).toBeVisible()
  await expect(free.getByTestId('premium-invite')).toContainText('Als premiumlid zie je alle foto')
  await expect(free.getByTestId('hidden-private')).toContainText(/privéfoto/)
  await expect(free.getByTestId('premium-invite').getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium')
  // The lock is an offer: a tap explains what premium unlocks and leads to the premium page.
  await free.getByTestId('gallery').getByTestId('photo-lock').first().click()
  await expect(free.getByTestId('premium-offer')).toContainText("Alle foto's zonder vervaging")
  await free.screenshot({ path: `artifacts/${info.project.name}-discovery-premium-offer.png` })
  await expect(free.getByTestId('premium-offer-go')).toHaveAttribute('href', '/premium')
  await free.getByTestId('modal-close').click()
  // The page, its data and every request it made: no original file name anywhere.
  const html = await free.content()
  for (const name of originals) {
    expect(html).not.toContain(name)
    for (const body of freeLoads.bodies) expect(body).not.toContain(name)
    for (const url of freeLoads.urls) expect(url).not.toContain(name)
  }
  // Message and gift lead to the chat; the fictional label and warning are shown.
  await expect(free.getByTestId('message-link')).toHaveAttribute('href', `/members/${memberId}/chat`)
  await expect(free.getByTestId('gift-link')).toHaveAttribute('href', `/members/${memberId}/chat?gift=1`)
  await expect(free.getByTestId('fictional-warning')).toContainText('fictief')
  await free.screenshot({ path: `artifacts/${info.project.name}-discovery-profile-free.png`, fullPage: true })

  // Block from the menu of more options (tucked away), with confirmation, then unblock.
  await expect(free.getByTestId('block-button')).toHaveCount(0)
  await free.getByTestId('member-more').click()
  await free.getByTestId('block-button').click()
  await free.getByTestId('block-confirm').click()
  await expect(free.getByTestId('blocked-note')).toBeVisible()
  await expect(free.getByTestId('like-button')).toHaveCount(0)
  await free.getByTestId('block-button').click()
  await expect(free.getByTestId('blocked-note')).toHaveCount(0)
  await expect(free.getByTestId('like-button')).toBeVisible()
  // An unknown member is the 404 page.
  const res = await free.goto(siteUrl('datingstad', '/members/99999999'))
  expect(res?.status()).toBe(404)
  await expect(free.getByTestId('back-home')).toBeVisible()
  expect(problems.filter((p) => !p.includes('404'))).toEqual([])
  await context.close()
})

test('the like popup after ?t=1, liking back to a match, and the new-likes badge', async ({ page }, info) => {
  const problems = watchConsole(page)
  await signUp(page, 'datingstad', 'Popup', `popup-${info.project.name}-${Date.now()}@example.nl`)
  await page.goto(siteUrl('datingstad', '/members?t=1'))
  await hydrated(page)
  // t leaves the address at once; after a second the popup shows the liker.
  await expect(page).toHaveURL(/\/members$/)
  const popup = page.getByTestId('like-popup')
  await expect(popup).toBeVisible({ timeout: 5000 })
  const liker = (await popup.locator('#like-popup-title').textContent())!.replace(' vindt jou leuk!', '').trim()
  await expect(popup.getByTestId('like-popup-chat')).toHaveAttribute('href', /\/members\/\d+\/chat$/)
  // Likes reload 500 ms later: the badge counts the new like.
  await expect(page.getByTestId('nav-likes')).toContainText('1')
  await popup.getByTestId('like-popup-photo').click()
  await expect(popup.getByTestId('like-popup-large')).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-like-popup.png` })

  // The button opens the profile and the popup stays.
  await popup.getByTestId('like-popup-open').click()
  await expect(page.getByTestId('member-profile')).toBeVisible()
  await expect(popup).toBeVisible()
  await expect(page.locator('#member-name')).toContainText(liker)
  await expect(page.getByTestId('likes-you')).toBeVisible()
  // Opening the profile cleared the new like.
  await expect(page.getByTestId('nav-likes')).not.toContainText('1')
  await popup.getByTestId('like-popup-close').click()
  await expect(popup).toHaveCount(0)

  // Like back: a match.
  await page.getByTestId('like-button').click()
  // The match is a moment: full screen, both photos, the way to the conversation.
  const moment = page.getByTestId('match-moment')
  await expect(moment).toBeVisible()
  await expect(moment.getByRole('heading', { name: 'Het is een match!' })).toBeVisible()
  await expect(moment.getByTestId('match-own-photo')).toBeVisible()
  await expect(moment.getByTestId('match-their-photo').locator('img')).toBeVisible()
  await expect(moment.getByTestId('match-message')).toHaveAttribute('href', /^\/members\/\d+\/chat\?icebreaker=1$/)
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-match-moment.png` })
  // A modal dialog: Tab stays inside it (never reaches the profile behind it), Escape closes it and focus is back on
  // the like button.
  await expect(moment.getByTestId('match-message')).toBeFocused()
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    // (past the last control the browser's own UI may hold focus: the document's body then)
    const inside = await page.evaluate(() => {
      const active = document.activeElement
      return !active || active === document.body || Boolean(active.closest('[data-testid="match-moment"]'))
    })
    expect(inside, `Tab ${i + 1} left the match`).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(moment).toHaveCount(0)
  await expect(page.getByTestId('like-button')).toBeFocused()
  await expect(page.getByTestId('match-tag')).toBeVisible()
  await page.getByTestId('nav-likes').click()
  await expect(page.getByTestId('likes-tab-received')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('likes-list').getByTestId('member-card')).toHaveCount(1)
  await expect(page.getByTestId('like-new')).toHaveCount(0)
  await page.getByTestId('likes-tab-matches').click()
  await expect(page).toHaveURL(/\/likes\/matches$/)
  await expect(page.getByTestId('likes-list').getByTestId('like-match')).toHaveCount(1)
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-matches.png` })
  await page.getByTestId('likes-list').getByTestId('member-card').click()
  await expect(page).toHaveURL(/\/likes\/m\/\d+$/)
  await expect(page.getByTestId('match-tag')).toBeVisible()
  // Unlike: no longer a match.
  await page.getByTestId('like-button').click()
  await expect(page.getByTestId('match-tag')).toHaveCount(0)
  await expect(page.getByTestId('likes-you')).toBeVisible()
  expect(problems).toEqual([])
})

test('the swipe game: touch or mouse, keys and buttons until the 4 likes of the day are spent', async ({ page }, info) => {
  const problems = watchConsole(page)
  await signUp(page, 'datingstad', 'Swiper', `swipe-${info.project.name}-${Date.now()}@example.nl`)
  await page.goto(siteUrl('datingstad', '/swipe-game'))
  await hydrated(page)
  await expect(page.getByTestId('likes-left')).toContainText('Nog 4 van 4 likes vandaag')
  const card = page.getByTestId('swipe-card')
  await expect(card).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-swipe.png` })

  const label = async () => card.getAttribute('aria-label')
  // A short drag puts the card back.
  const first = await label()
  const box = (await card.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect.poll(label).toBe(first)
  // Dragged far to the right: a like.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + box.width * 0.6, box.y + box.height / 2 + 10, { steps: 12 })
  await page.mouse.up()
  await expect(page.getByTestId('likes-left')).toContainText('Nog 3 van 4')
  await expect.poll(label).not.toBe(first)

  // The left arrow skips (likes stay), the right arrow likes.
  // Screen readers hear each decision and the profile shown next (a status region).
  const second = await label()
  const secondName = second!.split(',')[0]
  await page.keyboard.press('ArrowLeft')
  await expect.poll(label).not.toBe(second)
  await expect(page.getByTestId('likes-left')).toContainText('Nog 3 van 4')
  await expect(page.getByTestId('swipe-announcement')).toHaveAttribute('role', 'status')
  await expect(page.getByTestId('swipe-announcement')).toContainText(`${secondName} overgeslagen. Nu: `)
  const third = (await label())!.split(',')[0]
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('likes-left')).toContainText('Nog 2 van 4')
  await expect(page.getByTestId('swipe-announcement')).toContainText(`Je vindt ${third} leuk.`)
  await page.getByTestId('swipe-like').click()
  await expect(page.getByTestId('likes-left')).toContainText('Nog 1 van 4')
  await page.keyboard.press('ArrowRight')
  // The fourth like spends the day: the limit and the time of the reset.
  await expect(page.getByTestId('swipe-limit')).toBeVisible()
  await expect(page.getByTestId('swipe-limit')).toContainText(/Nieuwe likes vanaf .*\d{2}:\d{2}/)
  await expect(page.getByTestId('swipe-like')).toBeDisabled()
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-swipe-limit.png` })
  // The server keeps the count: a reload shows the limit again.
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('swipe-limit')).toBeVisible()
  // Four likes given: the likes page lists them.
  await page.goto(siteUrl('datingstad', '/likes/given'))
  await expect(page.getByTestId('likes-list').getByTestId('member-card')).toHaveCount(4)
  expect(problems).toEqual([])
})

test('the match finder: like or skip one profile at a time', async ({ page }, info) => {
  const problems = watchConsole(page)
  await signUp(page, 'datingstad', 'Zoeker', `finder-${info.project.name}-${Date.now()}@example.nl`)
  const images: string[] = []
  page.on('request', (r) => images.push(r.url()))
  await page.goto(siteUrl('datingstad', '/match-finder'))
  await hydrated(page)
  // Members who signed up in other journeys (no photo yet) may come first: skip them until the next profile has a
  // photo, so there is one to fetch ahead.
  for (let i = 0; i < 20; i++) {
    const ahead = await page.evaluate(async () => (await fetch('/api/match-finder.php')).json())
    if (ahead.next?.main_image) break
    await page.evaluate(async (id) => {
      await fetch('/api/match-finder.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) })
    }, ahead.profile.id)
  }
  await page.reload()
  await hydrated(page)
  const card = page.getByTestId('finder-card')
  const first = await card.getAttribute('data-member-id')
  // The next profile's photo is already being fetched while the first one shows.
  const answer = await page.evaluate(async () => (await fetch('/api/match-finder.php')).json())
  expect(String(answer.profile.id)).toBe(first)
  const nextImage = new URL(answer.next.main_image.filename, page.url()).href
  await expect.poll(() => images.includes(nextImage)).toBe(true)
  await page.getByTestId('finder-skip').click()
  await expect(card).not.toHaveAttribute('data-member-id', first!)
  const second = await card.getAttribute('data-member-id')
  await page.getByTestId('finder-like').click()
  await expect(card).not.toHaveAttribute('data-member-id', second!)
  await expect(card).not.toHaveAttribute('data-member-id', first!)
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-match-finder.png` })
  // With keys only: → likes, ← skips, and each decision is announced with the profile shown next.
  const third = await card.getAttribute('data-member-id')
  await expect(page.getByTestId('finder-like')).toBeEnabled()
  await page.keyboard.press('ArrowRight')
  await expect(card).not.toHaveAttribute('data-member-id', third!)
  await expect(page.getByTestId('finder-announcement')).toContainText(/^Je vindt .+ leuk\./)
  const fourth = await card.getAttribute('data-member-id')
  // (the keys, like the buttons, wait for the server's answer to the last decision)
  await expect(page.getByTestId('finder-skip')).toBeEnabled()
  await page.keyboard.press('ArrowLeft')
  await expect(card).not.toHaveAttribute('data-member-id', fourth!)
  await expect(page.getByTestId('finder-announcement')).toContainText(/ overgeslagen\./)
  // A button pressed with Enter keeps the keyboard focus while the next profile loads.
  await expect(page.getByTestId('finder-skip')).toBeEnabled()
  const fifth = await card.getAttribute('data-member-id')
  await page.getByTestId('finder-skip').focus()
  await page.keyboard.press('Enter')
  await expect(card).not.toHaveAttribute('data-member-id', fifth!)
  await expect(page.getByTestId('finder-skip')).toBeFocused()
  await expect(page.getByTestId('finder-skip')).toBeEnabled()
  await page.goto(siteUrl('datingstad', '/likes/given'))
  await expect(page.locator(`[data-member-id="${second}"]`)).toBeVisible()
  await expect(page.locator(`[data-member-id="${third}"]`)).toBeVisible()
  await expect(page.locator(`[data-member-id="${fourth}"]`)).toHaveCount(0)
  expect(problems).toEqual([])
})

test('member landings show the member to a visitor in three designs with a call to sign up', async ({ page }, info) => {
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  await page.goto(siteUrl('datingstad', '/members'))
  const id = await cards(page).first().getAttribute('data-member-id')
  const name = (await cards(page).first().locator('strong').textContent())!.split(',')[0]
  for (const [path, design] of [
    [`/members/${id}/landing`, 'landing'],
    [`/members/${id}/landing2/zomer`, 'landing2'],
    [`/members/${id}/landing3`, 'landing3'],
  ] as const) {
    await page.goto(siteUrl('datingstad', path))
    await hydrated(page)
    await expect(page.getByTestId(`member-landing-${design}`)).toBeVisible()
    await expect(page.getByTestId(`member-landing-${design}`)).toContainText(name)
    // The lander layout: the brand only, no member navigation.
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible()
    await expect(page.getByTestId('nav-likes')).toHaveCount(0)
    await page.screenshot({ path: `artifacts/${info.project.name}-discovery-${design}.png`, fullPage: true })
  }
  await page.getByTestId('landing-cta').click()
  if (info.project.name === 'desktop') await expect(page.getByRole('dialog', { name: 'Gratis aanmelden' })).toBeVisible()
  else await page.waitForURL(/\/signup$/)
  await page.goto(siteUrl('datingstad', `/members/${id}/signup`))
  await hydrated(page)
  await expect(page.getByTestId('landing-signup-form').getByLabel('E-mailadres')).toBeVisible()
  await page.screenshot({ path: `artifacts/${info.project.name}-discovery-member-signup.png`, fullPage: true })
  const res = await page.goto(siteUrl('datingstad', '/members/99999999/landing'))
  expect(res?.status()).toBe(404)
  expect(problems.filter((p) => !p.includes('404'))).toEqual([])
})
