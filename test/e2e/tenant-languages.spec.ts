// Every catalogue reachable in the browser (issue 18): EuroFlirt offers the Nordic and southern languages and
// en-US beside en. Each language's login page renders in it (html lang, title, labels from that catalogue), its
// price page in the country's currency, without hydration warnings.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { entryWarningConfirmed, hydrated, siteUrl, watchConsole } from './helpers'

const catalogue = (lng: string) => JSON.parse(fs.readFileSync(path.resolve('locales', lng, 'common.json'), 'utf8'))

for (const lng of ['da', 'sv', 'nb', 'fi', 'es', 'it', 'pl', 'en-US']) {
  test(`EuroFlirt in ${lng}: the login page in its own language`, async ({ page }, info) => {
    const problems = watchConsole(page)
    const texts = catalogue(lng)
    await entryWarningConfirmed(page)
    await page.goto(siteUrl('euroflirt', `/login?lang=${lng}`))
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.login.title)
    await expect(page.getByLabel(texts.login.email)).toBeVisible()
    await expect(page.getByLabel(texts.login.password, { exact: true })).toBeVisible()
    // Another catalogue never shows through (the Dutch reference is the fallback).
    if (texts.login.email !== 'E-mailadres') await expect(page.getByText('E-mailadres', { exact: true })).toHaveCount(0)
    if (['sv', 'pl', 'en-US'].includes(lng)) await page.screenshot({ path: info.outputPath(`euroflirt-login-${lng}-${info.project.name}.png`), fullPage: true })
    expect(problems.filter((p) => /hydrat|#418|#423|missingKey/i.test(p))).toEqual([])
  })
}

test('a page in Polish is sent one byte a character and reads the same in the browser', async ({ page }, info) => {
  // Letters above U+00FF travel as character references in the markup and head, and as \u escapes in the page
  // context (renderer/one-byte.ts, the vike serializeContext patch): the server's document stays one byte a
  // character; the browser shows and hydrates the same text.
  const problems = watchConsole(page)
  await entryWarningConfirmed(page)
  const response = await page.goto(siteUrl('euroflirt', '/?lang=pl'))
  const html = await response!.text()
  expect(html.match(/[\u0100-\uffff]/g) ?? []).toEqual([])
  expect(html).toContain('<h1 class="')
  expect(html).toContain('czekaj&#261; na Ciebie</h1>')
  expect(html).toContain('<title>EuroFlirt - Single w ka&#380;dym wieku')
  const context = JSON.parse((await page.locator('#vike_pageContext').textContent())!) as { tenantJson: string }
  expect(context.tenantJson).toContain('Załóż darmowy profil na EuroFlirt')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Single z Twojej okolicy czekają na Ciebie')
  await expect(page).toHaveTitle('EuroFlirt - Single w każdym wieku: darmowe randki i czat, Polska')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'EuroFlirt: single z Twojej okolicy. Zarejestruj się za darmo, szukaj, lajkuj i czatuj.')
  await page.screenshot({ path: info.outputPath(`euroflirt-landing-pl-${info.project.name}.png`) })
  expect(problems.filter((p) => /hydrat|#418|#423|missingKey/i.test(p))).toEqual([])
})
