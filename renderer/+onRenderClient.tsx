// https://vike.dev/onRenderClient
import { startTransition } from 'react'
import { hydrateRoot, createRoot, type Root } from 'react-dom/client'
import { createPageCache } from './emotion-cache'
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { OnRenderClientAsync } from 'vike/types'
import { PageShell } from './page-shell'
import type { PublicTenant } from './types'
import { pageTitle } from './title'
import { i18nOptions } from '../src/shared/i18n-options'
import { createSessionStore, titleWithPrefix, type SessionState } from '../src/shared/session/session-store'
import { getStaticJson, ignoreUncaughtSilentAborts, setAuthenticationRequiredHandler, setGenericErrorMessage } from '../src/shared/http'
import { likesBadge } from '../src/shared/likes-store'
import { afterSessionRefused } from '../src/shared/next-path'
import { installChunkReloadGuard } from '../src/shared/chunk-reload'
import { installPageHiddenBeacon } from '../src/shared/page-hidden'
import { loadMemberChrome } from '../src/features/layout/member-chrome-slot'
import { installServiceWorker } from '../src/features/shell/service-worker-client'
import { HYDRATED_EVENT } from '../src/shared/hydrated-event'
import { nextTask } from '../src/shared/next-task'

let root: Root | undefined
let i18n: I18n | undefined
let store: SessionState | undefined
// The same cache key as on the server, so hydration reuses the inlined styles.
// The page's CSP nonce, read from the server's style elements (the nonce property; browsers hide the attribute):
// the style elements Emotion adds later need it too.
const cache = createPageCache(document.querySelector<HTMLStyleElement>('style[data-emotion]')?.nonce || undefined)

/**
 * The UI catalogue of the page's language: a file named by its content, preloaded by the HTML and cached by
 * the browser, fetched through the one HTTP client with its retries (without it the page would hydrate with keys
 * instead of texts).
 */
async function loadCatalogue(url: string | undefined): Promise<Resource> {
  if (!url) return {}
  return getStaticJson<Resource>(url)
}

/**
 * A link followed before the page has hydrated (hydrationCanBeAborted): Vike calls this hook for the new page while
 * the first call may still be waiting (for the catalogue) or hydrating.
 * - turns: a call whose waits end after a later call began renders nothing, so the old page never replaces the new.
 * - A page rendered while the first one is still hydrating is rendered by React from scratch, and React reports that
 *   it dropped the hydration (its error 424, "received an early update"). That is what was asked for, so that report
 *   is not passed on; any other recoverable error still is.
 */
let turns = 0
let hydrating = false
let hydrationDropped = false
const reportRecoverable = (error: unknown) => {
  if (hydrationDropped) return
  if (typeof reportError === 'function') reportError(error)
  else console.error(error)
}

let lastTenant: { json: string; tenant: PublicTenant } | undefined
/** The tenant of the page's JSON; the same object while the JSON stays the same (one Emotion theme per tab). */
function tenantOf(json: string): PublicTenant {
  if (lastTenant?.json !== json) lastTenant = { json, tenant: JSON.parse(json) as PublicTenant }
  return lastTenant.tenant
}

export const onRenderClient: OnRenderClientAsync = async (pageContext) => {
  const turn = ++turns
  // The first render starts in a task of its own: Vike calls this hook in the task that evaluated the page's modules
  // and routed the address, already a long one on a slow phone (decision 041, addendum 6).
  if (pageContext.isHydration) {
    await nextTask()
    if (turn !== turns) return
  }
  if (pageContext.tenantJson) Object.assign(pageContext, { tenant: tenantOf(pageContext.tenantJson) })
  const { Page } = pageContext
  installChunkReloadGuard()
  installPageHiddenBeacon()
  installServiceWorker()
  ignoreUncaughtSilentAborts()
  if (!i18n || i18n.language !== pageContext.lng) {
    const next = i18next.createInstance()
    next.use(initReactI18next)
    const resources = await loadCatalogue(pageContext.i18nBundleUrl)
    await next.init({ ...i18nOptions(pageContext.lng), resources, initAsync: false })
    if (turn !== turns) return
    i18n = next
    setGenericErrorMessage(() => next.t('errors.generic'))
  }
  // A member's page renders the member chrome on the server: have it before hydrating (a visitor never loads it).
  if (pageContext.user) await loadMemberChrome()
  if (turn !== turns) return
  if (!store) {
    store = createSessionStore(pageContext.user)
    const s = store
    // SPEC.md section 8: 403 authentication_required logs the member out; a banned member reads why (decision 028).
    setAuthenticationRequiredHandler((refusal) => {
      if (s.user) {
        s.user = null
        window.location.href = afterSessionRefused(refusal, `${window.location.pathname}${window.location.search}`)
      }
    })
  } else {
    store.user = pageContext.user
  }
  const page = (
    <PageShell pageContext={pageContext} cache={cache} i18n={i18n} store={store}>
      {Page ? <Page /> : null}
    </PageShell>
  )
  // Hyphenation follows <html lang>: keep it the page's language after client-side navigation too.
  if (document.documentElement.lang !== pageContext.lng) document.documentElement.lang = pageContext.lng
  const container = document.getElementById('root')!
  if (pageContext.isHydration) {
    // i18next's start (about 10 ms on a fast machine) and React's first slice are separate tasks too.
    await nextTask()
    if (turn !== turns) return
    // In a transition React hydrates in slices of a few milliseconds and lets the browser handle input and paint
    // between them; outside one it hydrates the whole page in one task (decision 041, addendum 5).
    hydrating = true
    document.addEventListener(HYDRATED_EVENT, () => ((hydrating = false), (hydrationDropped = false)), { once: true })
    startTransition(() => {
      root = hydrateRoot(container, page, { onRecoverableError: reportRecoverable })
    })
  } else {
    if (hydrating && root) hydrationDropped = true
    root ??= createRoot(container)
    root.render(page)
  }
  document.title = titleWithPrefix(pageTitle(pageContext, i18n.t), store.unreadMessages, store.user ? likesBadge.newLikes : 0)
}
