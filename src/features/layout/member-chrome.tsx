// What the page shell shows only to a logged-in member: the banners above a page (activation, e-mails off, profile
// photo, push, time bonus), the like popup and the time bonus's timer and modal. Loaded through ./member-chrome-slot, never
// imported by the shell itself, so a visitor's landing page and landers do not download it (decision 038).
import { ActivationReminder } from '../accounts/index.member'
import { DisabledNotificationsAlert, PushAlert } from '../notifications/index.member'
import { PhotoAlert } from '../photos/index.member'
import { LikePopup } from '../discovery/index.member'
import { TimeBonusBanner, TimeBonusClient } from '../payments/index.member'

/** The banners, most important first; the layout's container shows only the first that renders. */
export function MemberBanners() {
  return (
    <>
      <ActivationReminder />
      <DisabledNotificationsAlert />
      <PhotoAlert />
      <PushAlert />
      <TimeBonusBanner />
    </>
  )
}

/** The like popup (default layout). */
export { LikePopup }

/** The time bonus's loader, ticker and modal (every layout). */
export { TimeBonusClient }
