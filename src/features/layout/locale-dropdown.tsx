import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LOCALE_NAMES, type Locale } from '../../shared/locales'
import { SilentAbort } from '../../shared/http'
import { callEndpoint } from '../../shared/endpoint-call'
import { updateUserRef } from '../accounts/endpoint-refs'
import { useSession } from '../../shared/session/session-context'

/**
 * On phones the control shows the language code (NL ▾) and the native select, transparent, lies over it: the
 * picker still lists the full names, and the brand, the language and the login button share one row down to
 * 360 px. From the sm breakpoint the select shows itself.
 */
const Wrap = styled.span(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  minWidth: 44,
  justifyContent: 'center',
  boxSizing: 'border-box',
  padding: '0 8px',
  borderRadius: 999,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.text,
  fontSize: 13,
  fontWeight: 600,
  '&:focus-within': { outline: `2px solid ${theme.colors.primary}`, outlineOffset: 2 },
  [theme.mq.sm]: { padding: 0, border: 'none', background: 'none', '&:focus-within': { outline: 'none' } },
}))

const Short = styled.span(({ theme }) => ({
  [theme.mq.sm]: { display: 'none' },
}))

const Select = styled.select(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  width: '100%',
  opacity: 0,
  cursor: 'pointer',
  fontSize: 16,
  [theme.mq.sm]: {
    position: 'static',
    width: 'auto',
    opacity: 1,
    minHeight: 44,
    borderRadius: 999,
    border: `1px solid ${theme.colors.border}`,
    padding: '0 10px',
    background: theme.colors.surface,
    color: theme.colors.text,
    fontFamily: 'inherit',
    fontSize: 14,
  },
}))

/** Stores the language for 365 days and, for a member, on the account; then shows the page in it. */
export async function chooseLocale(lng: Locale, loggedIn: boolean) {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
  if (loggedIn) {
    try {
      await callEndpoint(updateUserRef, { body: { language: lng } })
    } catch (err) {
      if (!(err instanceof SilentAbort)) throw err
    }
  }
  window.location.reload()
}

/**
 * The locales the tenant offers for the visitor's country, and the page's own language when it is another the tenant
 * offers (a member's chosen language, a link with ?lang): the select always shows what the page is in. Hidden when
 * there is only one.
 */
export function LocaleDropdown() {
  const { t } = useTranslation()
  const { tenant, lng } = usePageContext()
  const { user } = useSession()
  const locales = tenant.settings.locales.includes(lng) ? tenant.settings.locales : [lng, ...tenant.settings.locales]
  if (locales.length < 2) return null
  return (
    <Wrap>
      <Short aria-hidden="true">{lng.slice(0, 2).toUpperCase()} ▾</Short>
      <Select aria-label={t('nav.language')} value={lng} onChange={(e) => void chooseLocale(e.target.value as Locale, Boolean(user))}>
        {locales.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </Select>
    </Wrap>
  )
}
