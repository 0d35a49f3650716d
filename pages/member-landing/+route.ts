// https://vike.dev/route-function: the member landings /members/{id}/landing, /members/{id}/signup,
// /members/{id}/landing2/{slug?} and /members/{id}/landing3/{slug?}.
import type { PageContext } from 'vike/types'
import { pathnameOf } from '../../src/shared/url-pathname'

export default (pageContext: PageContext) => {
  const m = /^\/members\/(\d+)\/(landing|signup|landing2|landing3)(?:\/([a-z0-9-]{1,80}))?\/?$/.exec(pathnameOf(pageContext))
  if (!m || ((m[2] === 'landing' || m[2] === 'signup') && m[3])) return false
  return { routeParams: { id: m[1], design: m[2], slug: m[3] ?? '' } }
}
