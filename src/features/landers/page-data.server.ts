// The +data of the landers: the lander endpoint's handler called in process as the visitor (decision 026; the same
// presenters and visibility rules as the discovery pages), plus the document title and the robots rule.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { landerEndpoint, type LanderResponse } from './lander-contract'
import { LANDER_DESIGNS, SLUGLESS_DESIGNS, type LanderDesign } from './slug'
import { landerTexts } from './wording'

export interface LanderPageData extends LanderResponse {
  title: string
  /** For the document head: noindex unless the tenant lets search engines index its landers. */
  robots?: string
}

/** The lander of the route (its design comes from src/features/landers/route.ts). */
export async function landerPageData(pageContext: PageContextServer): Promise<LanderPageData> {
  const design = pageContext.routeParams.design as LanderDesign
  if (!LANDER_DESIGNS.includes(design)) throw render(404)
  const slug = pageContext.routeParams.slug
  const res = await pageContext.services!.call(landerEndpoint, { query: { design, slug: slug && !SLUGLESS_DESIGNS.includes(design) ? slug.slice(0, 200) : undefined } })
  if (res.status !== 200 || !res.body) throw render(res.status === 429 ? 429 : 500)
  const body: LanderResponse = res.body
  const t = pageContext.i18nServer!.t
  const { title } = landerTexts(t, body, pageContext.tenant.settings.name)
  return { ...body, title, robots: body.indexable ? undefined : 'noindex' }
}

/** How many members /signup-matches shows above its form. */
export const SIGNUP_MATCHES = 6

export interface SignupMatchesData {
  members: LanderResponse['members']
}

/**
 * /signup-matches: a few members who fit the visitor (the brand's niche, its countries, as the visitor may see
 * them: blurred), read like a lander's. When they cannot be read the page shows the form alone.
 */
export async function signupMatchesData(pageContext: PageContextServer): Promise<SignupMatchesData> {
  const res = await pageContext.services!.call(landerEndpoint, { query: { design: 'gallery' } })
  if (res.status !== 200 || !res.body) return { members: [] }
  const body: LanderResponse = res.body
  return { members: body.members.slice(0, SIGNUP_MATCHES) }
}
