// The process's store of kept markup (src/shared/fragment-cache.tsx, decision 050): an LRU bounded by bytes. Cleared
// with the page cache whenever tenant files are read again; a new build is a new process.
import type { Fragment, FragmentStore } from '../shared/fragment-cache'

export interface FragmentCache extends FragmentStore {
  clear(): void
  stats(): { hits: number; misses: number; entries: number; bytes: number }
}

/** Bytes a fragment takes: its strings at two bytes a character (what V8 may need), the key included. */
function sizeOf(key: string, fragment: Fragment): number {
  let chars = key.length + fragment.html.length
  for (const [id, rules, registered] of fragment.styles) chars += id.length + rules.length + (registered?.length ?? 0)
  return chars * 2
}

/**
 * maxBytes 0: nothing is kept (every render renders everything). A Map keeps insertion order: a hit moves its entry
 * to the end, eviction takes from the front.
 */
export function createFragmentCache(opts: { maxBytes: number }): FragmentCache {
  const entries = new Map<string, { fragment: Fragment; bytes: number }>()
  const counters = { hits: 0, misses: 0 }
  let bytes = 0
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) {
        counters.misses++
        return undefined
      }
      counters.hits++
      entries.delete(key)
      entries.set(key, entry)
      return entry.fragment
    },
    set(key, fragment) {
      const size = sizeOf(key, fragment)
      // One fragment may take a hundredth of the budget at most.
      if (size * 100 > opts.maxBytes) return
      const old = entries.get(key)
      if (old) {
        entries.delete(key)
        bytes -= old.bytes
      }
      entries.set(key, { fragment, bytes: size })
      bytes += size
      for (const [k, e] of entries) {
        if (bytes <= opts.maxBytes) break
        entries.delete(k)
        bytes -= e.bytes
      }
    },
    clear() {
      entries.clear()
      bytes = 0
    },
    stats: () => ({ ...counters, entries: entries.size, bytes }),
  }
}
