import { useTranslation } from '../shared/use-translation'
import { PageColumn, Card, PageTitle } from './page'
import { ButtonLink } from './button'

/** What a member-only page shows a visitor who is not logged in. */
export function LoginRequired({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation()
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle>{title}</PageTitle>
        <p>{message}</p>
        <ButtonLink href="/login">{t('nav.login')}</ButtonLink>
      </Card>
    </PageColumn>
  )
}
