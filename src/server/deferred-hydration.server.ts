// Visitors' pages paint before their JavaScript is fetched (decision 041, addendum 2). Vike ends the body with the
// entry <script type="module" async> and a modulepreload per chunk, and the head preloads the UI catalogue: all
// of it (about 170 KB gzip on a lander) was requested with the document, at the same priority as the lead photo,
// and on a fast connection (or from the HTTP cache) it ran before the first paint, so the page's largest paint
// waited for the bytes and the hydration task. A visitor's page is complete without JavaScript (server-rendered,
// its links work), so here those tags move into an inert <template>, and a small inline script adds them to the
// document once the page has painted: after the first prioritised image (the lead photo) is decoded, or at once
// when there is none, and the frame after that; at the latest after 3 s (a stalled photo does not hold hydration).
// Members' pages are deferred the same way since addendum 3 (their first card photo competed with 29 script
// chunks under Lighthouse's slow 4G); their live parts start a moment later and catch up on opening.
// Since decision 052 a page whose config says `hydration: 'intent'` (the landing page and the landers), served to a
// visitor without a session, is fetched after the paint the same way but runs (hydrates) only when the visitor
// shows intent: the first pointer move, touch, key press or wheel turn. Reading it costs no script at all; what
// works before (its links, the entry warning, a held tap replayed) is listed below.

import { HYDRATED_EVENT } from '../shared/hydrated-event'
import { openEntryWarning } from '../features/layout/entry-warning-dialog'
import { oneByteCopy } from '../../renderer/one-byte'

