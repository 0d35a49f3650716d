// The one modal dialog: the native <dialog> opened with showModal(). The browser then makes the rest of the page
// inert (Tab cannot reach what is behind it, screen readers do not read it), puts the dialog in the top layer and
// sends Escape to it. Focus moves into the dialog when it opens and back to where it was when it closes.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import styled from './styled'

// Before hydration (server render) useLayoutEffect would warn; the dialog opens on the client only.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

// The <dialog> is the full-screen layer (its ::backdrop dims the page); the card inside it is the visible dialog.
const Layer = styled.dialog({
  border: 'none',
  padding: 16,
  margin: 0,
  background: 'transparent',
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  position: 'fixed',
  inset: 0,
  boxSizing: 'border-box',
  zIndex: 1000,
  overflow: 'hidden',
  '&[open]': { display: 'flex', alignItems: 'center', justifyContent: 'center' },
  '&::backdrop': { background: 'rgba(20, 10, 20, 0.6)' },
  // Without showModal (jsdom in the component tests) there is no ::backdrop; the layer dims the page itself.
  '&[data-fallback]': { background: 'rgba(20, 10, 20, 0.6)' },
})

const Card = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  color: theme.colors.text,
  borderRadius: theme.radius,
  maxWidth: 480,
  width: '100%',
  padding: 24,
  boxShadow: '0 20px 60px rgba(0,0,0,0.35)',
  borderTop: `6px solid ${theme.colors.primary}`,
  position: 'relative',
  maxHeight: 'calc(100% - 0px)',
  overflowY: 'auto',
  boxSizing: 'border-box',
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
}

/** Opens a <dialog> as a modal; where the browser has no showModal (jsdom) it is shown with the open attribute. */
function openModal(dialog: HTMLDialogElement) {
  if (dialog.open) return
  if (typeof dialog.showModal === 'function') {
    try {
      dialog.showModal()
      return
    } catch {
      // Not connected yet or already open elsewhere: fall through to the attribute.
    }
  }
  dialog.setAttribute('open', '')
  dialog.setAttribute('data-fallback', '')
}

function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close()
  else dialog.removeAttribute('open')
}

/**
 * The mechanics of every modal dialog of the product, for a <dialog> element: opened with showModal() (the rest of
 * the page inert: Tab, clicks and screen readers stay inside), focus moved to `initialFocus` (else the dialog), Escape
 * calling `onDismiss` (nothing without it), and focus back where it was when the dialog goes. Used by Modal and by
 * dialogs with a look of their own (the full-screen match).
 */
export function useModalDialog(onDismiss: (() => void) | undefined, initialFocus?: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const dismissRef = useRef(onDismiss)
  dismissRef.current = onDismiss

  useClientLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    openModal(dialog)
    ;(initialFocus?.current ?? dialog).focus()

    // Escape: dismiss when allowed, otherwise nothing. Handled on keydown so the browser's own cancel (which it may
    // force after a second Escape) never closes a dialog that must stay, such as the entry warning.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.preventDefault()
      e.stopPropagation()
      dismissRef.current?.()
    }
    const onCancel = (e: Event) => {
      e.preventDefault()
      dismissRef.current?.()
    }
    // Closed by the browser while still rendered (a forced cancel): open it again, it is the page that decides.
    const onNativeClose = () => {
      if (dialog.isConnected && dialogRef.current === dialog) openModal(dialog)
    }
    dialog.addEventListener('keydown', onKey)
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onNativeClose)
    return () => {
      dialog.removeEventListener('keydown', onKey)
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onNativeClose)
      closeModal(dialog)
      // Back to the control that opened the dialog, if it is still on the page.
      if (previous && previous.isConnected && previous !== document.body) previous.focus({ preventScroll: true })
    }
    // Opened once per mount; the latest onDismiss is read through its ref.
  }, [])
  return dialogRef
}

/** An accessible modal dialog: focus is kept inside while it is open and goes back where it was when it closes. */
export function Modal({ title, children, onDismiss, onClose, closeLabel = 'Close', width }: ModalProps) {
  const cardRef = useRef<HTMLDivElement>(null)
  const dialogRef = useModalDialog(onDismiss, cardRef)
  return (
    <ModalMarkup title={title} dialogRef={dialogRef} cardRef={cardRef} onDismiss={onDismiss} onClose={onClose} closeLabel={closeLabel} width={width}>
      {children}
    </ModalMarkup>
  )
}

/**
 * The markup of a modal dialog (the layer and its card), opened by whoever holds `dialogRef`: Modal's hook, or a
 * dialog that must open before the page's JavaScript runs (the entry warning, src/features/layout/entry-warning.tsx).
 * The card carries data-modal-card, so such an opener can give it the focus.
 */
export function ModalMarkup({
  title,
  children,
  onDismiss,
  onClose,
  closeLabel = 'Close',
  width,
  dialogRef,
  cardRef,
  dialogProps,
}: ModalProps & {
  dialogRef: RefObject<HTMLDialogElement | null>
  cardRef?: RefObject<HTMLDivElement | null>
  dialogProps?: Record<`data-${string}`, string | boolean> & { suppressHydrationWarning?: boolean }
}) {
  const titleId = useId()
  return (
    <Layer ref={dialogRef} aria-labelledby={titleId} aria-modal="true" onClick={(e) => e.target === e.currentTarget && onDismiss?.()} {...dialogProps}>
      <Card ref={cardRef} tabIndex={-1} style={{ maxWidth: width }} data-modal-card="">
        {onClose && (
          <CloseButton type="button" aria-label={closeLabel} onClick={onClose} data-testid="modal-close">
            ×
          </CloseButton>
        )}
        <h2 id={titleId}>{title}</h2>
        {children}
      </Card>
    </Layer>
  )
}
