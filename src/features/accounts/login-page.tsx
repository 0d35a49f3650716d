import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { loginEndpoint } from './endpoints'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { safeNextPath } from '../../shared/next-path'

export function LoginPage() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const store = useSessionStore()
  const { user } = useSession()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  // The answer account_deleted (right password, deleted within the grace period): the form's credentials are kept
  // so the button can send them again with reactivate (docs/decisions/025-reactivation-by-login.md).
  const [deleted, setDeleted] = useState<{ email: string; password: string; message: string }>()
  // Set after hydration: the query flag of the reactivation link.
  const [reactivated, setReactivated] = useState(false)
  useEffect(() => setReactivated(new URLSearchParams(window.location.search).has('reactivated')), [])

  const login = async (credentials: { email: string; password: string }, reactivate: boolean) => {
    setBusy(true)
    setError(undefined)
    try {
      const res = await callEndpoint(loginEndpoint, { body: reactivate ? { ...credentials, reactivate: true } : credentials })
      store.user = res.user
      // Back to the members-only page the visitor came from (same site only), else the member search, the home
      // after login (SPEC.md section 2).
      window.location.href = safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? '/members'
    } catch (err) {
      if (err instanceof HttpError && err.code === 'account_deleted') setDeleted({ ...credentials, message: err.message })
      else {
        setDeleted(undefined)
        setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
      }
      setBusy(false)
    }
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    void login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') }, false)
  }

  return (
    <PageColumn width={480}>
      <Card>
        <PageTitle>{t('login.title')}</PageTitle>
        {user ? (
          <Alert tone="success">{t('login.logged_in_as', { name: user.profile?.name ?? user.email })}</Alert>
        ) : (
          <>
            <p>{t('login.intro', { site: tenant.settings.name })}</p>
            {reactivated && (
              <Alert tone="success" role="status" data-testid="reactivated">
                {t('login.reactivated')}
              </Alert>
            )}
            {error && (
              <Alert role="alert" data-testid="login-error">
                {error}
              </Alert>
            )}
            {deleted && (
              <Alert tone="info" role="alert" data-testid="account-deleted">
                <p style={{ margin: '0 0 12px' }}>{deleted.message}</p>
                <Button type="button" block disabled={busy} onClick={() => void login({ email: deleted.email, password: deleted.password }, true)}>
                  {busy ? t('login.reactivating') : t('login.reactivate')}
                </Button>
              </Alert>
            )}
            <form method="post" onSubmit={submit} noValidate>
              <TextField label={t('login.email')} name="email" type="email" autoComplete="email" required />
              <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required />
              <Button type="submit" block disabled={busy}>
                {busy ? t('login.busy') : t('login.submit')}
              </Button>
            </form>
            <p style={{ marginTop: 20 }}>
              <a href="/reset-password">{t('login.forgot')}</a>
            </p>
            <p>
              {t('login.no_account')} <a href="/signup">{t('nav.signup')}</a>
            </p>
          </>
        )}
      </Card>
    </PageColumn>
  )
}
