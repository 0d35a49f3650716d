import { useTranslation } from '../../shared/use-translation'
import styled from '@emotion/styled'
import { usePageContext } from '../../../renderer/page-context'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LOCALE_NAMES, type Locale } from '../../shared/locales'
import { http, SilentAbort } from '../../shared/http'
import { useSession } from '../../shared/session/session-context'

const Select = styled.select(({ theme }) => ({
  minHeight: 36,
  borderRadius: 999,
  border: `1px solid ${theme.colors.border}`,
  padding: '0 10px',
  background: theme.colors.surface,
  color: theme.colors.text,
  fontFamily: 'inherit',
  fontSize: 14,
}))

/** Stores the language for 365 days and, for a member, on the account; then shows the page in it. */
export async function chooseLocale(lng: Locale, loggedIn: boolean) {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`
  if (loggedIn) {
    try {
      await http('/api/user.php', { method: 'PUT', body: { language: lng } })
    } catch (err) {
      if (!(err instanceof SilentAbort)) throw err
    }
  }
  window.location.reload()
}

/** The locales the tenant offers for the visitor's country; hidden when there is only one. */
export function LocaleDropdown() {
  const { t } = useTranslation()
  const { tenant, lng } = usePageContext()
  const { user } = useSession()
  const locales = tenant.settings.locales
  if (locales.length < 2) return null
  return (
    <Select aria-label={t('nav.language')} value={lng} onChange={(e) => void chooseLocale(e.target.value as Locale, Boolean(user))}>
      {locales.map((l) => (
        <option key={l} value={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </Select>
  )
}
