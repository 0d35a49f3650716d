// https://vike.dev/route-function: /likes and /likes/{type}; an unknown type is the 404 of the data hook.
import type { PageContext } from 'vike/types'
import { pathnameOf } from '../../src/shared/url-pathname'

export default (pageContext: PageContext) => {
  const m = /^\/likes(?:\/([a-z]+))?\/?$/.exec(pathnameOf(pageContext))
  return m ? { routeParams: { type: m[1] ?? 'received' } } : false
}
