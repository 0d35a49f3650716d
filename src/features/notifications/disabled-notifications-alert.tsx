import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { DismissibleAlert, useDismissal } from '../../ui/dismissible-alert'
import { usePathname } from '../../../renderer/page-context'

export const DISABLED_ALERT_KEY = 'hide-disabled-notifications-alert'

/** SPEC.md section 4: notifications_disabled is non-empty and not dismissed, except on settings and notifications. */
export function showDisabledAlert(disabled: readonly string[] | undefined, dismissedAt: string | null, pathname: string): boolean {
  return Boolean(disabled && disabled.length > 0) && !dismissedAt && !/^\/(settings|notifications)/.test(pathname)
}

export function DisabledNotificationsAlert() {
  const { t } = useTranslation()
  const urlPathname = usePathname()
  const { user } = useSession()
  const [dismissedAt, dismiss] = useDismissal(DISABLED_ALERT_KEY)
  if (!showDisabledAlert(user?.notifications_disabled, dismissedAt, urlPathname)) return null
  return (
    <DismissibleAlert
      tone="danger"
      role="alert"
      testId="disabled-notifications-alert"
      body={t('disabled_alert.body')}
      href="/notifications"
      linkText={t('disabled_alert.link')}
      dismissText={t('disabled_alert.dismiss')}
      onDismiss={dismiss}
    />
  )
}
