import { useEffect, useState, type FormEvent } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { changeEmailEndpoint, changePasswordEndpoint, confirmEmailChangeEndpoint } from './endpoints'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextField } from '../../ui/form'
import { Button, ButtonLink } from '../../ui/button'
import { DeleteAccountFlow } from './delete-account-flow'
import { LoginRequired } from '../../ui/login-required'
import { MainImagePicker } from '../photos'
import { InterestsSection, LocationSection, OwnProfileSections } from '../profile'

const Section = styled(Card)({ marginBottom: 20, h2: { marginTop: 0 } })

/** A form that posts its values and shows the field errors and the result. */
function useForm<V extends Record<string, string>>(initial: V, send: (values: V) => Promise<{ email?: string }>) {
  const { t } = useTranslation()
  const [values, setValues] = useState(initial)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  const [done, setDone] = useState<{ email?: string }>()
  const [busy, setBusy] = useState(false)
  const bind = (name: keyof V & string) => ({ name, value: values[name], error: fields[name], onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }) })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setFields({})
    setError(undefined)
    setDone(undefined)
    try {
      setDone(await send(values))
      setValues(initial)
    } catch (err) {
      if (err instanceof HttpError) {
        setFields(err.fields ?? {})
        if (!err.fields) setError(err.message || t('errors.generic'))
      } else setError(t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }
  return { bind, submit, done, error, busy }
}

/** /settings: main image, location, interests, e-mail address, password, the data download and account deletion. */
export function SettingsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const email = useForm({ email: '' }, (body) => callEndpoint(changeEmailEndpoint, { body }))
  const password = useForm({ old_password: '', password: '', password_repeat: '' }, (body) => callEndpoint(changePasswordEndpoint, { body }))
  if (!user) return <LoginRequired title={t('settings.title')} message={t('settings.login_required')} />
  return (
    <PageColumn width={640}>
      <PageTitle>{t('settings.title')}</PageTitle>
      <Section aria-labelledby="main-image-title">
        <h2 id="main-image-title">{t('main_image.title')}</h2>
        <MainImagePicker />
      </Section>
      <OwnProfileSections>
        {(own) => (
          <>
            <LocationSection own={own} />
            <InterestsSection own={own} />
          </>
        )}
      </OwnProfileSections>
      <Section aria-labelledby="notifications-title">
        <h2 id="notifications-title">{t('notifications.title')}</h2>
        <p>{t('settings.notifications_body')}</p>
        <ButtonLink variant="ghost" href="/notifications" data-testid="settings-notifications">
          {t('disabled_alert.link')}
        </ButtonLink>
      </Section>
      <Section aria-labelledby="email-title">
        <h2 id="email-title">{t('settings.email_title')}</h2>
        <p>{t('settings.current_email', { email: user.email })}</p>
        {email.done && (
          <Alert tone="success" role="status" data-testid="email-sent">
            {t('settings.email_sent', { email: email.done.email })}
          </Alert>
        )}
        {email.error && <Alert role="alert">{email.error}</Alert>}
        <form method="post" onSubmit={email.submit} noValidate>
          <TextField label={t('settings.new_email')} type="email" autoComplete="email" maxLength={254} {...email.bind('email')} />
          <Button type="submit" disabled={email.busy}>
            {t('settings.email_submit')}
          </Button>
        </form>
      </Section>
      <Section aria-labelledby="password-title">
        <h2 id="password-title">{t('settings.password_title')}</h2>
        {password.done && (
          <Alert tone="success" role="status" data-testid="password-changed">
            {t('settings.password_changed')}
          </Alert>
        )}
        {password.error && <Alert role="alert">{password.error}</Alert>}
        <form method="post" onSubmit={password.submit} noValidate>
          <TextField label={t('settings.old_password')} type="password" autoComplete="current-password" {...password.bind('old_password')} />
          <TextField label={t('settings.new_password')} type="password" autoComplete="new-password" {...password.bind('password')} />
          <TextField label={t('settings.repeat')} type="password" autoComplete="new-password" {...password.bind('password_repeat')} />
          <Button type="submit" disabled={password.busy}>
            {t('settings.password_submit')}
          </Button>
        </form>
      </Section>
      <Section aria-labelledby="export-title">
        <h2 id="export-title">{t('settings.export_title')}</h2>
        <p>{t('settings.export_body')}</p>
        {/* A plain download: the server sends the file as an attachment (GET /api/export.php, decision 019). */}
        <ButtonLink href="/api/export.php" download data-testid="export-data">
          {t('settings.export_button')}
        </ButtonLink>
      </Section>
      <Section aria-labelledby="delete-title">
        <h2 id="delete-title">{t('delete.title')}</h2>
        <DeleteAccountFlow />
      </Section>
    </PageColumn>
  )
}

/** /mail-change/do?token=…: confirms the new e-mail address. */
export function MailChangeDoPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<{ busy: boolean; email?: string; error?: string }>({ busy: true })
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? ''
    callEndpoint(confirmEmailChangeEndpoint, { body: { token } })
      .then((r) => setState({ busy: false, email: r.email }))
      .catch((err) => setState({ busy: false, error: err instanceof HttpError && err.message ? err.message : t('errors.generic') }))
  }, [t])
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle>{t('settings.mail_change_title')}</PageTitle>
        {state.busy && <p>{t('settings.mail_change_busy')}</p>}
        {state.email && (
          <Alert tone="success" role="status" data-testid="mail-change-done">
            {t('settings.mail_change_done', { email: state.email })}
          </Alert>
        )}
        {state.error && (
          <Alert role="alert" data-testid="mail-change-error">
            {state.error}
          </Alert>
        )}
        <ButtonLink href="/settings">{t('settings.title')}</ButtonLink>
      </Card>
    </PageColumn>
  )
}
