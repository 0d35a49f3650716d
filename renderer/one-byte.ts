// The server's document one byte a character (decision 042, fifteenth addendum).
//
// V8 stores a string one byte a character (Latin-1) unless a character above U+00FF is in it; then the whole string
// is two bytes a character, and so is every string joined from it. A page's markup with one en dash ("18–99 jaar")
// makes the flattened document vike scans and sends twice as large: the largest thing a scavenge copies (43% of what
// survives a minor GC on the member search). The markup, the title and the styles are written here with those
// characters escaped in the way their place allows, and rebuilt from one-byte pieces: the browser reads the same page.

import { escapeHtml } from '../src/shared/escape-html'

/** A character above U+00FF (a surrogate pair as one code point). */
const WIDE = /[\u0100-\uffff]/
const WIDE_CHARACTERS = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\u0100-\uffff]/g

/**
 * `s` as a one-byte string: V8 keeps the result of `replace` two-byte when its subject was, so the escaped text is
 * copied through Latin-1 (every character is below U+0100 by then, nothing is lost).
 */
function oneByte(s: string): string {
  return Buffer.from(s, 'latin1').toString('latin1')
}

/** `s` one byte a character when no character of it is above U+00FF; else as it is (nothing may be lost). */
export function oneByteCopy(s: string): string {
  return WIDE.test(s) ? s : oneByte(s)
}

/**
 * React's markup of a page (text and attribute values, no <script> or <style>: the Emotion cache is in compat mode)
 * with each character above U+00FF as a numeric character reference. Markup holding a script or style element is
 * returned as it is: character references are not read there.
 */
export function oneByteMarkup(html: string): string {
  if (!WIDE.test(html) || html.includes('<script') || html.includes('<style')) return html
  return oneByte(html.replace(WIDE_CHARACTERS, (c) => `&#${c.codePointAt(0)!};`))
}

/** Text for an HTML element or attribute, escaped (as vike's escapeInject would) and one byte a character. */
export function oneByteText(text: string): string {
  return oneByteMarkup(escapeHtml(text))
}

/** CSS with each character above U+00FF as a CSS escape (six hex digits: no space needed after it). */
export function oneByteCss(css: string): string {
  if (!WIDE.test(css)) return css
  return oneByte(css.replace(WIDE_CHARACTERS, (c) => `\\${c.codePointAt(0)!.toString(16).padStart(6, '0')}`))
}
