// Visitors' pages paint before their JavaScript is fetched (decision 041, addendum 2). Vike ends the body with the
// entry <script type="module" async> and a modulepreload per chunk, and the head preloads the UI catalogue: all
// of it (about 170 KB gzip on a lander) was requested with the document, at the same priority as the lead photo,
// and on a fast connection (or from the HTTP cache) it ran before the first paint, so the page's largest paint
// waited for the bytes and the hydration task. A visitor's page is complete without JavaScript (server-rendered,
// its links work), so here those tags move into an inert <template>, and a small inline script adds them to the
// document once the page has painted: after the first prioritised image (the lead photo) is decoded, or at once
// when there is none, and the frame after that; at the latest after 3 s (a stalled photo does not hold hydration).
// Members' pages are left as Vike makes them (their chrome and live updates need the code at once).

/** The entry script Vike writes (its position HTML_END), with the nonce of the response's CSP. */
const ENTRY = /<script src="\/assets\/[^"]+\.js" type="module" async(?: nonce="([^"]*)")?><\/script>((?:\s*<link rel="modulepreload" href="\/assets\/[^"]+" as="script" type="text\/javascript">)*)/
/** The UI catalogue's preload that renderer/+onRenderHtml.tsx puts in the head. */
const CATALOGUE = /\s*<link rel="preload" href="\/i18n\/[^"]+" as="fetch" crossorigin="anonymous" \/>/

export const HYDRATION_TEMPLATE_ID = 'hydration-scripts'

/**
 * HYDRATION_AFTER_PAINT=false serves visitors' pages as Vike makes them and without the head's photo preload
 * (renderer/lcp-preload.ts): a switch to turn this off without a new build, and what `npm run bench:web`
 * compares with (BENCH_WEB_BASELINE_ENV).
 */
export const hydrationAfterPaint = () => process.env.HYDRATION_AFTER_PAINT !== 'false'

/**
 * Runs in the page, once: the catalogue is fetched (into the HTTP cache, where the client's own fetch finds it: a
 * file named by its content, cached for a year; a preload link added this late may be used only after the window's
 * load event, which Chromium warns about), the module preloads go into the head and the script into the body.
 * Copies of the elements, not the template's own, so the script runs (a parser-made script never does once moved).
 * A page opened in a background tab paints nothing (and gets no animation frames): it goes at once.
 */
const LOADER = `(()=>{const d=document,t=d.getElementById('${HYDRATION_TEMPLATE_ID}');let done=false;const go=()=>{if(done)return;done=true;const add=(o)=>{if(o.getAttribute('as')==='fetch'){fetch(o.getAttribute('href'),{credentials:'same-origin'}).catch(()=>{});return}const e=d.createElement(o.tagName.toLowerCase());for(const a of o.attributes)e.setAttribute(a.name,a.value);(e.tagName==='SCRIPT'?d.body:d.head).appendChild(e)};const all=[...t.content.children];all.filter((o)=>o.tagName!=='SCRIPT').forEach(add);all.filter((o)=>o.tagName==='SCRIPT').forEach(add)};if(d.visibilityState==='hidden')return go();const painted=()=>requestAnimationFrame(()=>setTimeout(go,0));setTimeout(go,3000);const img=d.querySelector('img[fetchpriority="high"]');if(img&&img.decode)img.decode().then(painted,painted);else painted()})()`

/**
 * The document with its scripts deferred as above, or unchanged when it has no entry script of Vike's (an
 * HTML-only page, the fallback error page).
 */
export function deferHydration(html: string): string {
  const entry = ENTRY.exec(html)
  if (!entry) return html
  const nonce = entry[1]
  const catalogue = CATALOGUE.exec(html)
  let out = html
  let moved = ''
  if (catalogue) {
    moved += catalogue[0].trim()
    out = out.replace(catalogue[0], '')
  }
  const tags = ENTRY.exec(out)!
  moved += tags[0].replace(/\s*\n\s*/g, '')
  const loader = `<template id="${HYDRATION_TEMPLATE_ID}">${moved}</template><script${nonce !== undefined ? ` nonce="${nonce}"` : ''}>${LOADER}</script>`
  return out.slice(0, tags.index) + loader + out.slice(tags.index + tags[0].length)
}
