import { useEffect, useState } from 'react'
import styled from './styled'
import { ABOVE_TAB_BAR } from './tab-bar'

/**
 * These alerts are known only in the browser (the dismissal is in its storage, push capability is the browser's),
 * so they appear after hydration. In the flow above the page they pushed the whole page down (a layout shift of
 * 0.135 on the member search, over Core Web Vitals' 0.05): they float at the bottom instead, above the phone's tab
 * bar (ABOVE_TAB_BAR, src/ui/tab-bar.ts) and at the bottom left from the lg breakpoint, where that bar
 * sits in the top navigation. Nothing moves when one appears.
 */
const Bar = styled.div<{ tone: 'primary' | 'danger' }>(({ theme, tone }) => ({
  position: 'fixed',
  zIndex: 50,
  left: 12,
  right: 12,
  bottom: ABOVE_TAB_BAR,
  boxShadow: '0 8px 30px rgba(0,0,0,0.18)',
  padding: '10px 16px',
  borderRadius: 10,
  [theme.mq.lg]: { left: 24, right: 'auto', bottom: 24, maxWidth: 480 },
  // Opaque, since it lies over the page: the soft tint over the surface colour.
  background: tone === 'danger' ? '#fdecea' : `linear-gradient(${theme.colors.primarySoft}, ${theme.colors.primarySoft}), ${theme.colors.surface}`,
  border: `1px solid ${tone === 'danger' ? theme.colors.danger : theme.colors.primaryLight}`,
  display: 'flex',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'center',
  p: { margin: 0, flex: '1 1 240px' },
  button: { background: 'none', border: 'none', cursor: 'pointer', textDecoration: 'underline', font: 'inherit' },
}))

/**
 * The dismissal timestamp stored under a key (SPEC.md section 4). It is read after hydration, since it lives in
 * this browser's storage; until then it counts as dismissed, so nothing flashes.
 */
export function useDismissal(storageKey: string): [string | null, () => void] {
  const [dismissedAt, setDismissedAt] = useState<string | null>('pending')
  // Storage may be refused (a cross-site frame such as the lander gallery's previews, strict privacy settings):
  // then nothing counts as dismissed and a dismissal lasts for this page.
  useEffect(() => {
    try {
      setDismissedAt(window.localStorage.getItem(storageKey))
    } catch {
      setDismissedAt(null)
    }
  }, [storageKey])
  const dismiss = () => {
    const now = new Date().toISOString()
    try {
      window.localStorage.setItem(storageKey, now)
    } catch {
      // kept in this page only
    }
    setDismissedAt(now)
  }
  return [dismissedAt, dismiss]
}

/** An alert of the warnings header with a link and a dismiss button. */
export function DismissibleAlert(props: { tone: 'primary' | 'danger'; role: 'alert' | 'note'; testId: string; body: string; href: string; linkText: string; dismissText: string; onDismiss: () => void }) {
  return (
    <Bar tone={props.tone} role={props.role} data-testid={props.testId}>
      <p>{props.body}</p>
      <a href={props.href}>{props.linkText}</a>
      <button type="button" onClick={props.onDismiss}>
        {props.dismissText}
      </button>
    </Bar>
  )
}
