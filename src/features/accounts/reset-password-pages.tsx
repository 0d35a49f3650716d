import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { resetPasswordDoEndpoint, resetPasswordEndpoint } from './endpoints'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextField } from '../../ui/form'
import { Button, ButtonLink } from '../../ui/button'

function useSubmit<T>(send: () => Promise<T>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [fields, setFields] = useState<Record<string, string>>({})
  const [done, setDone] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    setFields({})
    try {
      await send()
      setDone(true)
    } catch (err) {
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
      setFields(err instanceof HttpError ? (err.fields ?? {}) : {})
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, fields, done, submit }
}

/** /reset-password: ask for the mail with a link. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const { busy, error, fields, done, submit } = useSubmit(() => callEndpoint(resetPasswordEndpoint, { body: { email } }))
  return (
    <PageColumn width={480}>
      <Card>
        <PageTitle>{t('reset.title')}</PageTitle>
        {done ? (
          <Alert tone="success" role="status" data-testid="reset-sent">
            {t('reset.sent', { email })}
          </Alert>
        ) : (
          <form method="post" onSubmit={submit} noValidate>
            <p>{t('reset.intro')}</p>
            {error && (
              <Alert role="alert" data-testid="reset-error">
                {error}
              </Alert>
            )}
            <TextField label={t('login.email')} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
            <Button type="submit" block disabled={busy}>
              {busy ? t('reset.busy') : t('reset.submit')}
            </Button>
          </form>
        )}
      </Card>
    </PageColumn>
  )
}

/** /reset-password/do?token=…: choose the new password. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const token = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '')
  const { busy, error, fields, done, submit } = useSubmit(() => callEndpoint(resetPasswordDoEndpoint, { body: { token, password, password_repeat: repeat } }))
  return (
    <PageColumn width={480}>
      <Card>
        <PageTitle>{t('reset.do_title')}</PageTitle>
        {done ? (
          <>
            <Alert tone="success" role="status" data-testid="reset-done">
              {t('reset.done')}
            </Alert>
            <ButtonLink href="/login">{t('nav.login')}</ButtonLink>
          </>
        ) : (
          <form method="post" onSubmit={submit} noValidate>
            {error && (
              <Alert role="alert" data-testid="reset-error">
                {error} {!fields.password && !fields.password_repeat && <a href="/reset-password">{t('reset.request_new')}</a>}
              </Alert>
            )}
            <TextField label={t('reset.new_password')} name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fields.password} />
            <TextField label={t('reset.repeat')} name="password_repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={fields.password_repeat} />
            <Button type="submit" block disabled={busy}>
              {t('reset.do_submit')}
            </Button>
          </form>
        )}
      </Card>
    </PageColumn>
  )
}
