// https://vike.dev/route-function: /{token}, an information page beside /pages/{token} (SPEC.md section 2's route
// table). Any one-segment path no other page claims (Vike ranks static routes first); the data hook answers 404
// for a token that is neither a built-in page nor one of the tenant's extra pages. Canonical: /pages/{token}.
import type { PageContext } from 'vike/types'
import { pathnameOf } from '../../src/shared/url-pathname'

/** A one-segment path that may be an information page: /terms, /faq, or a tenant's extra page. */
const INFO_TOKEN = /^\/([a-z0-9-]{1,60})\/?$/

export default (pageContext: PageContext) => {
  const m = INFO_TOKEN.exec(pathnameOf(pageContext))
  return m ? { routeParams: { token: m[1] }, precedence: -1 } : false
}
