/**
 * @jest-environment node
 */
// A page's document stays one byte a character through the deferral of its scripts (decision 042, nineteenth
// addendum). The inline script is built from a function's text, a slice of the bundle's source; V8 keeps a source two
// bytes a character when any character of it is above U+00FF (the production bundle's comments hold "–"), and so
// every slice of it, however plain: one such piece made each member page two-byte as a whole. Here the entry
// warning's function comes from this file, whose source is two-byte for the same reason (its "’" and "–").

jest.mock('../../src/features/layout/entry-warning-dialog', () => ({
  openEntryWarning: function openEntryWarning(dialog: HTMLDialogElement | null) {
    if (dialog && !dialog.open) dialog.showModal()
  },
}))

import { openEntryWarning } from '../../src/features/layout/entry-warning-dialog'
import { deferHydration } from '../../src/server/deferred-hydration.server'
import { representation } from '../support/string-representation'

/** A document as Vike hands it over, one byte a character (renderer/+onRenderHtml.tsx and the patched serializer). */
const document = Buffer.from(
  `<!DOCTYPE html>
<html lang="nl">
  <head>
    <link rel="preload" href="/i18n/nl.RrCbnxE-4HQr.json" as="fetch" crossorigin="anonymous" />
    <title>Leden zoeken</title>
  </head>
  <body>
    <div id="root"><h1>Leden zoeken</h1><p>Frysl&#226;n &#183; 18&#8211;99 jaar</p></div>
    <script id="vike_pageContext" type="application/json" nonce="n0nce">{"pageId":"/pages/members-search","city":"Frysl\\u00e2n"}</script>
    <script src="/assets/entries/entry-client-routing.CRcg2R2B.js" type="module" async nonce="n0nce"></script>
    <link rel="modulepreload" href="/assets/chunks/chunk-CeHy-FTF.js" as="script" type="text/javascript">
  </body>
</html>`,
  'latin1',
).toString('latin1')

describe('the deferred document one byte a character (nineteenth addendum)', () => {
  it('a one-byte document stays one-byte, though the inline script comes from a two-byte source', () => {
    // The premise: the function's text is a two-byte string of plain characters.
    expect(representation(openEntryWarning.toString())).toBe('two-byte')
    expect(/[\u0080-\uffff]/.test(openEntryWarning.toString())).toBe(false)
    expect(representation(document)).toBe('one-byte')
    const out = deferHydration(document)
    expect(out).toContain('dialog.showModal()')
    expect(out).toContain('<template id="hydration-scripts">')
    expect(representation(out)).toBe('one-byte')
    // ASCII throughout: its UTF-8 encoding (before compression) is the bytes themselves.
    expect(Buffer.from(out, 'utf8').equals(Buffer.from(out, 'latin1'))).toBe(true)
  })
})
