// Markup of a component kept across server renders (decision 050): a member card renders the same HTML for the same
// member, viewer's view of them, page position, tenant and language, so the server renders it once and reuses it.
// Universal: in the browser there is no recorder and everything renders as usual (hydration reads the same DOM).
import { createContext, useContext, type ReactElement, type ReactNode } from 'react'

/** One kept piece of markup: its HTML and the Emotion styles its elements inserted (id, rules, registered styles). */
export interface Fragment {
  html: string
  styles: [id: string, rules: string, registered: string | undefined][]
}

/** The process's store of fragments (src/server/fragment-cache.server.ts), given to a render through its pageContext. */
export interface FragmentStore {
  get(key: string): Fragment | undefined
  set(key: string, fragment: Fragment): void
}

/** A server render's view of the store: the markup for a key (its styles already in this render), or a noted miss. */
export interface FragmentRecorder {
  hit(key: string): string | undefined
  miss(key: string, render: () => ReactElement): void
}

const RecorderContext = createContext<FragmentRecorder | null>(null)

/** Given by renderer/+onRenderHtml.tsx around a server render; absent in the browser. */
export const FragmentRecorderProvider = RecorderContext.Provider

/**
 * The kept markup of what `render` makes under the key, for the caller to set as its element's inner HTML; undefined
 * to render it as usual (always in the browser). On the server a miss is noted, and the page's render fills it in
 * after the page (renderer/kept-markup.tsx). `key` is called on the server only: it must name everything the markup
 * depends on beyond the tenant and the language (which the recorder adds). `render` must not call hooks.
 */
export function useKeptMarkup(key: () => string | undefined, render: () => ReactElement): string | undefined {
  const recorder = useContext(RecorderContext)
  if (!recorder) return undefined
  const k = key()
  if (k === undefined) return undefined
  const html = recorder.hit(k)
  if (html === undefined) recorder.miss(k, render)
  return html
}

/**
 * The content of the element around a kept fragment, to spread on it: its kept inner HTML, or (missed, or in the
 * browser) `render()` as its children. The same element either way, so the markup and the hydration are the same.
 */
export function useKeptContent(key: () => string | undefined, render: () => ReactElement): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactNode } {
  const html = useKeptMarkup(key, render)
  return html !== undefined ? { dangerouslySetInnerHTML: { __html: html } } : { children: render() }
}
