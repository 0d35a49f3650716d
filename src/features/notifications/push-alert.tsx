import { useEffect } from 'react'
import { useStoreSnapshot } from '../../shared/store'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, usePathname } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { pushStore, refreshPushState, type PushState } from '../../shared/push-state'
import { DismissibleAlert, useDismissal } from '../../ui/dismissible-alert'

export const PUSH_ALERT_KEY = 'hide-push-notification-alert'
const HIDDEN_ON = /^\/(signup|complete-signup|notifications|activate\/done|directdebit|premium)(\/|$)/

/** SPEC.md section 4: push possible (the browser can subscribe and has not refused), not on the listed pages, unless dismissed. */
export function showPushAlert(opts: { loggedIn: boolean; push: PushState; pathname: string; dismissedAt: string | null }): boolean {
  return opts.loggedIn && opts.push === 'capable' && !opts.dismissedAt && !HIDDEN_ON.test(opts.pathname)
}

/** Invites a member whose browser can receive push to turn it on (on the notifications page). */
export function PushAlert() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const urlPathname = usePathname()
  const { user } = useSession()
  const { state } = useStoreSnapshot(pushStore)
  const [dismissedAt, dismiss] = useDismissal(PUSH_ALERT_KEY)
  const loggedIn = Boolean(user)
  useEffect(() => {
    if (loggedIn) void refreshPushState()
  }, [loggedIn])
  if (!tenant.settings.push_public_key) return null
  if (!showPushAlert({ loggedIn, push: state, pathname: urlPathname, dismissedAt })) return null
  return (
    <DismissibleAlert
      tone="primary"
      role="note"
      testId="push-alert"
      body={t('push_alert.body')}
      href="/notifications"
      linkText={t('push_alert.link')}
      dismissText={t('push_alert.dismiss')}
      onDismiss={dismiss}
    />
  )
}
