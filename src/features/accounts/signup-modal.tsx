import { useState, type MouseEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { usePageContext } from '../../../renderer/page-context'
import { Modal } from '../../ui/modal'
import { SignupForm } from './signup-form'

/** Desktop from the md breakpoint: signup links open the modal there; phones go to /signup. */
export const DESKTOP_QUERY = '(min-width: 768px)'

/** A click handler for signup links: on desktop it opens the modal instead of navigating. */
export function useOpenSignup() {
  const store = useSessionStore()
  return (e: MouseEvent) => {
    if (typeof window !== 'undefined' && window.matchMedia?.(DESKTOP_QUERY).matches) {
      e.preventDefault()
      // Vike's client router listens on document and ignores defaultPrevented: keep the click from reaching it.
      e.stopPropagation()
      store.signupModalOpen = true
    }
  }
}

/** SPEC.md section 2: cannot be closed by backdrop or escape while a signup is in progress; closes on close or on the way to login. */
export function SignupModal() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { signupModalOpen, user } = useSession()
  const store = useSessionStore()
  const [busy, setBusy] = useState(false)
  if (!signupModalOpen || user) return null
  const close = () => {
    store.signupModalOpen = false
  }
  return (
    <Modal title={t('signup.title')} onDismiss={busy ? undefined : close} onClose={close} closeLabel={t('common.close')} width={520}>
      <p style={{ marginTop: 0 }}>{t('signup.intro', { site: tenant.settings.name })}</p>
      <SignupForm onBusyChange={setBusy} onLogin={close} />
    </Modal>
  )
}
