import { useEffect, useState } from 'react'
import styled from '@emotion/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'

export const PHOTO_ALERT_KEY = 'hide-enrich-alert'
// complete-signup has a photo step of its own.
const HIDDEN_ON = /^\/(profile|signup|complete-signup|activate\/done|premium|notifications|directdebit|settings)(\/|$)/

/** SPEC.md section 4: logged in, no main image, not on the listed pages, and not dismissed. */
export function showPhotoAlert(opts: { loggedIn: boolean; hasMainImage: boolean; pathname: string; dismissedAt: string | null }) {
  return opts.loggedIn && !opts.hasMainImage && !opts.dismissedAt && !HIDDEN_ON.test(opts.pathname)
}

const Bar = styled.div(({ theme }) => ({
  margin: '12px 16px 0',
  padding: '10px 16px',
  borderRadius: 10,
  background: theme.colors.primarySoft,
  border: `1px solid ${theme.colors.primaryLight}`,
  display: 'flex',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'center',
  p: { margin: 0, flex: '1 1 240px' },
  button: { background: 'none', border: 'none', cursor: 'pointer', textDecoration: 'underline', font: 'inherit' },
}))

export function PhotoAlert() {
  const { t } = useTranslation()
  const { urlPathname } = usePageContext()
  const { user } = useSession()
  const [dismissedAt, setDismissedAt] = useState<string | null>('pending')
  // Decided after hydration: the dismissal lives in this browser's storage.
  useEffect(() => setDismissedAt(window.localStorage.getItem(PHOTO_ALERT_KEY)), [])
  if (!showPhotoAlert({ loggedIn: Boolean(user), hasMainImage: Boolean(user?.profile?.main_image), pathname: urlPathname, dismissedAt })) return null
  return (
    <Bar role="note" data-testid="photo-alert">
      <p>{t('photo_alert.body')}</p>
      <a href="/profile">{t('photo_alert.link')}</a>
      <button
        type="button"
        onClick={() => {
          const now = new Date().toISOString()
          window.localStorage.setItem(PHOTO_ALERT_KEY, now)
          setDismissedAt(now)
        }}
      >
        {t('photo_alert.dismiss')}
      </button>
    </Bar>
  )
}
