import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'
import { useOpenSignup } from '../accounts'

const Box = styled.section(({ theme }) => ({
  textAlign: 'center',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius,
  padding: '32px 20px',
  boxShadow: '0 8px 28px rgba(0,0,0,0.08)',
  color: theme.colors.text,
  h2: { margin: '12px 0 8px', color: theme.colors.primaryDark, fontSize: 24 },
  p: { margin: '0 auto 20px', maxWidth: 520, color: theme.colors.muted },
  '> svg': { color: theme.colors.primary },
}))

/**
 * The call to sign up for visitors: the signup modal on desktop, /signup on phones (as the landing page does),
 * and a login link for members.
 */
export function SignupInvite({ title, body, testId = 'signup-invite' }: { title: string; body: string; testId?: string }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const openSignup = useOpenSignup()
  return (
    <Box data-testid={testId}>
      <Heart size={40} />
      <h2>{title}</h2>
      <p>{body}</p>
      <ButtonLink href="/signup" onClick={openSignup} data-testid="invite-signup">
        {tenant.pitch.cta}
      </ButtonLink>
      <p style={{ margin: '16px 0 0' }}>
        {t('landing.already_member')} <a href="/login">{t('nav.login')}</a>
      </p>
    </Box>
  )
}
