/**
 * @jest-environment node
 */
// The largest paint of a visitor's page waits for nothing it does not need (decision 041, addendum 2): the head
// preloads the first prioritised photo with the srcset and sizes the image itself has, and the page's JavaScript
// (entry script, module preloads, the catalogue) is fetched only after the page has painted.
import { lcpImagePreload } from '../../renderer/lcp-preload'
import { deferHydration, defersHydration, HYDRATION_TEMPLATE_ID } from '../../src/server/deferred-hydration.server'

// React's markup of the lander's lead photo (a visitor's blurred copy: WebP only) and of an unlocked card (AVIF too).
const LOCKED =
  '<div class="css-z"><picture><img src="/media/44d0bc515f338364244fdc39ea56ea43.webp" srcSet="/media/44d0bc515f338364244fdc39ea56ea43-160.webp 160w, /media/44d0bc515f338364244fdc39ea56ea43-320.webp 320w, /media/44d0bc515f338364244fdc39ea56ea43.webp 400w" sizes="(min-width: 1200px) 220px, 50vw" alt="Foto van Demi" loading="eager" fetchPriority="high" draggable="false"/></picture></div>'
const UNLOCKED =
  '<picture><source type="image/avif" srcSet="/media/aaaa0000aaaa0000aaaa0000aaaa0000-160.avif 160w, /media/aaaa0000aaaa0000aaaa0000aaaa0000-320.avif 320w" sizes="50vw"/><img src="/media/aaaa0000aaaa0000aaaa0000aaaa0000.webp" srcSet="/media/aaaa0000aaaa0000aaaa0000aaaa0000-160.webp 160w, /media/aaaa0000aaaa0000aaaa0000aaaa0000.webp 320w" sizes="50vw" alt="Foto van Lid 1" loading="eager" fetchPriority="high" decoding="async"/></picture>'
const LAZY = '<picture><img src="/media/bbbb0000bbbb0000bbbb0000bbbb0000.webp" alt="x" loading="lazy" decoding="async"/></picture>'

describe('the head preloads the first prioritised photo', () => {
  it('with the image’s own srcset, sizes and src, at high priority', () => {
    expect(lcpImagePreload(`<h1>Galerij</h1>${LOCKED}${LAZY}`)).toBe(
      '<link rel="preload" as="image" href="/media/44d0bc515f338364244fdc39ea56ea43.webp" imagesrcset="/media/44d0bc515f338364244fdc39ea56ea43-160.webp 160w, /media/44d0bc515f338364244fdc39ea56ea43-320.webp 320w, /media/44d0bc515f338364244fdc39ea56ea43.webp 400w" imagesizes="(min-width: 1200px) 220px, 50vw" fetchpriority="high" />',
    )
  })

  it('the AVIF source when the picture offers one (what the browser shows), typed so others skip it', () => {
    expect(lcpImagePreload(`${LAZY}${UNLOCKED}${LOCKED}`)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/aaaa0000aaaa0000aaaa0000aaaa0000-160.avif 160w, /media/aaaa0000aaaa0000aaaa0000aaaa0000-320.avif 320w" imagesizes="50vw" fetchpriority="high" />',
    )
  })

  it('only an image: another element marked high before it is passed over', () => {
    expect(lcpImagePreload(`<link rel="preload" href="/a.css" as="style" fetchPriority="high"/>${LOCKED}`)).toBe(lcpImagePreload(LOCKED))
    expect(lcpImagePreload('<link rel="preload" href="/a.css" as="style" fetchPriority="high"/>')).toBe('')
  })

  it('nothing on a page without a prioritised photo (the landing page), nor for a lazy one', () => {
    expect(lcpImagePreload('<h1>Welkom</h1><p>Tekst</p>')).toBe('')
    expect(lcpImagePreload(LAZY)).toBe('')
  })
})

// The end of a document as Vike writes it (HTML_END), with the head's catalogue preload of renderer/+onRenderHtml.tsx.
const vikeDocument = (nonce: string) => `<!DOCTYPE html>
<html lang="nl">
  <head>
    <link rel="preload" href="/i18n/nl.RrCbnxE-4HQr.json" as="fetch" crossorigin="anonymous" />
    <title>Galerij</title>
  </head>
  <body>
    <div id="root"><h1>Galerij</h1></div>
    <script id="vike_pageContext" type="application/json" nonce="${nonce}">{"pageId":"/pages/landers/gallery"}</script>
    <script id="vike_globalContext" type="application/json" nonce="${nonce}">{}</script>
    <script src="/assets/entries/entry-client-routing.CRcg2R2B.js" type="module" async nonce="${nonce}"></script>
    <link rel="modulepreload" href="/assets/entries/pages_landers_gallery.epMG3I8L.js" as="script" type="text/javascript">
    <link rel="modulepreload" href="/assets/chunks/chunk-CeHy-FTF.js" as="script" type="text/javascript">
  </body>
</html>`

