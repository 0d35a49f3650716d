import { useEffect, useRef, type ReactNode } from 'react'
import styled from './styled'

const Backdrop = styled.div({
  position: 'fixed',
  inset: 0,
  background: 'rgba(20, 10, 20, 0.6)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
  zIndex: 1000,
})

const Dialog = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius,
  maxWidth: 480,
  width: '100%',
  padding: 24,
  boxShadow: '0 20px 60px rgba(0,0,0,0.35)',
  borderTop: `6px solid ${theme.colors.primary}`,
  '&:focus': { outline: 'none' },
  // Room for the close button in the corner, so a long title never runs under it.
  h2: { marginTop: 0, color: theme.colors.primaryDark, paddingRight: 36 },
}))

const CloseButton = styled.button(({ theme }) => ({
  position: 'absolute',
  top: 10,
  right: 12,
  width: 44,
  height: 44,
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  fontSize: 26,
  lineHeight: 1,
  cursor: 'pointer',
  color: theme.colors.muted,
  '&:hover': { background: theme.colors.primarySoft },
}))

export interface ModalProps {
  title: string
  children: ReactNode
  /** A close button in the corner (always works, unlike onDismiss). */
  onClose?: () => void
  closeLabel?: string
  /** Wider dialogs for forms. */
  width?: number
  /** Called on backdrop click or Escape; absent means the modal cannot be dismissed that way. */
  onDismiss?: () => void
  labelledBy?: string
}

/** An accessible modal dialog; focus moves into it when it opens. */
export function Modal({ title, children, onDismiss, onClose, closeLabel = 'Close', width }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
    if (!onDismiss) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onDismiss()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onDismiss])
  return (
    <Backdrop onClick={(e) => e.target === e.currentTarget && onDismiss?.()}>
      <Dialog role="dialog" aria-modal="true" aria-labelledby="modal-title" tabIndex={-1} ref={ref} style={{ position: 'relative', maxWidth: width, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' }}>
        {onClose && (
          <CloseButton type="button" aria-label={closeLabel} onClick={onClose} data-testid="modal-close">
            ×
          </CloseButton>
        )}
        <h2 id="modal-title">{title}</h2>
        {children}
      </Dialog>
    </Backdrop>
  )
}
