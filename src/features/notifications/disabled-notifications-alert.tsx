import { useEffect, useState } from 'react'
import styled from '@emotion/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'

export const DISABLED_ALERT_KEY = 'hide-disabled-notifications-alert'

/** SPEC.md section 4: notifications_disabled is non-empty and not dismissed, except on settings and notifications. */
export function showDisabledAlert(disabled: readonly string[] | undefined, dismissedAt: string | null, pathname: string): boolean {
  return Boolean(disabled && disabled.length > 0) && !dismissedAt && !/^\/(settings|notifications)/.test(pathname)
}

const Bar = styled.div(({ theme }) => ({
  margin: '12px 16px 0',
  padding: '10px 16px',
  borderRadius: 10,
  background: '#fdecea',
  border: `1px solid ${theme.colors.danger}`,
  display: 'flex',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'center',
  p: { margin: 0, flex: '1 1 240px' },
  button: { background: 'none', border: 'none', cursor: 'pointer', textDecoration: 'underline', font: 'inherit' },
}))

export function DisabledNotificationsAlert() {
  const { t } = useTranslation()
  const { urlPathname } = usePageContext()
  const { user } = useSession()
  const [dismissedAt, setDismissedAt] = useState<string | null>('pending')
  // Decided after hydration: the dismissal lives in this browser's storage.
  useEffect(() => setDismissedAt(window.localStorage.getItem(DISABLED_ALERT_KEY)), [])
  if (!showDisabledAlert(user?.notifications_disabled, dismissedAt, urlPathname)) return null
  return (
    <Bar role="alert" data-testid="disabled-notifications-alert">
      <p>{t('disabled_alert.body')}</p>
      <a href="/notifications">{t('disabled_alert.link')}</a>
      <button
        type="button"
        onClick={() => {
          const now = new Date().toISOString()
          window.localStorage.setItem(DISABLED_ALERT_KEY, now)
          setDismissedAt(now)
        }}
      >
        {t('disabled_alert.dismiss')}
      </button>
    </Bar>
  )
}
