// pathnameOf (src/shared/url-pathname.ts): Vike's urlPathname getter parses the URL on every read; the route
// functions and components read it through pathnameOf, which parses once per URL.
import { pathnameOf } from '../../src/shared/url-pathname'

/** A page context whose urlPathname getter counts its reads, as Vike's parses on each. */
function pageContext(urlOriginal: string | undefined, pathname: string) {
  const ctx = { reads: 0, urlOriginal: urlOriginal as string }
  Object.defineProperty(ctx, 'urlPathname', {
    get() {
      ctx.reads++
      return pathname
    },
  })
  return ctx as typeof ctx & { urlPathname: string }
}

test('the same URL is parsed once, however often and from however many page contexts it is read', () => {
  const first = pageContext('/members?ref=abc', '/members')
  expect(pathnameOf(first)).toBe('/members')
  expect(pathnameOf(first)).toBe('/members')
  const again = pageContext('/members?ref=abc', '/members')
  expect(pathnameOf(again)).toBe('/members')
  expect(first.reads + again.reads).toBe(1)
})

test('another URL gets its own pathname, and each URL always its own', () => {
  expect(pathnameOf(pageContext('/likes/sent', '/likes/sent'))).toBe('/likes/sent')
  expect(pathnameOf(pageContext('/chats/7', '/chats/7'))).toBe('/chats/7')
  expect(pathnameOf(pageContext('/likes/sent', '/likes/sent'))).toBe('/likes/sent')
  expect(pathnameOf(pageContext('/landers/video/milf%20dating', '/landers/video/milf dating'))).toBe('/landers/video/milf dating')
})

test('a page context without urlOriginal (made by hand in a test) is read as it is', () => {
  expect(pathnameOf(pageContext(undefined, '/profile'))).toBe('/profile')
  expect(pathnameOf(pageContext(undefined, '/settings'))).toBe('/settings')
})
