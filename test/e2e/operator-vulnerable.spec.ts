// The vulnerable flag in the browser, desktop and phone (issue 13, the ACM commitments; decision 037 addendum): a
// member writes to a fictional profile; a chat operator marks the member vulnerable from the console; the member's
// open chat shows the plain warning live and the server refuses their paid messages to fictional profiles; support
// reviews the mark on the member's page and lifts it, and the warning leaves the member's tab live.
import { expect, test } from '@playwright/test'
import { consoleLogin, createStaff, hydrated, signUp, siteUrl, watchConsole } from './helpers'

const TENANT = 'datingstad'

const WARNING = /je chat hier niet met een echt lid/

test('an operator marks a member vulnerable: the member is warned live and cannot send paid messages to fictional profiles until support lifts it', async ({ page, browser }, info) => {
  test.setTimeout(120_000)
  const project = info.project.name
  const problems = watchConsole(page)
  // Each project its own name: the queue item is found by it.
  const name = project === 'phone' ? 'Vera' : 'Veerle'
  await signUp(page, TENANT, name, `kwetsbaar-${project}-${Date.now()}@example.com`)
  const found = await page.evaluate(async () => (await fetch('/api/search.php', { headers: { Accept: 'application/json' } })).json())
  const fictional = (found.profiles as { id: number; name: string; fictional: boolean }[]).find((p) => p.fictional)
  expect(fictional).toBeTruthy()
  await page.goto(siteUrl(TENANT, `/members/${fictional!.id}/chat`))
  await hydrated(page)
  await page.getByRole('dialog').getByRole('button', { name: 'Ik schrijf zelf iets' }).click({ timeout: 5000 }).catch(() => undefined)
  await page.getByLabel('Je bericht').fill(`Hoi ${fictional!.name}, ik voel me vaak alleen (${project}).`)
  await page.getByRole('button', { name: 'Versturen' }).click()
  await expect(page.getByTestId('message').last()).toContainText('ik voel me vaak alleen')
  await expect(page.getByTestId('vulnerable-warning')).toHaveCount(0)

  // The operator takes the conversation and marks the member.
  const operator = await consoleLogin(browser, info, await createStaff('chat_operator', `kwetsbaar-${project}`, TENANT), '/admin/chats', TENANT)
  const staffProblems = watchConsole(operator)
  await operator.getByTestId('queue-item').filter({ hasText: `${name} → ${fictional!.name}` }).first().click()
  const panel = operator.getByTestId('operator-vulnerable')
  await panel.getByLabel('Reden (alleen voor medewerkers)').fill('schrijft over eenzaamheid')
  await panel.getByRole('button', { name: 'Markeren als kwetsbaar' }).click()
  await expect(panel.getByRole('status')).toContainText('Gemarkeerd als kwetsbaar sinds')
  await operator.screenshot({ path: info.outputPath(`vulnerable-operator-${project}.png`), fullPage: true })

  // The member's open chat shows the warning at once; paid messages to fictional profiles are refused.
  await expect(page.getByTestId('vulnerable-warning')).toContainText(WARNING, { timeout: 10_000 })
  await page.screenshot({ path: info.outputPath(`vulnerable-member-${project}.png`) })
  const refused = await page.evaluate(
    async (id) => {
      const res = await fetch(`/api/message.php?member_id=${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ kind: 'text', client_id: crypto.randomUUID(), text: 'Ben je er nog?' }) })
      return { status: res.status, body: await res.json() }
    },
    fictional!.id,
  )
  expect(refused).toMatchObject({ status: 403, body: { error: 'vulnerable_review', message: expect.stringContaining('geen betaalde berichten') } })

  // Support reviews it on the member's page and lifts it; the warning leaves the member's tab live.
  const memberId = await page.evaluate(async () => (await (await fetch('/api/user.php', { headers: { Accept: 'application/json' } })).json()).user.id as number)
  const support = await consoleLogin(browser, info, await createStaff('support', `kwetsbaar-${project}`, TENANT), `/admin/members/${memberId}`, TENANT)
  const review = support.getByTestId('member-vulnerable')
  await expect(review).toContainText('Reden van de operator: schrijft over eenzaamheid')
  await review.getByLabel('Reden van de beoordeling').fill('gebeld; weet dat medewerkers antwoorden')
  await review.getByRole('button', { name: 'Markering opheffen na beoordeling' }).click()
  await expect(support.getByRole('status').filter({ hasText: 'De markering als kwetsbaar is opgeheven.' })).toBeVisible()
  await expect(page.getByTestId('vulnerable-warning')).toHaveCount(0, { timeout: 10_000 })

  expect(problems.filter((p) => !/403/.test(p))).toEqual([])
  expect(staffProblems).toEqual([])
})
