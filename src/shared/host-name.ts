// What a Host header names, for the tenant lookup of the core and for features that compare hosts (the landers
// gallery); pure, so features use it without importing src/server.

/** The lowercased host name of a Host header, without port; undefined when malformed. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined
  const h = host.trim().toLowerCase()
  const m = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(h)
  return m ? m[1].replace(/\.$/, '') : undefined
}
