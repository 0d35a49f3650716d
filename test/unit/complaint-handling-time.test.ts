// One handling time for complaints (COMPLAINT_HANDLING_DAYS) on the complaints page, in its receipt mail and on
// the information pages (terms, FAQ, service), in every catalogue.
import fs from 'node:fs'
import path from 'node:path'
import { LOCALES } from '../../src/shared/locales'
import { COMPLAINT_HANDLING_DAYS } from '../../src/shared/contracts'

const dir = path.resolve(__dirname, '../../locales')
const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8'))
/** The information-page sections that promise a reply to a complaint. */
const PAGE_TEXTS = [['terms', 9], ['faq', 8], ['service', 4]] as const

describe.each(LOCALES)('%s', (lng) => {
  it('the complaints page and the receipt take the handling time from one constant', () => {
    const { complaints } = load(lng, 'common')
    const mail = load(lng, 'mail')
    for (const text of [complaints.intro, complaints.success, mail.complaint_receipt.intro]) {
      expect(text).toContain('{{days}}')
      // No other number of days or working days beside it.
      expect(text.replace('{{days}}', '')).not.toMatch(/\d/)
    }
  })

  it(`the information pages promise the same ${COMPLAINT_HANDLING_DAYS} days`, () => {
    const pages = load(lng, 'pages')
    for (const [page, section] of PAGE_TEXTS) {
      const body: string = pages[page].sections[section].body
      const numbers = [...body.matchAll(/\b(\d+)\b/g)].map((m) => Number(m[1]))
      expect({ page, numbers }).toEqual({ page, numbers: [COMPLAINT_HANDLING_DAYS] })
    }
  })
})
