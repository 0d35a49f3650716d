import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { SignupForm } from './signup-form'

/** /signup (smartphones) and /signup-matches. */
export function SignupPage({ matches = false }: { matches?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  return (
    <PageColumn width={520}>
      <Card>
        <PageTitle>{matches ? tenant.pitch.headline : t('signup.title')}</PageTitle>
        {user ? (
          <Alert tone="success">{t('login.logged_in_as', { name: user.profile?.name ?? user.email })}</Alert>
        ) : (
          <>
            <p>{matches ? tenant.pitch.body : t('signup.intro', { site: tenant.settings.name })}</p>
            <SignupForm />
          </>
        )}
      </Card>
    </PageColumn>
  )
}

export const SignupMatchesPage = () => <SignupPage matches />
