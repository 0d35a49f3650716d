import { useTranslation } from '../../shared/use-translation'
import { labelInSentence } from '../../shared/label-in-sentence'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { yearInZone } from '../../shared/dates'
import { useSession } from '../../shared/session/session-context'
import { ButtonLink } from '../../ui/button'
import { useStandalone } from '../../shared/display-mode'
import { useKeptContent } from '../../shared/fragment-cache'

const Foot = styled.footer(({ theme }) => ({
  background: theme.colors.footer,
  color: theme.colors.onFooter,
  padding: '28px 16px 20px',
  marginTop: 'auto',
  a: { color: theme.colors.onFooter },
}))

const Inner = styled.div({ maxWidth: 1200, margin: '0 auto' })

const Links = styled.ul({
  listStyle: 'none',
  padding: 0,
  margin: '0 0 16px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px 20px',
  a: { textDecoration: 'none', fontWeight: 600, '&:hover': { textDecoration: 'underline' } },
})

/** Logged out: the brand's call to join and the login, above the links. */
const Join = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '12px 20px',
  paddingBottom: 20,
  marginBottom: 20,
  borderBottom: `1px solid ${theme.colors.onFooter}33`,
  strong: { fontSize: 18, flex: '1 1 260px' },
  '.login': { minHeight: 44, display: 'inline-flex', alignItems: 'center', fontWeight: 600 },
}))

/** In the installed app the links fold under one "Informatie" line; the page above keeps the screen. */
const Folded = styled.details(({ theme }) => ({
  margin: '0 0 8px',
  summary: { cursor: 'pointer', fontWeight: 700, padding: '12px 0', color: theme.colors.onFooter },
}))

const Small = styled.p({ fontSize: 13, opacity: 0.85, margin: '8px 0 0', lineHeight: 1.5 })

export const FOOTER_LINKS = [
  ['terms', '/pages/terms'],
  ['privacy', '/pages/privacy'],
  ['cookies', '/pages/cookies'],
  ['ban', '/pages/ban'],
  ['pricing', '/pricing'],
  ['complaints', '/complaints'],
  ['return_policy', '/pages/return-policy'],
  ['faq', '/pages/faq'],
  ['support', '/pages/service'],
] as const

/**
 * Footer links, disclaimer in the current language and, for English when enabled, the US footer. Visitors and
 * members see a different footer (SPEC.md section 2): a visitor first gets the brand's call to join with the login,
 * a member the links of their own account (profile, notifications, settings, credits or premium). Landers keep
 * the plain footer.
 */
export function Footer({ showLinks = true }: { showLinks?: boolean }) {
  const { t } = useTranslation()
  const { tenant, lng, config } = usePageContext()
  const { user } = useSession()
  // A lander is the call to join itself, under a navigation of only the brand (SPEC.md section 2).
  const join = !user && config.layout !== 'lander'
  const s = tenant.settings
  const showUs = s.us_footer && (lng === 'en' || lng === 'en-US')
  const standalone = useStandalone()
  const year = yearInZone(Date.now(), tenant.timeZone)
  const links = () => (
    <nav aria-label={t('footer.links')}>
      <Links>
        {FOOTER_LINKS.map(([key, href]) => (
          <li key={key}>
            <a href={href}>{t(`footer.${key}`)}</a>
          </li>
        ))}
      </Links>
    </nav>
  )
  // The same markup for every page of the tenant and language with the same of these: kept across server renders
  // (decision 050).
  const inner = () => (
    <>
      {showLinks && join && (
        <Join data-testid="footer-join">
          <strong>{tenant.pitch.headline}</strong>
          <ButtonLink href="/signup">{tenant.pitch.cta}</ButtonLink>
          <span>
            {t('footer.have_account')}{' '}
            <a className="login" href="/login">
              {t('nav.login')}
            </a>
          </span>
        </Join>
      )}
      {showLinks && user && (
        <nav aria-label={t('footer.your_account')} data-testid="footer-account">
          <Links>
            <li>
              <a href="/profile">{t('nav.my_profile')}</a>
            </li>
            <li>
              <a href="/notifications">{t('notifications.title')}</a>
            </li>
            <li>
              <a href="/settings">{t('nav.settings')}</a>
            </li>
            <li>{user.paid_user ? <a href="/credits">{t('nav.credits')}</a> : <a href="/premium">{t('nav.get_premium')}</a>}</li>
          </Links>
        </nav>
      )}
      {showLinks &&
        (standalone ? (
          <Folded data-testid="footer-folded">
            <summary>{t('footer.links')}</summary>
            {links()}
          </Folded>
        ) : (
          links()
        ))}
      <Small data-testid="disclaimer">{t('disclaimer', { site: s.name, fictional_plural: labelInSentence(s.fictional_plural, lng) })}</Small>
      {showUs && (
        <Small data-testid="us-footer">
          <strong>{t('us_footer.title')}</strong> {t('us_footer.body', { company: tenant.company.name })}
        </Small>
      )}
      <Small>{t('footer.copyright', { year, company: tenant.company.name })}</Small>
    </>
  )
  const content = useKeptContent(() => `footer\u0000${JSON.stringify([showLinks, join, user ? user.paid_user : null, standalone, showUs, year])}`, inner)
  return (
    <Foot data-logged-in={user ? 'yes' : 'no'} data-display-mode={standalone ? 'standalone' : 'browser'} style={standalone ? { padding: '12px 16px calc(12px + env(safe-area-inset-bottom))' } : undefined}>
      <Inner {...content} />
    </Foot>
  )
}
