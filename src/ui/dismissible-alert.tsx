import { useEffect, useState } from 'react'
import styled from './styled'

const Bar = styled.div<{ tone: 'primary' | 'danger' }>(({ theme, tone }) => ({
  margin: '12px 16px 0',
  padding: '10px 16px',
  borderRadius: 10,
  background: tone === 'danger' ? '#fdecea' : theme.colors.primarySoft,
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
