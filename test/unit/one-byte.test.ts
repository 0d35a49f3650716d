/** @jest-environment jsdom */
import { oneByteCss, oneByteMarkup, oneByteText } from '../../renderer/one-byte'
import { representation } from '../support/string-representation'

/** What a browser reads from markup: the parsed element's text and attributes. */
function parsed(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  return root
}

describe('the document one byte a character', () => {
  const markup =
    '<button type="button" title="Leeftijd 18–99 ▾" data-testid="filter-summary">Nederland · 18–99 jaar <span aria-hidden="true">▾</span></button><p>Hoi 😀 Zoë, ’s avonds</p>'

  it('markup with characters above U+00FF: character references, one byte a character, the same page for a browser', () => {
    expect(representation(markup)).toBe('two-byte')
    const out = oneByteMarkup(markup)
    expect(representation(out)).toBe('one-byte')
    expect(out).toContain('18&#8211;99 jaar')
    expect(out).toContain('&#9662;')
    // An emoji is one character reference (its code point), not two halves.
    expect(out).toContain('Hoi &#128512; Zo\u00eb, &#8217;s avonds')
    expect(parsed(out).innerHTML).toBe(parsed(markup).innerHTML)
    expect(parsed(out).querySelector('button')!.title).toBe('Leeftijd 18–99 ▾')
  })

  it('markup one byte a character already is returned as it is; markup with a script or style element is left alone', () => {
    const plain = '<p class="a">Zoë &amp; Bram</p>'
    expect(oneByteMarkup(plain)).toBe(plain)
    const script = '<p>18–99</p><script>console.log("–")</script>'
    expect(oneByteMarkup(script)).toBe(script)
    const style = '<style>.a::after{content:"▾"}</style><p>–</p>'
    expect(oneByteMarkup(style)).toBe(style)
  })

  it('CSS: CSS escapes of six hex digits, one byte a character', () => {
    const css = '.a::after{content:"▾ 😀"}.b{font-family:"Zoë"}'
    const out = oneByteCss(css)
    expect(out).toBe('.a::after{content:"\\0025be \\01f600"}.b{font-family:"Zoë"}')
    expect(representation(out)).toBe('one-byte')
    expect(oneByteCss('.a{color:red}')).toBe('.a{color:red}')
  })

  it('text for the head is escaped, and one byte a character', () => {
    const out = oneByteText(`Zoë's <zoektocht> & "meer" – 18+`)
    expect(out).toBe('Zoë&#39;s &lt;zoektocht&gt; &amp; &quot;meer&quot; &#8211; 18+')
    expect(representation(out)).toBe('one-byte')
    const title = document.createElement('title')
    title.innerHTML = out
    expect(title.textContent).toBe(`Zoë's <zoektocht> & "meer" – 18+`)
  })
})
