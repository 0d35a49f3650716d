import type { PageContext } from 'vike/types'
import type { TFunction } from 'i18next'

/** The page's own title (without the unread prefix): "<page> | <brand>", or the brand's index title on /. */
export function pageTitle(pageContext: PageContext, t: TFunction): string {
  const { settings } = pageContext.tenant
  const own = pageContext.config.title
  const data = pageContext.data as { title?: string } | undefined
  const title = data?.title ?? (typeof own === 'function' ? own(pageContext) : own ? t(own, { site: settings.name }) : undefined)
  return title ? `${title} | ${settings.name}` : `${settings.name} - ${settings.index_title}`
}
