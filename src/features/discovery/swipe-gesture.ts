// The gesture of the swipe game's top card: touch and mouse through pointer events, and the arrow keys.
import { useCallback, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'

export type SwipeDirection = 'left' | 'right'

/** A drag far enough (a quarter of the card, at least 80 px) or flung fast enough is a swipe; otherwise the card returns. */
export function swipeDecision(dx: number, width: number, velocity = 0): SwipeDirection | null {
  const threshold = Math.max(80, width * 0.25)
  if (dx > threshold || (dx > 30 && velocity > 0.6)) return 'right'
  if (dx < -threshold || (dx < -30 && velocity < -0.6)) return 'left'
  return null
}

/** Where the card is drawn while dragged: it follows the pointer and tilts a little. */
export function dragTransform(dx: number, dy: number): string {
  const rotate = Math.max(-18, Math.min(18, dx / 14))
  return `translate(${dx}px, ${dy * 0.25}px) rotate(${rotate}deg)`
}

export interface SwipeHandlers {
  onPointerDown: (e: ReactPointerEvent<HTMLElement>) => void
  onPointerMove: (e: ReactPointerEvent<HTMLElement>) => void
  onPointerUp: (e: ReactPointerEvent<HTMLElement>) => void
  onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => void
}

/**
 * Drag state of the top card. `onSwipe` gets the direction once the card is let go beyond the threshold, or an
 * arrow key is pressed (when `keys` is on); the card then flies out before the next one shows.
 */
export function useSwipe(onSwipe: (dir: SwipeDirection) => void, opts: { enabled: boolean; keys: boolean }) {
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null)
  const [leaving, setLeaving] = useState<SwipeDirection | null>(null)
  const start = useRef<{ x: number; y: number; t: number; id: number; width: number } | null>(null)

  // Set at once, not at the next render: a second key pressed before React re-renders does not fling twice.
  const flying = useRef(false)

  const fling = useCallback(
    (dir: SwipeDirection) => {
      if (flying.current) return
      flying.current = true
      setLeaving(dir)
      setDrag(null)
      // The fly-out animation takes 220 ms; the next card shows after it.
      window.setTimeout(() => {
        flying.current = false
        setLeaving(null)
        onSwipe(dir)
      }, 220)
    },
    [onSwipe],
  )

  useArrowKeys(fling, opts.keys && opts.enabled && !leaving)

  const handlers: SwipeHandlers = {
    onPointerDown: (e) => {
      if (!opts.enabled || leaving || (e.pointerType === 'mouse' && e.button !== 0)) return
      e.currentTarget.setPointerCapture?.(e.pointerId)
      start.current = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId, width: e.currentTarget.getBoundingClientRect().width }
      setDrag({ dx: 0, dy: 0 })
    },
    onPointerMove: (e) => {
      const s = start.current
      if (!s || s.id !== e.pointerId) return
      setDrag({ dx: e.clientX - s.x, dy: e.clientY - s.y })
    },
    onPointerUp: (e) => {
      const s = start.current
      if (!s || s.id !== e.pointerId) return
      start.current = null
      const dx = e.clientX - s.x
      const dt = Math.max(1, e.timeStamp - s.t)
      const dir = swipeDecision(dx, s.width, dx / dt)
      if (dir) fling(dir)
      else setDrag(null)
    },
    onPointerCancel: () => {
      start.current = null
      setDrag(null)
    },
  }
  return { drag, leaving, fling, handlers }
}

/**
 * The keyboard equivalent of a swipe (the swipe game and the match finder): → likes, ← skips. Keys typed into a
 * field, with a modifier (Alt+← is the browser's back) or already handled elsewhere (a dialog) are left alone.
 *
 * The listener stays on while the component is mounted and reads `enabled` when a key comes. Whether keys count is
 * set in a layout effect, in the same commit that shows the buttons enabled: a passive effect runs after the browser
 * paints, and a key pressed in between (as soon as the next profile shows) would be lost.
 */
export function useArrowKeys(onDirection: (dir: SwipeDirection) => void, enabled: boolean) {
  const latest = useRef({ onDirection, enabled })
  useLayoutEffect(() => {
    latest.current = { onDirection, enabled }
  })
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!latest.current.enabled || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
      const target = e.target as HTMLElement | null
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return
      if (e.key === 'ArrowRight') latest.current.onDirection('right')
      else if (e.key === 'ArrowLeft') latest.current.onDirection('left')
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
