// The page's pathname, parsed once per URL. Vike's `pageContext.urlPathname` is a getter that parses `urlOriginal`
// again on every read (twice: the URL handler parses it too), and a request reads it from every route function
// (13 of them, each asked on every request) and from several components: about 4% of the CPU of a member search
// request went to parsing the same URL (decision 042, sixth addendum). The pathname is a function of `urlOriginal`
// alone (no base URL, no URL rewrite here), so the last one parsed answers every read of the same URL, on the server
// (requests interleave, but a key always gets its own value) and in the browser.
import type { PageContext } from 'vike/types'

let last: { original: string; pathname: string } | undefined

/** `pageContext.urlPathname`, without parsing the URL again when the last one read was the same. */
export function pathnameOf(pageContext: Pick<PageContext, 'urlOriginal' | 'urlPathname'>): string {
  const original = pageContext.urlOriginal
  // A page context made by hand (a component test) may have no urlOriginal: nothing to key by.
  if (typeof original !== 'string') return pageContext.urlPathname
  if (last?.original !== original) last = { original, pathname: pageContext.urlPathname }
  return last.pathname
}
