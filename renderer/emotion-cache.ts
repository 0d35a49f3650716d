// The Emotion cache of a page: the same options on the server (one per request) and in the browser (one per tab).
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache'

/**
 * Properties that browsers of the build target (es2022: Chrome 94+, Firefox 93+, Safari 16.4+) still want with a
 * -webkit- prefix. Emotion's default stylis prefixer writes -webkit-, -moz- and -ms- variants of flexbox, grid,
 * transitions and more, for browsers a decade old: a third of the landing page's CSS (8.5 KB -> 5.7 KB without it),
 * sent, compressed and scanned on every request (docs/decisions/014-ssr-performance.md).
 */
const WEBKIT_ONLY = new Set(['user-select', 'backdrop-filter', 'background-clip', 'box-decoration-break', 'hyphens', 'text-size-adjust', 'mask', 'mask-image'])

/** Adds the -webkit- declaration before the standard one for WEBKIT_ONLY properties, nothing else. */
export const modernPrefixer: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && typeof element.props === 'string' && WEBKIT_ONLY.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`
  }
}

/**
 * One array for every cache: on the server Emotion keeps the compiled CSS of each style across caches (requests)
 * per plugin array, so a new array per request would compile every style again on every request.
 */
const STYLIS_PLUGINS = [modernPrefixer]

/** nonce: the response's CSP nonce; Emotion puts it on every <style> it writes, on the server and in the browser. */
export function createPageCache(nonce?: string): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS, ...(nonce ? { nonce } : {}) })
}

/**
 * The style tags of a server render: what `@emotion/server`'s `constructStyleTagsFromChunks(extractCriticalToChunks(
 * html))` writes (each global style in a tag of its own, then the rest in one tag naming their ids, which the browser's
 * cache reads back), without scanning the HTML for class names. That scan ran a regular expression over the whole
 * document for its 200-odd classes, about 3% of a member search's CPU; it only drops styles no element uses, and the
 * cache here is the request's own (createPageCache), so every style in it was inserted by this render's elements.
 * The cache must be in compat mode (`serverCache`), as `createEmotionServer` sets it: no inline <style> beside elements.
 */
export function styleTags(cache: EmotionCache): string {
  const nonce = cache.nonce !== undefined ? ` nonce="${cache.nonce}"` : ''
  const ids: string[] = []
  let css = ''
  let tags = ''
  for (const id of Object.keys(cache.inserted)) {
    const rules = cache.inserted[id]
    if (rules === true) continue
    if (cache.registered[`${cache.key}-${id}`]) {
      ids.push(id)
      css += rules
    } else {
      tags += `<style data-emotion="${cache.key}-global ${id}"${nonce}>${rules}</style>`
    }
  }
  return `${tags}<style data-emotion="${cache.key} ${ids.join(' ')}"${nonce}>${css}</style>`
}

/** The cache of one server render: compat mode, so styles are collected for styleTags instead of written inline. */
export function serverCache(nonce?: string): EmotionCache {
  const cache = createPageCache(nonce)
  cache.compat = true
  return cache
}
