import { Component, type ReactNode } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { ButtonLink } from '../../ui/button'

/** If the error page itself fails, this is what shows. */
class Fallback extends Component<{ message: string; homeLabel: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <p style={{ textAlign: 'center', padding: 48 }}>
        {this.props.message} <a href="/">{this.props.homeLabel}</a>
      </p>
    )
  }
}

function ErrorContent() {
  const { t } = useTranslation()
  const pageContext = usePageContext()
  const is404 = pageContext.is404 === true
  const reason = pageContext.abortReason
  const message = is404 ? t('errors.not_found_page') : typeof reason === 'string' && reason ? reason : t('errors.error')
  return (
    <PageColumn width={560} style={{ textAlign: 'center', paddingTop: 64 }}>
      <Card>
        <PageTitle data-testid="error-status">{is404 ? '404' : String(pageContext.abortStatusCode ?? 500)}</PageTitle>
        <p data-testid="error-message" style={{ fontSize: 18 }}>
          {message}
        </p>
        {is404 && (
          <ButtonLink href="/" data-testid="back-home">
            {t('errors.back_home')}
          </ButtonLink>
        )}
      </Card>
    </PageColumn>
  )
}

export function ErrorPage() {
  const { t } = useTranslation()
  return (
    <Fallback message={t('errors.error_page_failed')} homeLabel={t('errors.home_link')}>
      <ErrorContent />
    </Fallback>
  )
}
