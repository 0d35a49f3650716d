import styled from './styled'
import { useTranslation } from '../shared/use-translation'
import { PageColumn, Card, PageTitle } from './page'
import { ButtonLink } from './button'
import { Heart } from './heart'
import { usePageContext } from '../../renderer/page-context'
import { loginHref } from '../shared/next-path'

const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 20, a: { flex: '1 1 180px' } })
const Mark = styled.span(({ theme }) => ({ color: theme.colors.primary, display: 'block', marginBottom: 4 }))
const Pitch = styled.p(({ theme }) => ({ color: theme.colors.muted, margin: '16px 0 0' }))

/**
 * What a member-only page shows a visitor who is not logged in, under the brand's navigation: what the page is,
 * the call to sign up (free) and the login, which leads back here.
 */
export function LoginRequired({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation()
  const { urlParsed, tenant } = usePageContext()
  return (
    <PageColumn width={560}>
      <Card data-testid="login-required">
        <Mark>
          <Heart size={36} />
        </Mark>
        <PageTitle>{title}</PageTitle>
        <p>{message}</p>
        <Pitch>{t('login_required.no_account', { site: tenant.settings.name })}</Pitch>
        <Actions>
          <ButtonLink href="/signup" data-testid="login-required-signup">
            {tenant.pitch.cta}
          </ButtonLink>
          {/* After logging in the member comes back here (the login page follows ?next= on this site only). */}
          <ButtonLink variant="ghost" href={loginHref(urlParsed && `${urlParsed.pathname}${urlParsed.searchOriginal ?? ''}`)}>
            {t('nav.login')}
          </ButtonLink>
        </Actions>
      </Card>
    </PageColumn>
  )
}
