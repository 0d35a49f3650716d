import type { Db } from './client.server'

/**
 * A value made once per database and key: the prepared queries of the hot paths, built on their first use and kept
 * as long as the database object lives (each test's database gets its own). `key` tells the shapes of one query
 * apart (a search's filters, a page of messages); a query of one shape leaves it out.
 */
export function perDatabase<T>(): (db: Db, make: () => T, key?: string) => T {
  const made = new WeakMap<Db, Map<string, T>>()
  return (db, make, key = '') => {
    let byKey = made.get(db)
    if (!byKey) made.set(db, (byKey = new Map()))
    let value = byKey.get(key)
    if (value === undefined) byKey.set(key, (value = make()))
    return value
  }
}
