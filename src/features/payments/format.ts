// Money and dates of the payment pages, formatted with Intl the same way on the server and in the browser: an
// explicit locale and the tenant's time zone, so the server's HTML and the hydrated page never differ.
import { isSafeReturnPath } from './return-path'

/** The tenant's time zone (all demo brands are Dutch or Belgian). */
export const TIME_ZONE = 'Europe/Amsterdam'

/** The Intl locale of a catalogue language (nb is Norwegian Bokmål, en-US keeps its own). */
export function intlLocale(lng: string): string {
  return lng === 'en' ? 'en-GB' : lng
}

/** An amount in cents as money: "€ 19,95" in nl. */
export function formatMoney(cents: number, currency: string, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency }).format(cents / 100)
}

/** A price per credit, which may be a fraction of a cent: two to three decimals. */
export function formatPerCredit(cents: number, currency: string, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(cents / 100)
}

/** A payment's date and time in the tenant's time zone. */
export function formatDateTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(intlLocale(lng), { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
}

/** The price after a percentage discount, in whole cents (rounded to the cent as the server does). */
export function discounted(cents: number, percentage: number): number {
  return Math.round((cents * (100 - percentage)) / 100)
}

/** The countdown of SPEC.md section 4: hours:minutes:seconds ("3:59:07"); never negative. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}

/** The return address of a page's query (?return=), when it is a path of this site; else undefined. */
export function returnParam(search: Record<string, string> | undefined): string | undefined {
  const value = search?.return
  return value && isSafeReturnPath(value) ? value : undefined
}
