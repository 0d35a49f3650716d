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
