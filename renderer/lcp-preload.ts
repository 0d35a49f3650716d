// The head's preload of the page's first prioritised image (decision 041, addendum 2): the photo a page marks
// fetchpriority="high" (the lander's lead photo, the first cards of a member grid) is its largest paint on a phone.
// A <link rel="preload" as="image"> with the same srcset and sizes in the head starts its request with the document's
// first bytes, before the inline CSS and the markup above it are parsed, and the browser picks the same variant
// for the link as for the image (so it is fetched once).

const PRIORITY = ' fetchPriority="high"'

/**
 * The first `<img>` tag with the attribute as React writes it, found by plain string search (the member search's
 * 58 KB of markup: a case-insensitive pattern over it cost several times more, per request). React escapes `<` and
 * `>` in attribute values, so the tag is what lies between the `<` before the attribute and the `>` after it.
 */
function firstPrioritisedImg(html: string): { tag: string; index: number } | undefined {
  for (let at = html.indexOf(PRIORITY); at >= 0; at = html.indexOf(PRIORITY, at + PRIORITY.length)) {
    const start = html.lastIndexOf('<', at)
    if (!/^<img\s/.test(html.slice(start, start + 5))) continue
    return { tag: html.slice(start, html.indexOf('>', at) + 1), index: start }
  }
  return undefined
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]

/**
 * The preload link for the first `<img fetchPriority="high">` of React's server markup, or '' when there is none.
 * In a `<picture>` with an AVIF `<source>`, the link preloads that srcset with type="image/avif" (what a browser
 * that shows AVIF picks); otherwise the image's own srcset and sizes (and src for browsers without srcset).
 * Attribute values are taken as React escaped them, so they go into the link unchanged.
 */
export function lcpImagePreload(html: string): string {
  const img = firstPrioritisedImg(html)
  if (!img) return ''
  const before = html.slice(0, img.index)
  const pictureStart = before.lastIndexOf('<picture')
  const inPicture = pictureStart >= 0 && before.indexOf('</picture>', pictureStart) < 0
  const avif = inPicture ? /<source\s[^>]*type="image\/avif"[^>]*>/i.exec(before.slice(pictureStart))?.[0] : undefined
  const srcset = avif ? attr(avif, 'srcSet') : attr(img.tag, 'srcSet')
  const sizes = avif ? attr(avif, 'sizes') : attr(img.tag, 'sizes')
  const src = attr(img.tag, 'src')
  if (!srcset && !src) return ''
  const parts = ['<link rel="preload" as="image"']
  if (avif) parts.push('type="image/avif"')
  if (!avif && src) parts.push(`href="${src}"`)
  if (srcset) parts.push(`imagesrcset="${srcset}"`)
  if (srcset && sizes) parts.push(`imagesizes="${sizes}"`)
  parts.push('fetchpriority="high" />')
  return parts.join(' ')
}
