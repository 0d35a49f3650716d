// https://vike.dev/route-function: /likes and /likes/{type}; an unknown type is the 404 of the data hook.
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => {
  const m = /^\/likes(?:\/([a-z]+))?\/?$/.exec(pageContext.urlPathname)
  return m ? { routeParams: { type: m[1] ?? 'received' } } : false
}
