import { useEffect, useRef } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { ModalMarkup } from '../../ui/modal'
import { Button, ButtonLink } from '../../ui/button'
import { openEntryWarning } from './entry-warning-dialog'

export { ENTRY_WARNING_KEY } from './entry-warning-dialog'

/**
 * SPEC.md section 2, what the server knows: only when enabled, not when logged in, only for the given countries. The
 * browser decides the rest (shown once, not in an installed app, not in a frame: ./entry-warning-dialog.ts).
 */
export function entryWarningApplies(opts: { enabled: boolean; loggedIn: boolean; country: string; countries: readonly string[] }) {
  return opts.enabled && !opts.loggedIn && opts.countries.includes(opts.country)
}

/**
 * The country the warning is decided by. The fixed NL and DE warning of the chat, lander and empty layouts is about
 * where the visitor is: their GeoIP country, even on a brand that does not serve it (a Dutch visitor of a Danish
 * brand counts as Danish for the site's content, not for the warning). The tenant's own list is matched against the
 * country the site selected for the visitor. Without a GeoIP country, the selected one.
 */
export function entryWarningCountry(settings: { geoip_country: string | null; geoip_selected_country: string }, byVisitorCountry: boolean): string {
  return byVisitorCountry ? settings.geoip_country || settings.geoip_selected_country : settings.geoip_selected_country
}

/**
 * The warning's dialog is in the page's markup wherever it applies, closed; it opens in the browser before the
 * page's JavaScript has loaded (the inline loader runs openEntryWarning on it), or, after a client navigation, from
 * this component's effect. Its confirm button works without React (data-native: the loader never holds its click).
 */
export function EntryWarning({ countries, byVisitorCountry = false }: { countries: readonly string[]; byVisitorCountry?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const s = tenant.settings
  const applies = entryWarningApplies({ enabled: s.enable_site_entry_popup, loggedIn: Boolean(user), country: entryWarningCountry(s, byVisitorCountry), countries })

  useEffect(() => {
    if (applies) openEntryWarning(dialogRef.current)
  }, [applies])

  if (!applies) return null
  return (
    // The browser opens it (the open attribute and data-wired are set before hydration): not a mismatch.
    <ModalMarkup title={t('entry_warning.title')} dialogRef={dialogRef} dialogProps={{ 'data-entry-warning': true, suppressHydrationWarning: true }}>
      <p>{t('entry_warning.body', { site: s.name })}</p>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 20 }}>
        <Button data-testid="entry-confirm" data-entry-confirm="" data-native="">
          {t('entry_warning.confirm')}
        </Button>
        <ButtonLink variant="ghost" href="https://www.google.com/">
          {t('entry_warning.leave')}
        </ButtonLink>
      </div>
    </ModalMarkup>
  )
}
