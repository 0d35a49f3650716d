// The console (/admin, decision 028) in the browser, desktop and phone: an admin looks a member up and bans them,
// and the member's open tab is sent to /pages/ban at once; the overview shows every brand with its charts.
import { expect, test } from '@playwright/test'
import { consoleLogin, createStaff, signUp, siteUrl, watchConsole } from './helpers'



test('an admin looks a member up and bans them; the member\'s open tab goes to /pages/ban', async ({ page, browser }, info) => {
  const problems = watchConsole(page)
  const email = `verbannen-${info.project.name}-${Date.now()}@example.com`
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'))
  await signUp(page, 'datingstad', 'Bram', email)
  await socket
  // The member's cookie, for another browser of theirs that comes back after the ban.
  const memberCookies = await page.context().cookies()

  const staff = await consoleLogin(browser, info, await createStaff('admin', info.project.name), '/admin/members')
  await staff.getByLabel('Zoek op e-mailadres, naam of id').fill(email)
  await staff.getByRole('button', { name: 'Zoeken' }).click()
  await expect(staff.getByTestId('member-row')).toHaveCount(1)
  await staff.getByTestId('member-row').getByRole('link', { name: 'Bram' }).click()
  // A new member who has not confirmed the address yet.
  await expect(staff.getByTestId('member-status')).toHaveText('Niet bevestigd')
  await staff.getByLabel('Reden van de blokkering').fill('nepprofiel, test')
  await staff.getByRole('button', { name: 'Blokkeren' }).click()
  await expect(staff.getByRole('status')).toHaveText('Het lid is geblokkeerd en overal uitgelogd.')
  await expect(staff.getByTestId('member-status')).toHaveText('Geblokkeerd')

  // The member's tab, left open on the site, leaves for the ban page by itself, logged out.
  await expect(page).toHaveURL(siteUrl('datingstad', '/pages/ban'), { timeout: 10_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blokkering van accounts')
  const user = await page.evaluate(() => fetch('/api/user.php', { headers: { Accept: 'application/json' } }).then((r) => r.status))
  expect(user).toBe(403)
  // The refused session's cookie went with the ban page; a page asked for afterwards is a visitor's.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('sid')
  await page.goto(siteUrl('datingstad', '/chats'))
  await expect(page.getByTestId('login-required')).toBeVisible()
  // Another browser of the member, opening a member's page with the banned session: the ban page, once.
  const other = await browser.newContext({ locale: 'nl-NL' })
  await other.addCookies(memberCookies)
  const otherPage = await other.newPage()
  await otherPage.goto(siteUrl('datingstad', '/members'))
  await expect(otherPage).toHaveURL(siteUrl('datingstad', '/pages/ban'))
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Blokkering van accounts')
  expect((await other.cookies()).map((c) => c.name)).not.toContain('sid')
  await other.close()
  // The ban is in the member's audit trail on the console.
  await staff.reload()
  await expect(staff.getByRole('region', { name: 'Acties van medewerkers' })).toContainText('Lid geblokkeerd')
  // …and in the audit log, readable on a phone: the table scrolls in its own box instead of squeezing the
  // staff member's address into a column of two letters per line, and the page itself never scrolls sideways.
  await staff.goto(siteUrl('datingstad', '/admin/audit'))
  const banned = staff.getByTestId('audit-row').filter({ hasText: 'Lid geblokkeerd' }).first()
  await expect(banned).toBeVisible()
  expect((await banned.locator('td').nth(1).boundingBox())!.width).toBeGreaterThan(100)
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(staff.viewportSize()!.width)
  expect(problems.filter((p) => !/403|401/.test(p))).toEqual([])
})

test('the overview shows every brand with its charts, readable without sideways scrolling', async ({ browser }, info) => {
  const staff = await consoleLogin(browser, info, await createStaff('admin', `${info.project.name}-overview`))
  const brands = staff.getByTestId('overview-tenant')
  await expect(brands).toHaveCount(5)
  for (const id of ['datingstad', 'euroflirt', 'flirtbelgie', 'mannenmatch', 'rijpedates']) {
    for (const chart of ['signups', 'active', 'revenue']) {
      const figure = staff.locator(`[data-testid^="chart-${id}-${chart}"]`).first()
      await expect(figure.locator('svg[role="img"] title')).toContainText(/per dag van \d{4}-\d\d-\d\d tot \d{4}-\d\d-\d\d/)
    }
  }
  // Members signed up by the journeys today: datingstad's signups chart has a bar.
  await expect(staff.locator('[data-testid="chart-datingstad-signups"] rect').first()).toBeAttached()
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(staff.viewportSize()!.width)
  // The sections: on a phone one row scrolled sideways (not four rows above every page), wrapping on a desktop.
  const tops = await staff.getByTestId('console-sections').getByRole('link').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)))
  expect(tops.length).toBeGreaterThan(8)
  if (info.project.name === 'phone') expect(new Set(tops).size).toBe(1)
  await staff.screenshot({ path: info.outputPath(`overview-${info.project.name}.png`) })
})
