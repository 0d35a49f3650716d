import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { formatInZone } from '../../shared/dates'
import { useStandalone } from '../../shared/display-mode'

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

/** Footer links, disclaimer in the current language and, for English when enabled, the US footer. */
export function Footer({ showLinks = true }: { showLinks?: boolean }) {
  const { t } = useTranslation()
  const { tenant, lng, user } = usePageContext()
  const s = tenant.settings
  const showUs = s.us_footer && (lng === 'en' || lng === 'en-US')
  const standalone = useStandalone()
  const links = (
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
  return (
    <Foot data-logged-in={user ? 'yes' : 'no'} data-display-mode={standalone ? 'standalone' : 'browser'} style={standalone ? { padding: '12px 16px calc(12px + env(safe-area-inset-bottom))' } : undefined}>
      <Inner>
        {showLinks &&
          (standalone ? (
            <Folded data-testid="footer-folded">
              <summary>{t('footer.links')}</summary>
              {links}
            </Folded>
          ) : (
            links
          ))}
        <Small data-testid="disclaimer">{t('disclaimer', { site: s.name, fictional_plural: s.fictional_plural.toLowerCase() })}</Small>
        {showUs && (
          <Small data-testid="us-footer">
            <strong>{t('us_footer.title')}</strong> {t('us_footer.body', { company: tenant.company.name })}
          </Small>
        )}
        <Small>{t('footer.copyright', { year: formatInZone(Date.now(), 'en', tenant.timeZone, { year: 'numeric' }), company: tenant.company.name })}</Small>
      </Inner>
    </Foot>
  )
}
