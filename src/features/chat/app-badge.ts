// The app badge (Badging API) with unread messages plus new likes; its failure is ignored (SPEC.md section 8).

type BadgeNavigator = { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

export async function updateAppBadge(total: number, nav: BadgeNavigator | undefined = typeof navigator === 'undefined' ? undefined : (navigator as BadgeNavigator)) {
  try {
    if (!nav?.setAppBadge) return
    if (total > 0) await nav.setAppBadge(total)
    else if (nav.clearAppBadge) await nav.clearAppBadge()
    else await nav.setAppBadge(0)
  } catch {
    // Not supported here, not installed, or refused: the badge is a nicety.
  }
}
