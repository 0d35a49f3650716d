import { useTranslation } from '../shared/use-translation'
import { PageColumn, Card, PageTitle } from './page'
import { ButtonLink } from './button'
import { usePageContext } from '../../renderer/page-context'
import { loginHref } from '../shared/next-path'

/** What a member-only page shows a visitor who is not logged in. */
export function LoginRequired({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation()
  // After logging in the member comes back here (the login page follows ?next= on this site only).
  const { urlParsed } = usePageContext()
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle>{title}</PageTitle>
        <p>{message}</p>
        <ButtonLink href={loginHref(urlParsed && `${urlParsed.pathname}${urlParsed.searchOriginal ?? ''}`)}>{t('nav.login')}</ButtonLink>
      </Card>
    </PageColumn>
  )
}
