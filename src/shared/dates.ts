// Dates and times as members see them, always in the tenant's time zone (tenant.time_zone, Europe/Amsterdam for
// the demo brands). The server renders a page in whatever zone its process runs in and the browser hydrates it
// in the visitor's zone: formatting without a zone gave two different texts for one instant (React #418).

const formats = new Map<string, Intl.DateTimeFormat>()

/** One Intl.DateTimeFormat per language, zone and options (they are costly to make). */
export function dateFormat(lng: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng}|${timeZone}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(lng, { ...options, timeZone })
    formats.set(key, format)
  }
  return format
}

/** An instant (Date, ISO text or epoch milliseconds) formatted in the language and the tenant's time zone. */
export function formatInZone(at: Date | string | number, lng: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return dateFormat(lng, timeZone, options).format(typeof at === 'object' ? at : new Date(at))
}

/** The furthest any time zone is from UTC (UTC-12 to UTC+14). */
const MAX_ZONE_OFFSET_MS = 14 * 3_600_000

/**
 * The calendar year of an instant in a time zone. Away from a new year (all but the 28 hours around one, when some
 * zone is already or still in another year) it is the UTC year, found without a formatter: the first
 * Intl.DateTimeFormat with a zone costs a phone milliseconds of the first render of every page (the footer).
 */
export function yearInZone(at: number, timeZone: string): number {
  const year = new Date(at).getUTCFullYear()
  if (at - Date.UTC(year, 0, 1) > MAX_ZONE_OFFSET_MS && Date.UTC(year + 1, 0, 1) - at > MAX_ZONE_OFFSET_MS) return year
  return Number(formatInZone(at, 'en', timeZone, { year: 'numeric' }))
}

/** The calendar day of an instant in a time zone, YYYY-MM-DD. */
export function dayInZone(at: Date | string | number, timeZone: string): string {
  return formatInZone(at, 'en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })
}

/** Whole calendar days from the day of `from` to the day of `to` in a time zone (0: the same day, 1: the next). */
export function calendarDaysBetween(from: Date | string | number, to: Date | string | number, timeZone: string): number {
  const day = (at: Date | string | number) => Date.parse(`${dayInZone(at, timeZone)}T00:00:00Z`)
  return Math.round((day(to) - day(from)) / 86_400_000)
}

/**
 * Whole years from a date of birth (YYYY-MM-DD) to `today` (UTC calendar), or undefined for text that is not a real
 * calendar date (2001-02-29, 17-05-1990). The one age function: signup's age rule and every presented profile.
 */
export function ageOn(dateOfBirth: string, today = new Date()): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth)
  if (!m) return undefined
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined
  let age = today.getUTCFullYear() - y
  if (today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d)) age--
  return age
}
