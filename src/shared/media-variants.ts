// Responsive, modern-format copies of member photos (issue 15, docs/decisions/033 addendum): every stored photo file
// `<32 hex>.webp` has variants `<32 hex>-<width>.<avif|webp>`, made from that file alone the first time they are
// asked for (src/features/photos/variants.server.ts). A variant's address is derived from the file's, so whoever
// may see a file sees its variants and nobody else: a blurred copy's variants are blurred, an original's name never
// reaches a viewer who gets the blurred copy.

/** The widths a variant may have: the cards (from 320 px thumbnails and 400 px blurred copies) and the profile. */
export const VARIANT_WIDTHS = [160, 320, 480, 800, 1200] as const
export type VariantWidth = (typeof VARIANT_WIDTHS)[number]
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

/** The only names media storage holds (anything else is refused before it reaches a path or a key). */
export const MEDIA_NAME = /^[0-9a-f]{32}\.webp$/

const STORED = /^(.*\/media\/)([0-9a-f]{32})\.webp$/
/** A variant's file name: the stored file's random name, the width and the format. */
export const VARIANT_NAME = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp)$/

export function variantName(base: string, width: VariantWidth, format: VariantFormat) {
  return `${base}-${width}.${format}`
}

/**
 * The sizes on offer. The stored file's width: a thumbnail 320 px, a blurred copy 400 px (what a locked image's
 * both addresses are), a full photo up to 1600 px. WebP below it (the stored file is the largest WebP), AVIF up to it
 * (a full photo's AVIF stops at 1200 px: the profile photo is never shown wider than 600 CSS px). No AVIF of a
 * blurred copy: WebP is smaller for it (1.1 KB against 1.4 KB at 320 px, decision 033 addendum).
 */
function widthsFor(kind: 'thumb' | 'full', locked: boolean): { stored: number; webp: VariantWidth[]; avif: VariantWidth[] } {
  if (locked) return kind === 'thumb' ? { stored: 400, webp: [160, 320], avif: [] } : { stored: 400, webp: [320], avif: [] }
  return kind === 'thumb' ? { stored: 320, webp: [160], avif: [160, 320] } : { stored: 1600, webp: [480, 800, 1200], avif: [480, 800, 1200] }
}

export interface ResponsiveSources {
  /** srcset of the AVIF variants (a <source type="image/avif">); empty when none is offered. */
  avif: string
  /** srcset of the WebP variants and the stored file (the img's own srcset; its src stays the stored file). */
  webp: string
}

/**
 * The srcsets for a photo address of ours, or undefined for any other address (an avatar elsewhere, a data URL):
 * then the plain address is all there is.
 */
export function responsiveSources(url: string, kind: 'thumb' | 'full', locked: boolean): ResponsiveSources | undefined {
  const m = STORED.exec(url)
  if (!m) return undefined
  const [, prefix, base] = m
  const widths = widthsFor(kind, locked)
  const entry = (w: VariantWidth, format: VariantFormat) => `${prefix}${variantName(base, w, format)} ${w}w`
  return {
    avif: widths.avif.map((w) => entry(w, 'avif')).join(', '),
    webp: [...widths.webp.map((w) => entry(w, 'webp')), `${url} ${widths.stored}w`].join(', '),
  }
}
