// The phone's tab bar (the member navigation fixed at the bottom below the lg breakpoint, src/features/layout/top-nav)
// and the place above it where floating notices go, so that nothing covers the tabs.

/** Height of the tab bar, without the safe area under it. */
export const TAB_BAR_HEIGHT = 60

/** `bottom` for a notice floating above the tab bar: its height, a 12 px gap and the safe area. */
export const ABOVE_TAB_BAR = `calc(${TAB_BAR_HEIGHT + 12}px + env(safe-area-inset-bottom))`
