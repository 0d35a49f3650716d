// The process's store of kept markup (src/shared/fragment-cache.tsx, decision 050): an LRU bounded by bytes
// (lru-cache, decision 051). Cleared with the page cache whenever tenant files are read again; a new build is a new
// process.
import { LRUCache } from 'lru-cache'
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

/** maxBytes 0: nothing is kept (every render renders everything). */
export function createFragmentCache(opts: { maxBytes: number }): FragmentCache {
  // One fragment may take a hundredth of the budget at most (a larger one is not kept).
  const entries = opts.maxBytes > 0 ? new LRUCache<string, Fragment>({ maxSize: opts.maxBytes, maxEntrySize: Math.floor(opts.maxBytes / 100), sizeCalculation: (fragment, key) => sizeOf(key, fragment) }) : undefined
  const counters = { hits: 0, misses: 0 }
  return {
    get(key) {
      const fragment = entries?.get(key)
      counters[fragment ? 'hits' : 'misses']++
      return fragment
    },
    set(key, fragment) {
      entries?.set(key, fragment)
    },
    clear() {
      entries?.clear()
    },
    stats: () => ({ ...counters, entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0 }),
  }
}
