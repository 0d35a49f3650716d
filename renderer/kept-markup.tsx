// Server only: a render's recorder of kept markup (src/shared/fragment-cache.tsx, decision 050). Hits put the
// fragment's styles into the request's Emotion cache; misses are rendered on their own after the page and stored.
import type { ReactElement, ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { EmotionCache } from '@emotion/react'
import type { i18n as I18n } from 'i18next'
import type { PageContext } from 'vike/types'
import { FragmentRecorderProvider, type FragmentRecorder } from '../src/shared/fragment-cache'
import { createSessionStore, type SessionState } from '../src/shared/session/session-store'
import { serverCache } from './emotion-cache'
import { FragmentShell, PageShell } from './page-shell'

export interface KeptMarkup {
  recorder: FragmentRecorder
  /** Renders and stores what this render missed (after the page: each miss costs one more render, once). */
  fill(): void
}

/** Undefined where the pageContext has no store (a render outside the server's, or a build without one). */
export function keptMarkup(pageContext: PageContext, cache: EmotionCache, i18n: I18n): KeptMarkup | undefined {
  const fragments = pageContext.fragmentStore
  if (!fragments) return undefined
  // The tenant (its texts, theme and settings) and the language are part of every key.
  const scope = `${pageContext.tenant.id}\u0000${pageContext.lng}\u0000`
  const misses = new Map<string, () => ReactElement>()
  // A kept fragment is shared by every viewer whose key matches: it renders with a visitor's session, so nothing of
  // this member's session can end up in another's page (what a fragment shows of its viewer must be in its key).
  const visitor = createSessionStore(null)
  return {
    recorder: {
      hit(key) {
        const fragment = fragments.get(scope + key)
        if (!fragment) return undefined
        for (const [id, rules, registered] of fragment.styles) {
          if (cache.inserted[id] === undefined) cache.inserted[id] = rules
          const name = `${cache.key}-${id}`
          if (registered !== undefined && cache.registered[name] === undefined) cache.registered[name] = registered
        }
        return fragment.html
      },
      miss(key, render) {
        misses.set(scope + key, render)
      },
    },
    fill() {
      for (const [key, render] of misses) {
        const own = serverCache()
        let html: string
        try {
          html = renderToString(
            <FragmentShell pageContext={pageContext} cache={own} i18n={i18n} store={visitor}>
              {render()}
            </FragmentShell>,
          )
        } catch (err) {
          // The page rendered it in place: only keeping it failed (it needs more than FragmentShell gives).
          console.error(`[kept-markup] not kept, its render on its own failed: ${key.split('\u0000')[2] ?? key}`, err)
          continue
        }
        const styles: [string, string, string | undefined][] = []
        for (const id of Object.keys(own.inserted)) {
          const rules = own.inserted[id]
          if (typeof rules === 'string') styles.push([id, rules, own.registered[`${own.key}-${id}`]])
        }
        fragments.set(key, { html, styles })
      }
    },
  }
}

/**
 * The page in its shell as +onRenderHtml renders it: member cards rendered before are taken as they were, and what
 * this render missed is kept for the next (decision 050).
 */
export function renderPageMarkup(pageContext: PageContext, cache: EmotionCache, i18n: I18n, store: SessionState, page: ReactNode): string {
  const kept = keptMarkup(pageContext, cache, i18n)
  const html = renderToString(
    <FragmentRecorderProvider value={kept?.recorder ?? null}>
      <PageShell pageContext={pageContext} cache={cache} i18n={i18n} store={store}>
        {page}
      </PageShell>
    </FragmentRecorderProvider>,
  )
  kept?.fill()
  return html
}
