import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { ButtonLink } from '../../ui/button'

/** /activate/done: the e-mail address is confirmed. */
export function ActivateDonePage() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle>{t('activate.done_title')}</PageTitle>
        <Alert tone="success" data-testid="activate-done">
          {t('activate.done_body', { site: tenant.settings.name })}
        </Alert>
        <ButtonLink href="/">{t('activate.continue', { site: tenant.settings.name })}</ButtonLink>
      </Card>
    </PageColumn>
  )
}

/** /activate/error: 'Activeren mislukt'. */
export function ActivateErrorPage() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle data-testid="activate-error">{t('activate.error_title')}</PageTitle>
        <p>{t('activate.error_body', { email: tenant.settings.support_email })}</p>
        <ButtonLink href="/">{t('activate.continue', { site: tenant.settings.name })}</ButtonLink>
      </Card>
    </PageColumn>
  )
}
