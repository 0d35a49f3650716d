// The route of a lander: /landers/<design> and, for all but tinderswipe, /landers/<design>/<slug>. Any slug is a
// page (an unknown one gets the tenant's default wording), never a 404.
import type { PageContext } from 'vike/types'
import { SLUGLESS_DESIGNS, type LanderDesign } from './slug'
import { pathnameOf } from '../../shared/url-pathname'

export function landerRoute(design: LanderDesign) {
  const re = new RegExp(`^/landers/${design}(?:/([^/]{1,200}))?/?$`)
  return (pageContext: PageContext) => {
    const m = re.exec(pathnameOf(pageContext))
    if (!m || (m[1] && SLUGLESS_DESIGNS.includes(design))) return false
    return { routeParams: { design, slug: m[1] ?? '' } }
  }
}
