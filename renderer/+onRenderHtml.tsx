// https://vike.dev/onRenderHtml
import { serverCache, styleTags } from './emotion-cache'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { OnRenderHtmlAsync } from 'vike/types'
import { renderPageMarkup } from './kept-markup'
import { documentTitle } from './title'
import { socialHtml, socialMeta, type SocialData } from './social-meta'
import { createSessionStore } from '../src/shared/session/session-store'
import { loadMemberChrome } from '../src/features/layout/member-chrome-slot'
import { lcpImagePreload } from './lcp-preload'
import { hydrationAfterPaint } from '../src/server/deferred-hydration.server'
import { pathnameOf } from '../src/shared/url-pathname'
import { oneByteCss, oneByteMarkup, oneByteText } from './one-byte'

export const onRenderHtml: OnRenderHtmlAsync = async (pageContext) => {
  const { Page } = pageContext
  const i18n = pageContext.i18nServer!
  // A fresh Emotion cache per request: styles are extracted and inlined, so there is no flash of unstyled content.
  const cache = serverCache(pageContext.cspNonce ?? undefined)
  const store = createSessionStore(pageContext.user)
  // The member chrome is rendered for members only; the browser loads it before hydrating the same markup.
  if (pageContext.user) await loadMemberChrome()
  // Member cards rendered before are taken as they were (decision 050).
  // One byte a character, so the document vike joins from these is (./one-byte.ts).
  const html = oneByteMarkup(renderPageMarkup(pageContext, cache, i18n, store, Page ? <Page /> : null))
  const styles = oneByteCss(styleTags(cache))
  const { settings } = pageContext.tenant
  // The unread prefix of the title arrives with the counts, in the browser.
  const title = documentTitle(pageContext, i18n)
  const themeColor = pageContext.tenant.theme.primary
  // A page's data may ask search engines to stay away (the landers, unless the tenant lets them index).
  const robots = (pageContext.data as { robots?: string } | undefined)?.robots
  const social = socialMeta({
    domain: settings.domain,
    siteName: settings.name,
    description: settings.description,
    title,
    path: pathnameOf(pageContext),
    loggedIn: pageContext.user !== null && pageContext.user !== undefined,
    data: pageContext.data as SocialData | undefined,
  })
  return escapeInject`<!DOCTYPE html>
<html lang="${pageContext.lng}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${dangerouslySkipEscape(hydrationAfterPaint() ? lcpImagePreload(html) : '')}
    <meta name="theme-color" content="${themeColor}" />
    <meta name="description" content="${dangerouslySkipEscape(oneByteText(settings.description))}" />
    ${robots ? escapeInject`<meta name="robots" content="${robots}" />` : ''}
    ${dangerouslySkipEscape(oneByteMarkup(socialHtml(social)))}
    <link rel="icon" href="/favicon.ico" type="image/svg+xml" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180" />
    <link rel="preload" href="${pageContext.i18nBundleUrl ?? ''}" as="fetch" crossorigin="anonymous" />
    <title>${dangerouslySkipEscape(oneByteText(title))}</title>
    ${dangerouslySkipEscape(styles)}
  </head>
  <body>
    <div id="root">${dangerouslySkipEscape(html)}</div>
  </body>
</html>`
}
