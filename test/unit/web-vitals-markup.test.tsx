// What Lighthouse found on the member pages (decision 041), held in the markup: the photos of the first grid row
// are fetched at once and first (they are the page's largest paint; lazy photos waited for layout), and the
// alerts known only in the browser float instead of pushing the page down when they appear (a layout shift).
import { act, screen } from '@testing-library/react'
import '../support/text-encoder'
import { renderInShell } from '../support/shell'
import { memberCard } from '../support/member-card'
import { cardPhotoLoading, MemberCardLink, MemberGrid } from '../../src/ui/member-card-link'
import { DismissibleAlert } from '../../src/ui/dismissible-alert'

async function renderPage(page: React.ReactNode) {
  const result = renderInShell(page, { layout: 'empty', extra: { urlPathname: '/members' } })
  await act(async () => undefined)
  return result
}

const card = (id: number) => memberCard(id)

/** The CSS text Emotion wrote for an element's classes. */
function cssOf(el: Element): string {
  // Emotion inserts its rules with insertRule (no text in the style elements): read the CSSOM.
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
  return rules.filter((r) => [...el.classList].some((c) => r.includes(`.${c}`))).join('\n')
}

describe('the member grid loads its first row first', () => {
  it('the first two photos are eager with fetchpriority high, the next three eager, the rest lazy', async () => {
    await renderPage(
      <MemberGrid>
        {Array.from({ length: 8 }, (_, i) => (
          <MemberCardLink key={i} member={card(i + 1)} href={`/members/${i + 1}`} {...cardPhotoLoading(i)} />
        ))}
      </MemberGrid>,
    )
    const imgs = Array.from({ length: 8 }, (_, i) => screen.getByAltText(`Foto van Lid ${i + 1}`))
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy'])
    expect(imgs.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null, null, null, null, null, null])
  })
})

describe('alerts known only in the browser do not shift the page', () => {
  it('float at the bottom (position fixed) instead of taking room above the page', async () => {
    await renderPage(<DismissibleAlert tone="primary" role="note" testId="push-alert" body="Zet pushmeldingen aan" href="/notifications" linkText="Aanzetten" dismissText="Niet nu" onDismiss={() => undefined} />)
    const css = cssOf(screen.getByTestId('push-alert'))
    expect(css).toMatch(/position: ?fixed/)
    expect(css).toMatch(/bottom: ?calc\(72px \+ env\(safe-area-inset-bottom\)\)/)
  })
})
