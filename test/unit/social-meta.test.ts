// Link previews (Open Graph, Twitter cards) and the canonical address of public pages, per tenant.
import { socialHtml, socialMeta } from '../../renderer/social-meta'

const base = { domain: 'datingstad.nl', siteName: 'Datingstad', description: 'Daten in jouw stad', title: 'Veelgestelde vragen | Datingstad', path: '/faq' }
const tag = (meta: ReturnType<typeof socialMeta>, key: string) => meta.tags.find((t) => t[1] === key)?.[2]

it('gives a visitor page the brand preview and a summary card, on the tenant domain', () => {
  const meta = socialMeta({ ...base, loggedIn: false, data: { canonical: '/pages/faq' } })
  expect(meta.canonical).toBe('https://datingstad.nl/pages/faq')
  expect(tag(meta, 'og:title')).toBe('Veelgestelde vragen | Datingstad')
  expect(tag(meta, 'og:description')).toBe('Daten in jouw stad')
  expect(tag(meta, 'og:site_name')).toBe('Datingstad')
  expect(tag(meta, 'og:url')).toBe('https://datingstad.nl/pages/faq')
  expect(tag(meta, 'og:image')).toBe('https://datingstad.nl/apple-touch-icon.png')
  expect(tag(meta, 'twitter:card')).toBe('summary')
  expect(tag(meta, 'twitter:image')).toBe('https://datingstad.nl/apple-touch-icon.png')
})

it("shows a member landing's blurred photo as a large card", () => {
  const meta = socialMeta({ ...base, path: '/members/7/landing', loggedIn: false, data: { socialImage: '/media/abc-blur.webp' } })
  expect(tag(meta, 'og:image')).toBe('https://datingstad.nl/media/abc-blur.webp')
  expect(tag(meta, 'twitter:card')).toBe('summary_large_image')
  expect(tag(meta, 'og:url')).toBe('https://datingstad.nl/members/7/landing')
})

it('adds no preview to a page rendered for a logged-in member, but keeps the canonical address', () => {
  const meta = socialMeta({ ...base, loggedIn: true, data: { canonical: '/pages/faq', socialImage: '/media/x.webp' } })
  expect(meta.tags).toEqual([])
  expect(meta.canonical).toBe('https://datingstad.nl/pages/faq')
})

it('escapes every value in the HTML', () => {
  const html = socialHtml(socialMeta({ ...base, title: 'A "quoted" <b>title</b>', loggedIn: false }))
  expect(html).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt;" />')
  expect(html).not.toContain('<b>')
})
