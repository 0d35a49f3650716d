import { useEffect, type ReactNode } from 'react'
import styled from './styled'
import { ABOVE_TAB_BAR } from './tab-bar'

const Box = styled.div<{ tone: 'success' | 'danger' }>(({ theme, tone }) => ({
  position: 'fixed',
  zIndex: 1100,
  left: 16,
  right: 16,
  bottom: 16,
  margin: '0 auto',
  maxWidth: theme.toastMaxWidth,
  padding: '12px 16px',
  borderRadius: 12,
  background: tone === 'success' ? theme.colors.success : theme.colors.danger,
  color: '#fff',
  fontWeight: 600,
  boxShadow: '0 10px 30px rgba(0,0,0,0.25)',
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  button: { marginLeft: 'auto', background: 'none', border: 'none', color: 'inherit', fontSize: 22, lineHeight: 1, cursor: 'pointer' },
  [theme.mq.sm]: { left: 'auto', right: 24, bottom: 24 },
  // Above the phone's tab bar where there is one (members, below the lg breakpoint), never over it.
  'body:has([data-tab-bar]) &': { bottom: ABOVE_TAB_BAR, [theme.mq.lg]: { bottom: 24 } },
}))

/** A short notice at the bottom of the screen (max width from the theme, SPEC.md section 9); it leaves by itself. */
export function Toast({ children, tone = 'success', onClose, closeLabel, ms = 6000 }: { children: ReactNode; tone?: 'success' | 'danger'; onClose: () => void; closeLabel: string; ms?: number }) {
  useEffect(() => {
    const id = setTimeout(onClose, ms)
    return () => clearTimeout(id)
  }, [onClose, ms])
  return (
    <Box tone={tone} role="status" data-testid="toast">
      <span>{children}</span>
      <button type="button" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </Box>
  )
}

const Note = styled.span(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '4px 10px',
  borderRadius: 999,
  background: theme.colors.success,
  color: '#fff',
  fontSize: 14,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  '&::before': { content: '"✓"' },
  animation: 'saved-note-in 180ms ease-out',
  '@keyframes saved-note-in': { from: { opacity: 0, transform: 'translateY(4px)' }, to: { opacity: 1, transform: 'none' } },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}))

/**
 * Feedback where the member acted: a small note beside the control that was saved (not a banner at the top of a
 * long page); it leaves by itself after ms.
 */
export function SavedNote({ children, onDone, ms = 5000, testId }: { children: ReactNode; onDone: () => void; ms?: number; testId?: string }) {
  useEffect(() => {
    const id = setTimeout(onDone, ms)
    return () => clearTimeout(id)
  }, [onDone, ms])
  return (
    <Note role="status" data-testid={testId}>
      {children}
    </Note>
  )
}
