// The way back after a purchase (?return=/chats/123): only a relative path of this site, never another host.

/** A path of this site: starts with one slash (not //, not /\), no scheme, no control characters, not too long. */
export function isSafeReturnPath(value: string): boolean {
  if (value.length > 300 || !value.startsWith('/')) return false
  if (value.startsWith('//') || value.startsWith('/\\')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(value)) return false
  try {
    // Resolved against a dummy origin, the path must stay on it.
    return new URL(value, 'https://site.invalid').origin === 'https://site.invalid'
  } catch {
    return false
  }
}

/** Appends ?return= (or &return=) to a link when the return path is safe. */
export function withReturn(href: string, returnTo: string | undefined): string {
  if (!returnTo || !isSafeReturnPath(returnTo)) return href
  return `${href}${href.includes('?') ? '&' : '?'}return=${encodeURIComponent(returnTo)}`
}
