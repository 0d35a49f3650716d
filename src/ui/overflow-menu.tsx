// "More options" (⋯): where destructive actions such as blocking or deleting a conversation wait, one tap away but
// not as prominent as the actions a member came for.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import styled from './styled'

const Trigger = styled.button(({ theme }) => ({
  width: 44,
  height: 44,
  flex: '0 0 44px',
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: theme.colors.primaryDark,
  fontSize: 24,
  lineHeight: 1,
  fontFamily: 'inherit',
  fontWeight: 800,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  '&:hover, &:focus-visible, &[aria-expanded="true"]': { background: theme.colors.primarySoft, outline: 'none' },
  '&:disabled': { opacity: 0.5, cursor: 'default' },
}))

const List = styled.div(({ theme }) => ({
  position: 'absolute',
  right: 0,
  top: '100%',
  marginTop: 4,
  zIndex: 70,
  minWidth: 200,
  padding: 6,
  display: 'flex',
  flexDirection: 'column',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 10,
  boxShadow: '0 8px 24px rgba(0,0,0,0.14)',
}))

/** An item of the menu; tone danger for what cannot simply be undone. */
export const OverflowItem = styled.button<{ tone?: 'danger' }>(({ theme, tone }) => ({
  display: 'block',
  width: '100%',
  minHeight: 44,
  padding: '10px 12px',
  border: 'none',
  borderRadius: 8,
  background: 'none',
  color: tone === 'danger' ? theme.colors.danger : theme.colors.text,
  font: 'inherit',
  fontSize: 15,
  fontWeight: 600,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, outline: 'none' },
}))

/**
 * A menu's open state that closes on a click or tap outside `wrap` and on Escape (focus back on the first button in
 * `wrap`, its trigger). Shared by the ⋯ menu and the account menu.
 */
export function useDismissibleMenu() {
  const [open, setOpen] = useState(false)
  const wrap = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      wrap.current?.querySelector('button')?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [open])
  return { open, setOpen, wrap }
}

/** The ⋯ button and its menu: closes on a choice, a click outside and Escape (focus back on the button). */
export function OverflowMenu({ label, children, testId, disabled = false }: { label: string; children: (close: () => void) => ReactNode; testId?: string; disabled?: boolean }) {
  const { open, setOpen, wrap } = useDismissibleMenu()
  return (
    <div ref={wrap} style={{ position: 'relative', flex: '0 0 auto' }}>
      <Trigger type="button" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid={testId} disabled={disabled}>
        ⋯
      </Trigger>
      {open && <List role="menu">{children(() => setOpen(false))}</List>}
    </div>
  )
}
