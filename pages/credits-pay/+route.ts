// https://vike.dev/route-function: /credits/{id}/{paymentmethod?}; /credits/repeat-order is a page of its own.
import type { PageContext } from 'vike/types'
import { pathnameOf } from '../../src/shared/url-pathname'

export default (pageContext: PageContext) => {
  const m = /^\/credits\/([a-z0-9-]{1,40})(?:\/([a-z]{2,20}))?\/?$/.exec(pathnameOf(pageContext))
  if (!m || m[1] === 'repeat-order') return false
  return { routeParams: m[2] ? { id: m[1], method: m[2] } : { id: m[1] } }
}
