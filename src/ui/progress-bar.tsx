// The progress bar of client navigation (SPEC.md section 9: 200 ms throttle, 5 s duration), in the tenant's
// primary colour. A navigation quicker than 200 ms shows nothing; a slow one shows a bar along the top that
// grows, fills up when the page arrives and is gone after at most 5 s even if the page never does. Driven by
// Vike's onPageTransitionStart/End (renderer/+onPageTransitionStart.ts, +onPageTransitionEnd.ts).
import { useSyncExternalStore } from 'react'
import { keyframes } from '@emotion/react'
import styled from './styled'

export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_MAX_MS = 5000
/** How long the full bar stays before it goes, once the page has arrived. */
export const PROGRESS_FINISH_MS = 250

export type ProgressPhase = 'idle' | 'running' | 'finishing'

type Timer = ReturnType<typeof setTimeout>

export function createNavigationProgress() {
  let phase: ProgressPhase = 'idle'
  let showTimer: Timer | undefined
  let maxTimer: Timer | undefined
  let finishTimer: Timer | undefined
  const listeners = new Set<() => void>()

  const set = (next: ProgressPhase) => {
    if (next === phase) return
    phase = next
    listeners.forEach((l) => l())
  }
  const clear = () => {
    clearTimeout(showTimer)
    clearTimeout(maxTimer)
    clearTimeout(finishTimer)
    showTimer = maxTimer = finishTimer = undefined
  }
  const hide = () => {
    clear()
    set('idle')
  }

  return {
    /** A navigation began: the bar appears if it is still going after 200 ms. */
    start() {
      clear()
      set('idle')
      showTimer = setTimeout(() => {
        showTimer = undefined
        set('running')
        maxTimer = setTimeout(hide, PROGRESS_MAX_MS)
      }, PROGRESS_THROTTLE_MS)
    },
    /** The navigation ended: a shown bar fills up and goes; a pending one never appears. */
    done() {
      clearTimeout(showTimer)
      showTimer = undefined
      if (phase !== 'running') return hide()
      clearTimeout(maxTimer)
      set('finishing')
      finishTimer = setTimeout(hide, PROGRESS_FINISH_MS)
    },
    phase: () => phase,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type NavigationProgress = ReturnType<typeof createNavigationProgress>

/** The browser's one progress of client navigation. */
export const navigationProgress = createNavigationProgress()

const grow = keyframes`
  from { transform: scaleX(0.05); }
  to { transform: scaleX(0.9); }
`

const Bar = styled.div<{ finishing: boolean }>(({ theme, finishing }) => ({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: 2000,
  pointerEvents: 'none',
  background: theme.colors.primary,
  transformOrigin: 'left',
  transform: finishing ? 'scaleX(1)' : 'scaleX(0.9)',
  opacity: finishing ? 0 : 1,
  animation: finishing ? undefined : `${grow} ${PROGRESS_MAX_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)`,
  transition: `transform ${PROGRESS_FINISH_MS}ms ease-out, opacity ${PROGRESS_FINISH_MS}ms ease-in`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
}))

/**
 * The bar itself. Decorative (aria-hidden): the page's own content and title tell screen readers what arrived,
 * and an announcement on every slow click would only be noise.
 */
export function ProgressBar({ progress = navigationProgress }: { progress?: NavigationProgress }) {
  const phase = useSyncExternalStore(progress.subscribe, progress.phase, () => 'idle' as const)
  if (phase === 'idle') return null
  return <Bar aria-hidden="true" data-testid="navigation-progress" data-phase={phase} finishing={phase === 'finishing'} />
}
