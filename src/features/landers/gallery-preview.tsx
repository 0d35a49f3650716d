// The gallery's live previews. Each preview is a whole lander (its own page, its own scripts), and a tenant has up
// to ninety of them: framed all at once they froze the gallery itself on a slow machine (the sections did not
// appear within half a minute). So a preview is framed only while it is in view (or close to it), and at most two
// load at a time, the others waiting their turn; one that scrolls out of view before its turn leaves the queue.
import { useEffect, useRef, useState } from 'react'

/** How many previews may be loading at once. */
export const PREVIEWS_LOADING_AT_ONCE = 2
/** A preview that never reports `load` gives its turn up after this long. */
const TURN_MS = 10_000

type Turn = () => void
const waiting: Turn[] = []
let loading = 0

function next() {
  while (loading < PREVIEWS_LOADING_AT_ONCE && waiting.length > 0) {
    loading++
    waiting.shift()!()
  }
}

/** Asks for a turn; `start` runs when it comes. The returned function withdraws the request if it has not started. */
function requestTurn(start: Turn): () => void {
  waiting.push(start)
  next()
  return () => {
    const i = waiting.indexOf(start)
    if (i >= 0) waiting.splice(i, 1)
  }
}

function endTurn() {
  loading = Math.max(0, loading - 1)
  next()
}

/** Test hook: forget every turn (each test starts with an empty queue). */
export function resetPreviewQueue() {
  waiting.length = 0
  loading = 0
}

type Props = { src: string; title: string; width: number; height: number; scale: number; className?: string }

export function GalleryPreview({ src, title, width, height, scale, className }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const [framed, setFramed] = useState(false)
  /** True while this preview holds one of the loading turns. */
  const holding = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const release = () => {
    clearTimeout(timer.current)
    if (holding.current) {
      holding.current = false
      endTurn()
    }
  }

  useEffect(() => {
    let withdraw: (() => void) | undefined
    let started = false
    const ask = () => {
      if (started) return
      withdraw ??= requestTurn(() => {
        withdraw = undefined
        started = true
        holding.current = true
        timer.current = setTimeout(release, TURN_MS)
        setFramed(true)
      })
    }
    const el = box.current
    if (!el || typeof IntersectionObserver === 'undefined') {
      ask()
      return () => {
        withdraw?.()
        release()
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting)
        if (visible) ask()
        else if (withdraw) {
          withdraw()
          withdraw = undefined
        }
      },
      { rootMargin: '200px 0px' },
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      withdraw?.()
      release()
    }
    // Asked once per preview: a new address (another language) reloads the frame already there.
  }, [])

  return (
    <div ref={box} className={className} style={{ width: width * scale, height: height * scale }} data-testid="gallery-preview" data-framed={framed}>
      {framed && <iframe src={src} title={title} width={width} height={height} style={{ transform: `scale(${scale})` }} tabIndex={-1} onLoad={release} onError={release} />}
    </div>
  )
}
