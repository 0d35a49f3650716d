import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { DismissibleAlert, useDismissal } from '../../ui/dismissible-alert'
import { usePathname } from '../../../renderer/page-context'

export const PHOTO_ALERT_KEY = 'hide-enrich-alert'
// complete-signup has a photo step of its own.
const HIDDEN_ON = /^\/(profile|signup|complete-signup|activate\/done|premium|notifications|directdebit|settings)(\/|$)/

/** SPEC.md section 4: logged in, no main image, not on the listed pages, and not dismissed. */
export function showPhotoAlert(opts: { loggedIn: boolean; hasMainImage: boolean; pathname: string; dismissedAt: string | null }) {
  return opts.loggedIn && !opts.hasMainImage && !opts.dismissedAt && !HIDDEN_ON.test(opts.pathname)
}

export function PhotoAlert() {
  const { t } = useTranslation()
  const urlPathname = usePathname()
  const { user } = useSession()
  const [dismissedAt, dismiss] = useDismissal(PHOTO_ALERT_KEY)
  if (!showPhotoAlert({ loggedIn: Boolean(user), hasMainImage: Boolean(user?.profile?.main_image), pathname: urlPathname, dismissedAt })) return null
  return (
    <DismissibleAlert
      tone="primary"
      role="note"
      testId="photo-alert"
      body={t('photo_alert.body')}
      href="/profile"
      linkText={t('photo_alert.link')}
      dismissText={t('photo_alert.dismiss')}
      onDismiss={dismiss}
    />
  )
}
