import { useEffect, useState } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { Modal } from '../../ui/modal'
import { Button, ButtonLink } from '../../ui/button'
import { isStandalone } from '../../shared/display-mode'

export const ENTRY_WARNING_KEY = 'site-entry-warning'

/** SPEC.md section 2: shown once; not in an installed app; not when logged in; only when enabled and for the given countries. */
export function shouldShowEntryWarning(opts: { enabled: boolean; loggedIn: boolean; standalone: boolean; dismissedAt: string | null; country: string; countries: readonly string[] }) {
  return opts.enabled && !opts.loggedIn && !opts.standalone && !opts.dismissedAt && opts.countries.includes(opts.country)
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

export function EntryWarning({ countries, byVisitorCountry = false }: { countries: readonly string[]; byVisitorCountry?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const [show, setShow] = useState(false)
  const s = tenant.settings

  // Decided after hydration: it depends on this browser's storage and display mode.
  useEffect(() => {
    // A lander previewed in the marketers' gallery (only the network's own sites may frame one, decision 029): no
    // warning, and no storage read (a cross-site frame may be refused storage).
    if (window.self !== window.top) return setShow(false)
    setShow(
      shouldShowEntryWarning({
        enabled: s.enable_site_entry_popup,
        loggedIn: Boolean(user),
        standalone: isStandalone(),
        dismissedAt: window.localStorage.getItem(ENTRY_WARNING_KEY),
        country: entryWarningCountry(s, byVisitorCountry),
        countries,
      }),
    )
  }, [s, user, countries, byVisitorCountry])

  if (!show) return null
  const close = () => {
    window.localStorage.setItem(ENTRY_WARNING_KEY, new Date().toISOString())
    setShow(false)
  }
  return (
    <Modal title={t('entry_warning.title')}>
      <p>{t('entry_warning.body', { site: s.name })}</p>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 20 }}>
        <Button onClick={close} data-testid="entry-confirm">
          {t('entry_warning.confirm')}
        </Button>
        <ButtonLink variant="ghost" href="https://www.google.com/">
          {t('entry_warning.leave')}
        </ButtonLink>
      </div>
    </Modal>
  )
}
