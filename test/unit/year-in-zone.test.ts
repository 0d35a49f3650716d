// The footer's year (src/shared/dates.ts yearInZone): the year of the tenant's zone at every hour around a new year,
// in zones from UTC-12 to UTC+14, and no formatter made for it away from a new year.
import { formatInZone, yearInZone } from '../../src/shared/dates'

const ZONES = ['Etc/GMT+12', 'Pacific/Honolulu', 'America/New_York', 'UTC', 'Europe/Amsterdam', 'Asia/Kolkata', 'Pacific/Auckland', 'Pacific/Kiritimati']

it('is the year of the time zone at every quarter hour from two days before a new year to two days after', () => {
  for (const zone of ZONES) {
    for (let at = Date.UTC(2026, 11, 30); at <= Date.UTC(2027, 0, 2); at += 15 * 60_000) {
      expect([zone, new Date(at).toISOString(), yearInZone(at, zone)]).toEqual([zone, new Date(at).toISOString(), Number(formatInZone(at, 'en', zone, { year: 'numeric' }))])
    }
  }
  // Already the new year in Amsterdam and on Kiritimati (UTC+14), still the old one in New York and Honolulu.
  expect(yearInZone(Date.UTC(2026, 11, 31, 23, 30), 'Europe/Amsterdam')).toBe(2027)
  expect(yearInZone(Date.UTC(2026, 11, 31, 10, 30), 'Pacific/Kiritimati')).toBe(2027)
  expect(yearInZone(Date.UTC(2027, 0, 1, 4, 0), 'America/New_York')).toBe(2026)
  expect(yearInZone(Date.UTC(2027, 0, 1, 9, 0), 'Pacific/Honolulu')).toBe(2026)
})

it('makes no formatter away from a new year', () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat')
  try {
    expect(yearInZone(Date.UTC(2026, 10, 27, 22), 'Europe/Amsterdam')).toBe(2026)
    expect(yearInZone(Date.UTC(2027, 0, 2, 12), 'Pacific/Kiritimati')).toBe(2027)
    expect(made).not.toHaveBeenCalled()
  } finally {
    made.mockRestore()
  }
})
