const displayNames = new Map<string, Intl.DisplayNames | null>()

/** A country's name in a language ("NL" in German: "Niederlande"); the code when the runtime knows no name. */
export function regionName(code: string, lng: string): string {
  let names = displayNames.get(lng)
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lng], { type: 'region', fallback: 'code' })
    } catch {
      names = null
    }
    displayNames.set(lng, names)
  }
  try {
    return names?.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * A member's country by name: as the tenant's settings name it where the tenant serves it, else in the page's
 * language. Members of a shared pool may live in a country the site does not serve (FlirtBelgië's pool holds members
 * from the Netherlands); they were shown as "NL".
 */
export function countryName(code: string, lng: string, served: readonly { code: string; name: string }[]): string {
  return served.find((c) => c.code === code)?.name ?? regionName(code, lng)
}
