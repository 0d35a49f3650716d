// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { infoPageData } from '../../../src/features/info-pages/info-pages.server'

export async function data(pageContext: PageContextServer) {
  const page = infoPageData(pageContext, pageContext.routeParams.token)
  if (!page) throw render(404)
  return page
}
