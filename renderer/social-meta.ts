// The link preview of a page (Open Graph and Twitter cards) and its canonical address, per tenant. Only on pages
// rendered for a visitor (no member logged in): that is what a link preview's crawler sees, and a member's
// page holds nothing it should repeat. The image is the brand's icon, or on a member landing that member's blurred
// public photo; never an original.
import { escapeHtml } from '../src/shared/escape-html'

/** What a page's data may add: its canonical path, its description and its image (a path or an absolute URL). */
export interface SocialData {
  canonical?: string
  description?: string
  socialImage?: string
}

export interface SocialMeta {
  canonical?: string
  /** [attribute, key, content]: property= for Open Graph, name= for Twitter. */
  tags: Array<['property' | 'name', string, string]>
}

export function socialMeta(opts: { domain: string; siteName: string; description: string; title: string; path: string; loggedIn: boolean; data?: SocialData }): SocialMeta {
  const base = `https://${opts.domain}`
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${base}${p.startsWith('/') ? '' : '/'}${p}`)
  const canonical = opts.data?.canonical ? abs(opts.data.canonical) : undefined
  if (opts.loggedIn) return { canonical, tags: [] }
  const description = opts.data?.description || opts.description
  const image = abs(opts.data?.socialImage ?? '/apple-touch-icon.png')
  const large = opts.data?.socialImage !== undefined
  return {
    canonical,
    tags: [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', opts.siteName],
      ['property', 'og:title', opts.title],
      ['property', 'og:description', description],
      ['property', 'og:url', canonical ?? abs(opts.path)],
      ['property', 'og:image', image],
      ['name', 'twitter:card', large ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', opts.title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ],
  }
}

const esc = escapeHtml

/** The tags as HTML for the head, every value escaped. */
export function socialHtml(meta: SocialMeta): string {
  const lines = meta.canonical ? [`<link rel="canonical" href="${esc(meta.canonical)}" />`] : []
  for (const [attr, key, content] of meta.tags) lines.push(`<meta ${attr}="${key}" content="${esc(content)}" />`)
  return lines.join('\n    ')
}
