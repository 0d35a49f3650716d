// https://vike.dev/onPageTransitionStart: a client navigation began (the progress bar, src/ui/progress-bar.tsx).
import type { PageContextClient } from 'vike/types'
import { navigationProgress } from '../src/ui/progress-bar'

export function onPageTransitionStart(_pageContext: Partial<PageContextClient>) {
  navigationProgress.start()
  // Until the new page has committed (renderer/page-shell.tsx): the address changes before the new page renders, so
  // tests and scripts that wait for data-hydrated also wait for this mark to go.
  document.documentElement.dataset.navigating = 'true'
}
