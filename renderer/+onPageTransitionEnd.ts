// https://vike.dev/onPageTransitionEnd: the new page is rendered (the progress bar, src/ui/progress-bar.tsx).
import type { PageContextClient } from 'vike/types'
import { navigationProgress } from '../src/ui/progress-bar'

export function onPageTransitionEnd(_pageContext: PageContextClient) {
  navigationProgress.done()
}
