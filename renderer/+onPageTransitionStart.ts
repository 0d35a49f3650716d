// https://vike.dev/onPageTransitionStart: a client navigation began (the progress bar, src/ui/progress-bar.tsx).
import type { PageContextClient } from 'vike/types'
import { navigationProgress } from '../src/ui/progress-bar'

export function onPageTransitionStart(_pageContext: Partial<PageContextClient>) {
  navigationProgress.start()
}
