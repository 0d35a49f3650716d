/**
 * A tenant's label (written as a label: "Fictieve profielen", "Fiktive Profile", "Chatprofile") as it reads inside a
 * sentence of the given language: "op Datingstad staan ook fictieve profielen".
 *
 * Lower case everywhere but in German, whose nouns keep their capital: there only a leading adjective is lowered
 * ("fiktive Profile"), and a label of one word, a noun ("Chatprofile"), stays as written.
 */
export function labelInSentence(label: string, lng: string): string {
  if (lng === 'de' || lng.startsWith('de-')) {
    const space = label.indexOf(' ')
    return space > 0 ? label.charAt(0).toLowerCase() + label.slice(1) : label
  }
  return label.toLowerCase()
}
