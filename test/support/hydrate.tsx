// Server markup hydrated in jsdom as a browser does, for the tests of kept markup (decision 050): the markup goes
// into a root in the document, React hydrates an element over it, and what React reported comes back (a mismatch is
// a recoverable error or a console error).
import type { ReactElement } from 'react'
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'

/** A root in the document holding the server's markup, as the browser parsed it. */
export function mountMarkup(html: string): HTMLDivElement {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.appendChild(root)
  return root
}

/** Hydrates `element` over the root: React's recoverable errors (hydration mismatches) and console errors meanwhile. */
export async function hydrateInto(root: HTMLElement, element: ReactElement): Promise<{ recoverable: unknown[]; errors: unknown[][] }> {
  const recoverable: unknown[] = []
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    await act(async () => {
      hydrateRoot(root, element, { onRecoverableError: (error) => recoverable.push(error) })
    })
    return { recoverable, errors: spy.mock.calls.slice() }
  } finally {
    spy.mockRestore()
  }
}
