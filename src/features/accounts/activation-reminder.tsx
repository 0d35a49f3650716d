import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { callEndpoint } from '../../shared/api-client'
import { activateResendRef } from './endpoint-refs'
import type { PresentedUser } from '../../shared/contracts'

type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object | null ? DeepReadonly<T[K]> : T[K] }
import { Modal } from '../../ui/modal'
import { Button } from '../../ui/button'
import { usePathname } from '../../../renderer/page-context'

/** Pages where the reminder stays hidden (SPEC.md section 4). */
const HIDDEN_ON = [/^\/signup/, /^\/settings/, /^\/notifications/]

/** SPEC.md section 4: status not_confirmed, profile disabled and no disabled notifications. */
export function needsActivationReminder(user: DeepReadonly<PresentedUser> | null, pathname: string): boolean {
  if (!user || user.status !== 'not_confirmed') return false
  if (user.profile?.status !== 'disabled' || user.notifications_disabled.length > 0) return false
  return !HIDDEN_ON.some((re) => re.test(pathname))
}

const Bar = styled.div(({ theme }) => ({
  margin: '12px 16px 0',
  padding: '12px 16px',
  borderRadius: 10,
  background: '#fff8e1',
  border: `1px solid ${theme.colors.secondary}`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  alignItems: 'center',
  justifyContent: 'space-between',
  p: { margin: 0, flex: '1 1 280px' },
}))

/** A modal on a smartphone right after signup (query flag api_signup_complete), otherwise an alert. */
export function ActivationReminder() {
  const { t } = useTranslation()
  const urlPathname = usePathname()
  const { user } = useSession()
  const [asModal, setAsModal] = useState(false)
  const [modalClosed, setModalClosed] = useState(false)
  const [sent, setSent] = useState(false)
  useEffect(() => {
    const flag = new URLSearchParams(window.location.search).has('api_signup_complete')
    setAsModal(flag && window.matchMedia('(max-width: 767px)').matches)
  }, [urlPathname])
  if (!needsActivationReminder(user, urlPathname)) return null
  const body = t('activation_reminder.body', { email: user!.email })
  const resend = async () => {
    await callEndpoint(activateResendRef).catch(() => undefined)
    setSent(true)
  }
  const action = sent ? (
    <span role="status">{t('activation_reminder.sent')}</span>
  ) : (
    <Button variant="ghost" onClick={resend} style={{ minHeight: 38 }}>
      {t('activation_reminder.resend')}
    </Button>
  )
  if (asModal && !modalClosed) {
    return (
      // Escape and the backdrop close it as its × does; the reminder stays as the alert.
      <Modal title={t('activation_reminder.title')} onClose={() => setModalClosed(true)} onDismiss={() => setModalClosed(true)} closeLabel={t('common.close')}>
        <p>{body}</p>
        {action}
      </Modal>
    )
  }
  return (
    <Bar role="alert" data-testid="activation-reminder">
      <p>
        <strong>{t('activation_reminder.title')}.</strong> {body}
      </p>
      {action}
    </Bar>
  )
}
