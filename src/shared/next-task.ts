// Work that would make one long task of the main thread is cut here into tasks of its own, so that the browser can
// paint and answer input between them (decision 041, addendum 6).

interface Scheduler {
  yield?: () => Promise<void>
}

/**
 * Resolves in a later task: with `scheduler.yield()` where the browser has it (its continuation runs before other
 * queued tasks of the page), else after a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
