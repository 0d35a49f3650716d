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
