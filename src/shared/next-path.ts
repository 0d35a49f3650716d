// Where to go after logging in: the members-only page the visitor came from (/login?next=/chats). Only a path on
// this site is followed, never another site (an open redirect would let a mail link log people in and send them
// to a look-alike page).

/** Where a banned member reads why and how to object (SPEC.md's info page "Blokkering van accounts"). */
export const BAN_PAGE = '/pages/ban'

const BASE = 'http://same-site.invalid'

/** The path, query and hash of `raw` when it is a relative path on this site; otherwise null. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null
  // Only an absolute path: not "//evil.example", "/\evil.example" (browsers read a backslash as a slash),
  // "https://…", "javascript:…", or control characters that browsers strip before parsing.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  // Back to the login page would only show the form again.
  if (url.pathname === '/login') return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login page's address that brings the member back to `current` afterwards. */
export function loginHref(current: string | null | undefined): string {
  const next = safeNextPath(current)
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login'
}

/**
 * Where a tab goes when a member-only call finds the session refused (SPEC.md section 8): the ban page when staff
 * banned the member (decision 028), else the login page, which leads back to `current`.
 */
export function afterSessionRefused(refusal: { banned: boolean }, current: string): string {
  return refusal.banned ? BAN_PAGE : loginHref(current)
}
