// Everything around a page: Emotion cache and theme, i18next, session store, layout.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { captureTracking } from '../src/shared/tracking'
import { CacheProvider, ThemeProvider, type EmotionCache } from '@emotion/react'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import type { PageContext } from 'vike/types'
import { PageContextProvider } from './page-context'
import { GlobalStyles } from './global-styles'
import { Layout } from './layouts'
import { SessionProvider, useSession, useTitlePrefix } from '../src/shared/session/session-context'
import { useTranslation } from '../src/shared/use-translation'
import { pageTitle } from './title'
import type { SessionState } from '../src/shared/session/session-store'
import { useMemberChrome } from '../src/features/layout/member-chrome-slot'
import { ProgressBar } from '../src/ui/progress-bar'
import { HYDRATED_EVENT } from '../src/shared/hydrated-event'

export function PageShell(props: { pageContext: PageContext; cache: EmotionCache; i18n: I18n; store: SessionState; children: ReactNode }) {
  const { pageContext } = props
  return (
    <FragmentShell pageContext={pageContext} cache={props.cache} i18n={props.i18n} store={props.store}>
      <GlobalStyles />
      <ProgressBar />
      <TitleSync pageContext={pageContext} />
      <MemberLiveClient />
      <MemberTimeBonus />
      <Layout name={pageContext.config.layout ?? 'default'}>{props.children}</Layout>
    </FragmentShell>
  )
}

/** Keeps the document title's unread prefix in step with the session store; remembers tracking parameters. */
function TitleSync({ pageContext }: { pageContext: PageContext }) {
  const { t } = useTranslation()
  // Only the browser's effect reads it; the server writes the title into the HTML itself (+onRenderHtml), so the
  // render there does not work it out a second time (Vike's config lookup and t(): about 1% of a member search).
  useTitlePrefix(typeof document === 'undefined' ? '' : pageTitle(pageContext, t))
  useEffect(() => captureTracking(window.location.search), [pageContext.urlOriginal])
  // Effects run once hydration has committed: tests (and scripts) wait for this mark before interacting.
  // The inline loader (src/server/deferred-hydration.server.ts) hears of it too, in the next task (after every
  // other effect of this commit), and replays a tap or submit it held before hydration (decision 041, addendum 3).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    setTimeout(() => document.dispatchEvent(new Event(HYDRATED_EVENT)), 0)
  }, [])
  // A client navigation's page has committed: the mark set when it began (renderer/+onPageTransitionStart.ts) goes.
  useEffect(() => {
    delete document.documentElement.dataset.navigating
  }, [pageContext])
  return null
}

/** The time bonus's timer and modal, for a logged-in member (member chrome, decision 038). */
function MemberTimeBonus() {
  const { user } = useSession()
  const member = useMemberChrome(Boolean(user))
  return member ? <member.TimeBonusClient /> : null
}

/**
 * The chat's live client (WebSocket, unread counts, app badge) for a logged-in member, loaded once a member is
 * there: a visitor's landing or lander never downloads it (the 150 KB budget, decision 029). Nothing is rendered
 * before it loads, on the server or in the browser, so hydration matches.
 */
function MemberLiveClient() {
  const { user } = useSession()
  const [Client, setClient] = useState<ComponentType | null>(null)
  const member = user !== null
  useEffect(() => {
    if (!member || Client) return
    let cancelled = false
    void import('../src/features/chat/chat-live-client').then((m) => {
      if (!cancelled) setClient(() => m.ChatLiveClient)
    })
    return () => {
      cancelled = true
    }
  }, [member, Client])
  return Client ? <Client /> : null
}

/**
 * The providers of a page (Emotion cache, theme, i18next, pageContext, session): PageShell's, and those of a fragment
 * kept across renders, rendered on its own (renderer/kept-markup.tsx), so both render in the same contexts.
 */
export function FragmentShell(props: { pageContext: PageContext; cache: EmotionCache; i18n: I18n; store: SessionState; children: ReactNode }) {
  return (
    <CacheProvider value={props.cache}>
      <ThemeProvider theme={props.pageContext.tenant.appTheme}>
        <I18nextProvider i18n={props.i18n}>
          <PageContextProvider pageContext={props.pageContext}>
            <SessionProvider store={props.store}>{props.children}</SessionProvider>
          </PageContextProvider>
        </I18nextProvider>
      </ThemeProvider>
    </CacheProvider>
  )
}
