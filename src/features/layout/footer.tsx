import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { formatInZone } from '../../shared/dates'

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
  return (
    <Foot data-logged-in={user ? 'yes' : 'no'}>
      <Inner>
        {showLinks && (
          <nav aria-label={t('footer.links')}>
            <Links>
              {FOOTER_LINKS.map(([key, href]) => (
                <li key={key}>
                  <a href={href}>{t(`footer.${key}`)}</a>
                </li>
              ))}
            </Links>
          </nav>
        )}
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
