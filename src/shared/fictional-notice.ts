import { labelInSentence } from './label-in-sentence'

/** The tenant's words for its fictional profiles, in one language. */
export interface FictionalWords {
  site: string
  plural: string
  singular: string
}

/**
 * The notice that the site has fictional profiles, how they are labelled and that physical contact with them is not
 * possible (`fictional_notice` in common.json), in the tenant's words: for the payment pages (the credits API, on the
 * server) and under a lander's or the signup page's members (in the browser).
 */
export function fictionalNotice(t: (key: string, options: Record<string, string>) => string, lng: string, words: FictionalWords): string {
  return t('fictional_notice', { site: words.site, fictional_plural: labelInSentence(words.plural, lng), fictional_singular: words.singular })
}