describe('a visitor’s page fetches its JavaScript after the first paint', () => {
  const out = deferHydration(vikeDocument('n0nce'))
  const outside = out.replace(/<template[\s\S]*?<\/template>/, '')

  it('no script, module preload or catalogue preload is fetched with the document', () => {
    expect(outside).not.toMatch(/<script[^>]*\ssrc=/)
    expect(outside).not.toMatch(/modulepreload/)
    expect(outside).not.toMatch(/\/i18n\//)
  })

  it('they wait, unchanged, in an inert template, which an inline script with the CSP nonce adds after the paint', () => {
    const template = new RegExp(`<template id="${HYDRATION_TEMPLATE_ID}">([\\s\\S]*?)</template><script nonce="n0nce">([\\s\\S]*?)</script>`).exec(out)
    expect(template).not.toBeNull()
    expect(template![1]).toBe(
      '<link rel="preload" href="/i18n/nl.RrCbnxE-4HQr.json" as="fetch" crossorigin="anonymous" />' +
        '<script src="/assets/entries/entry-client-routing.CRcg2R2B.js" type="module" async nonce="n0nce"></script>' +
        '<link rel="modulepreload" href="/assets/entries/pages_landers_gallery.epMG3I8L.js" as="script" type="text/javascript">' +
        '<link rel="modulepreload" href="/assets/chunks/chunk-CeHy-FTF.js" as="script" type="text/javascript">',
    )
    // After the prioritised photo is decoded, the next frame; at the latest after 3 s.
    expect(template![2]).toContain('img[fetchpriority="high"]')
    expect(template![2]).toContain('requestAnimationFrame')
    expect(template![2]).toContain('setTimeout(later,3000)')
    // After the paint one element a task (addendum 6; what each task adds: test/unit/hydration-loader.test.tsx).
    expect(template![2]).toContain('const later=()=>go(true)')
    // The catalogue is fetched into the HTTP cache rather than preloaded late.
    expect(template![2]).toContain("fetch(o.getAttribute('href'),{credentials:'same-origin'})")
    // The page's data stays where Vike's client reads it.
    expect(outside).toContain('<script id="vike_pageContext" type="application/json" nonce="n0nce">')
  })

  it('the whole document is what the first version (a replace, then a second search) wrote, with or without a catalogue or nonce', () => {
    // That version, kept here as the reference: the new one reads both spots from the one document instead.
    const ENTRY = /<script src="\/assets\/[^"]+\.js" type="module" async(?: nonce="([^"]*)")?><\/script>((?:\s*<link rel="modulepreload" href="\/assets\/[^"]+" as="script" type="text\/javascript">)*)/
    const CATALOGUE = /\s*<link rel="preload" href="\/i18n\/[^"]+" as="fetch" crossorigin="anonymous" \/>/
    const reference = (html: string) => {
      const catalogue = CATALOGUE.exec(html)
      let doc = html
      let moved = ''
      if (catalogue) {
        moved += catalogue[0].trim()
        doc = doc.replace(catalogue[0], '')
      }
      const tags = ENTRY.exec(doc)!
      moved += tags[0].replace(/\s*\n\s*/g, '')
      // The template and its inline loader, as the new version wrote them (the loader's text is not exported).
      const out = deferHydration(html)
      const start = out.indexOf('<template')
      const loader = out.slice(start, out.indexOf('</script>', out.indexOf('</template>', start)) + '</script>'.length)
      expect(loader.startsWith(`<template id="${HYDRATION_TEMPLATE_ID}">${moved}</template><script`)).toBe(true)
      return doc.slice(0, tags.index) + loader + doc.slice(tags.index + tags[0].length)
    }
    const documents = [
      vikeDocument('n0nce'),
      vikeDocument('n0nce').replace(/\s*<link rel="preload" href="\/i18n[^>]*>/, ''),
      vikeDocument('n0nce').replace('<h1>Galerij</h1>', '<h1>Galerij ▾ – …</h1>'),
      vikeDocument('n0nce').replace(/ nonce="n0nce"/g, ''),
      // Near misses before the real spots (the patterns are tried where their first words are found: nineteenth
      // addendum): an entry-like script that is not a module, a catalogue-like preload of something else.
      vikeDocument('n0nce').replace(
        '<head>',
        '<head><script src="/assets/legacy.js"></script><link rel="preload" href="/i18n/x.json" as="style" /> \n <link rel="preload" href="/i18n/" />',
      ),
    ]
    for (const doc of documents) expect(deferHydration(doc)).toBe(reference(doc))
  })

  it('a document without Vike’s entry script (an HTML-only page, the fallback error page) is unchanged', () => {
    const plain = '<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Fout</h1></body></html>'
    expect(deferHydration(plain)).toBe(plain)
  })
})

describe('which pages wait for their first paint (HYDRATION_AFTER_PAINT)', () => {
  const saved = process.env.HYDRATION_AFTER_PAINT
  afterEach(() => {
    if (saved === undefined) delete process.env.HYDRATION_AFTER_PAINT
    else process.env.HYDRATION_AFTER_PAINT = saved
  })
  it("by default a member's page as well as a visitor's (addendum 3)", () => {
    delete process.env.HYDRATION_AFTER_PAINT
    expect([defersHydration(false), defersHydration(true)]).toEqual([true, true])
  })
  it("'visitors': visitors' pages only (addendum 2's behaviour, a baseline for bench:web); 'false': none", () => {
    process.env.HYDRATION_AFTER_PAINT = 'visitors'
    expect([defersHydration(false), defersHydration(true)]).toEqual([true, false])
    process.env.HYDRATION_AFTER_PAINT = 'false'
    expect([defersHydration(false), defersHydration(true)]).toEqual([false, false])
  })
})