/** The entry script Vike writes (its position HTML_END), with the nonce of the response's CSP. */
const ENTRY = /<script src="\/assets\/[^"]+\.js" type="module" async(?: nonce="([^"]*)")?><\/script>((?:\s*<link rel="modulepreload" href="\/assets\/[^"]+" as="script" type="text\/javascript">)*)/y
/** The UI catalogue's preload that renderer/+onRenderHtml.tsx puts in the head, with the white space before it. */
const CATALOGUE = /\s*<link rel="preload" href="\/i18n\/[^"]+" as="fetch" crossorigin="anonymous" \/>/y

/**
 * The first match of a sticky pattern that starts with `literal` (after white space when `leadingSpace`): the
 * literal is found by indexOf, and the pattern tried there, instead of at every character of a 58 KB page (the
 * regular expression's own search cost the serving thread about 1%: decision 042, nineteenth addendum).
 */
function firstMatch(html: string, pattern: RegExp, literal: string, leadingSpace = false): RegExpExecArray | null {
  for (let at = html.indexOf(literal); at !== -1; at = html.indexOf(literal, at + 1)) {
    let start = at
    if (leadingSpace) while (start > 0 && /\s/.test(html[start - 1]!)) start--
    pattern.lastIndex = start
    const match = pattern.exec(html)
    if (match) return match
  }
  return null
}

export const HYDRATION_TEMPLATE_ID = 'hydration-scripts'

/**
 * HYDRATION_AFTER_PAINT=false serves every page as Vike makes them and without the head's photo preload
 * (renderer/lcp-preload.ts): a switch to turn this off without a new build, and what `npm run bench:web`
 * compares with (BENCH_WEB_BASELINE_ENV). HYDRATION_AFTER_PAINT=visitors defers visitors' pages only (addendum 2:
 * members' pages as Vike makes them, with the photo preload).
 */
export const hydrationAfterPaint = () => process.env.HYDRATION_AFTER_PAINT !== 'false'

/** Whether a page's scripts wait for its first paint: a member's page too unless HYDRATION_AFTER_PAINT=visitors. */
export const defersHydration = (member: boolean) => hydrationAfterPaint() && !(member && process.env.HYDRATION_AFTER_PAINT === 'visitors')


/**
 * Runs in the page, once: the catalogue is fetched (into the HTTP cache, where the client's own fetch finds it: a
 * file named by its content, cached for a year; a preload link added this late may be used only after the window's
 * load event, which Chromium warns about), the module preloads go into the head and the script into the body.
 * Copies of the elements, not the template's own, so the script runs (a parser-made script never does once moved).
 * After the paint they are added one per task (the catalogue's fetch, each module preload, then the script): each
 * insertion starts a request, a few milliseconds of the main thread on a slow phone, and ten of them in one task
 * were one long task between the first paint and hydration (addendum 6). When the visitor acts first, the rest go at
 * once.
 * A page opened in a background tab paints nothing (and gets no animation frames): it goes at once.
 * With data-on="intent" on the template (decision 052) the entry script is not added after the paint: the catalogue
 * and the module preloads are (the browser fetches and compiles them, nothing runs), and the script follows the
 * first pointerdown, pointermove, touchstart, keydown or wheel. A background tab fetches without running.
 *
 * Until the page has hydrated (HYDRATED_EVENT), nothing the visitor does is lost or sent natively (addendum 3):
 * - the first pointerdown, keydown or touchstart starts the loading at once;
 * - a submit, and a click on a button (or a submit/button input, a role="button"), is held in the capture phase
 *   (its default prevented: a form never submits natively, a button does nothing yet) and loading starts; after
 *   hydration each held element that is still in the document gets its action once: form.requestSubmit(),
 *   element.click() (a submit button's click submits its form through React's handler). Links are not held.
 * - what is typed or chosen before hydration is in the DOM but not in React's state (React adopts the field's
 *   value without an onChange): the value at each input/change is remembered and, after hydration, given to React
 *   as a change (set around React's value tracker, then an input event; a select gets a change event, a checkbox a
 *   click), before the held actions are replayed in the next task, so a controlled form sends what was typed.
 * If the entry script fails to load, the holding stops (later clicks act natively).
 * A button marked data-native works without React (the entry warning's confirm): its click is never held.
 * A photo's frame shows a skeleton while its flag data-loading is set (src/ui/member-card.tsx); React clears it on the
 * image's load or error, so on a page that has not hydrated (a lander read without intent) it would stay for good:
 * until hydration the loader clears it, for the images already complete when it runs and at each image's load or
 * error (caught in the capture phase: neither event bubbles).
 */
const LOADER = `(()=>{const d=document,t=d.getElementById('${HYDRATION_TEMPLATE_ID}'),intent=t.dataset.on==='intent';let q,over=false;const held=[],typed=new Map();\
const stop=()=>{over=true;ls.forEach(([n,f,o])=>d.removeEventListener(n,f,o))};\
const add=(o)=>{if(o.getAttribute('as')==='fetch'){fetch(o.getAttribute('href'),{credentials:'same-origin'}).catch(()=>{});return}const e=d.createElement(o.tagName.toLowerCase());for(const a of o.attributes)e.setAttribute(a.name,a.value);if(e.tagName==='SCRIPT')e.addEventListener('error',stop);(e.tagName==='SCRIPT'?d.body:d.head).appendChild(e)};\
const go=(spread)=>{if(!q){const all=[...t.content.children];q=all.filter((o)=>o.tagName!=='SCRIPT').concat(all.filter((o)=>o.tagName==='SCRIPT'))}else if(spread===true)return;if(spread!==true){while(q.length)add(q.shift());return}const step=()=>{const o=q[0];if(!o||(intent&&o.tagName==='SCRIPT'))return;q.shift();add(o);setTimeout(step,0)};step()};\
const hold=(el,e)=>{e.preventDefault();e.stopImmediatePropagation();if(!held.includes(el))held.push(el);go()};\
const click=(e)=>{const el=e.target instanceof Element?e.target.closest('button,input[type=submit],input[type=image],input[type=button],input[type=reset],[role=button]'):null;if(el&&!el.disabled&&!el.closest('a[href],[data-native]'))hold(el,e)};\
const submit=(e)=>{if(e.target instanceof HTMLFormElement)hold(e.target,e)};\
const field=(e)=>{const el=e.target;if(el instanceof HTMLInputElement||el instanceof HTMLTextAreaElement||el instanceof HTMLSelectElement)typed.set(el,el.type==='checkbox'||el.type==='radio'?el.checked:el.value)};\
const early=()=>go();const o={capture:true,passive:true},c={capture:true};\
const ls=[['click',click,c],['submit',submit,c],['input',field,o],['change',field,o],['pointerdown',early,o],['keydown',early,o],['touchstart',early,o]];if(intent)ls.push(['pointermove',early,o],['wheel',early,o]);ls.forEach(([n,f,p])=>d.addEventListener(n,f,p));\
const give=(el,v)=>{if(!el.isConnected||el.type==='file')return;if(el instanceof HTMLSelectElement){el.value=v;el.dispatchEvent(new Event('change',{bubbles:true}));return}if(el.type==='checkbox'||el.type==='radio'){if(el.type==='radio'&&!v)return;el.checked=!v;el.click();return}el.value=v===''?' ':'';Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),'value').set.call(el,v);el.dispatchEvent(new Event('input',{bubbles:true}))};\
const shown=(img)=>{const f=img.closest('[data-loading]');if(f)f.removeAttribute('data-loading')};const seen=(e)=>{if(e.target instanceof HTMLImageElement)shown(e.target)};d.addEventListener('load',seen,c);d.addEventListener('error',seen,c);for(const img of d.images)if(img.complete)shown(img);\
d.addEventListener('${HYDRATED_EVENT}',()=>{d.removeEventListener('load',seen,c);d.removeEventListener('error',seen,c);if(over)return;stop();typed.forEach((v,el)=>give(el,v));setTimeout(()=>held.forEach((el)=>{if(!el.isConnected)return;if(el instanceof HTMLFormElement)el.requestSubmit?el.requestSubmit():el.submit();else el.click()}),0)},{once:true});\
if(d.visibilityState==='hidden')return intent?go(true):go();const later=()=>go(true);const painted=()=>requestAnimationFrame(()=>setTimeout(later,0));setTimeout(later,3000);const img=d.querySelector('img[fetchpriority="high"]');if(img&&img.decode)img.decode().then(painted,painted);else painted()})()`

/**
 * The inline script: the entry warning's dialog opens first (it is in the markup when it applies, closed: decision
 * 052), so it is there at the first paint, then the loader. Built once, at module load, and copied one byte a
 * character: a function's text is a slice of the bundle's source, which V8 keeps two bytes a character (characters
 * above U+00FF in its comments), and a document joined from one two-byte piece is two-byte as a whole, every page
 * twice the bytes to flatten, scan and copy and off V8's fast path to UTF-8 (decision 042, nineteenth addendum).
 */
const SCRIPT = oneByteCopy(`(${openEntryWarning.toString()})(document.querySelector('dialog[data-entry-warning]'));${LOADER}`)

/**
 * The document with its scripts deferred as above, or unchanged when it has no entry script of Vike's (an
 * HTML-only page, the fallback error page).
 */
export function deferHydration(html: string, opts: { untilIntent?: boolean } = {}): string {
  const entry = firstMatch(html, ENTRY, '<script src="/assets/')
  if (!entry) return html
  const nonce = entry[1]
  const on = opts.untilIntent ? ' data-on="intent"' : ''
  // Both spots are read from the one document and cut out in one concatenation: a replace and a second search
  // would each copy the whole page again (a member search is 68 KB, two bytes a character with one "▾" in it).
  const catalogue = firstMatch(html, CATALOGUE, '<link rel="preload" href="/i18n/', true)
  const moved = (catalogue ? catalogue[0].trim() : '') + entry[0].replace(/\s*\n\s*/g, '')
  const loader = `<template id="${HYDRATION_TEMPLATE_ID}"${on}>${moved}</template><script${nonce !== undefined ? ` nonce="${nonce}"` : ''}>${SCRIPT}</script>`
  const end = entry.index + entry[0].length
  if (!catalogue) return html.slice(0, entry.index) + loader + html.slice(end)
  const cut = catalogue.index + catalogue[0].length
  // The catalogue's preload is in the head, before the entry script at the end of the body (the other order is kept
  // working all the same).
  if (catalogue.index < entry.index) return html.slice(0, catalogue.index) + html.slice(cut, entry.index) + loader + html.slice(end)
  return html.slice(0, entry.index) + loader + html.slice(end, catalogue.index) + html.slice(cut)
}
