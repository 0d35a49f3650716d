// Installed-app mode (SPEC.md section 2): the site opened from the home screen runs in display-mode standalone
// (iOS: navigator.standalone). The layout, the footer, the back button and the entry warning follow it.
import { useSyncExternalStore } from 'react'

const QUERY = '(display-mode: standalone)'

export function isStandalone(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  if (!win) return false
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || (win.matchMedia?.(QUERY).matches ?? false)
}

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(QUERY)
  list?.addEventListener?.('change', onChange)
  return () => list?.removeEventListener?.('change', onChange)
}

/** Whether the page runs as the installed app; false on the server and during hydration's first render. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, () => isStandalone(), () => false)
}
