import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { SignupForm } from './signup-form'
import { useData } from '../../../renderer/page-context'
import { useFictionalNotice } from '../../ui/member-card'
import { MemberCardLink, MemberGrid } from '../../ui/member-card-link'
import type { SignupMatchesData } from '../landers/index.server'

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

/** Six members: two rows of three from tablets up (the grid's wider five columns would leave one alone). */
const MatchesGrid = styled(MemberGrid)(({ theme }) => ({
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  [theme.mq.xl]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}))

/** /signup-matches: a few members who fit the visitor (blurred for visitors), then the signup form. */
export function SignupMatchesPage() {
  const { t } = useTranslation()
  const data = useData<SignupMatchesData>()
  const notice = useFictionalNotice()
  const members = data?.members ?? []
  return (
    <>
      {members.length > 0 && (
        <PageColumn width={640} style={{ paddingBottom: 0 }}>
          <h2 style={{ margin: '0 0 12px' }}>{t('signup.matches_title')}</h2>
          <MatchesGrid data-testid="signup-matches">
            {members.map((m) => (
              <MemberCardLink key={m.id} member={m} href={`/members/${m.id}`} />
            ))}
          </MatchesGrid>
          {members.some((m) => m.fictional) && (
            <p data-testid="fictional-warning" style={{ fontSize: 13, margin: '8px 0 0' }}>
              {notice}
            </p>
          )}
        </PageColumn>
      )}
      <SignupPage matches />
    </>
  )
}
