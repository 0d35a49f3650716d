import { useMemo, useState, type FormEvent } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSessionStore } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/endpoint-call'
import { signupRef } from './endpoint-refs'
import { storedTracking } from '../../shared/tracking'
import { suggestEmail } from '../../shared/email-suggest'
import { Alert, TextAreaField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { formatInZone } from '../../shared/dates'

const Row = styled.div({ display: 'grid', gridTemplateColumns: '1fr 1.6fr 1.2fr', gap: 8 })
const Legend = styled.legend({ fontWeight: 600, marginBottom: 6, padding: 0 })
const Select = styled.select<{ invalid?: boolean }>(({ theme, invalid }) => ({
  minHeight: 44,
  borderRadius: 10,
  border: `1.5px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  padding: '0 8px',
  background: '#fff',
  fontSize: 16,
  width: '100%',
}))
const Small = styled.p(({ theme }) => ({ fontSize: 13, color: theme.colors.muted, margin: '12px 0' }))
const LinkButton = styled.button(({ theme }) => ({ background: 'none', border: 'none', padding: 0, color: theme.colors.primaryDark, textDecoration: 'underline', cursor: 'pointer', font: 'inherit', fontWeight: 600 }))

export interface SignupFormProps {
  /** Reports whether a signup is being sent (the modal cannot be dismissed meanwhile). */
  onBusyChange?: (busy: boolean) => void
  /** Called before leaving for the login page (the modal closes). */
  onLogin?: () => void
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The signup form of SPEC.md section 3 with the rules of section 5 (checked by the server, shown per field). */
export function SignupForm({ onBusyChange, onLogin }: SignupFormProps) {
  const { t, i18n } = useTranslation()
  const { lng } = usePageContext()
  const store = useSessionStore()
  const [values, setValues] = useState({ email: '', name: '', password: '', day: '', month: '', year: '', signup_message: '' })
  const [fields, setFields] = useState<Record<string, string>>({})
  const [error, setError] = useState<{ code: string; message: string }>()
  const [suggestion, setSuggestion] = useState<string>()
  const [busy, setBusy] = useState(false)
  const thisYear = new Date().getFullYear()
  const months = useMemo(() => Array.from({ length: 12 }, (_, i) => formatInZone(Date.UTC(2000, i, 1), lng, 'UTC', { month: 'long' })), [lng])

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value })
  const setBusyBoth = (b: boolean) => {
    setBusy(b)
    onBusyChange?.(b)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusyBoth(true)
    setError(undefined)
    setFields({})
    const date_of_birth = values.day && values.month && values.year ? `${values.year}-${pad(Number(values.month))}-${pad(Number(values.day))}` : ''
    try {
      const res = await callEndpoint(signupRef, {
        body: { email: values.email, name: values.name, password: values.password, date_of_birth, signup_message: values.signup_message || undefined, tracking: storedTracking() },
      })
      store.user = res.user
      // On to completing the profile; the flag shows the activation reminder as a modal on a smartphone (SPEC.md section 4).
      window.location.href = '/complete-signup?api_signup_complete=1'
    } catch (err) {
      if (err instanceof HttpError) {
        setFields(err.fields ?? {})
        setSuggestion(typeof err.body?.suggestion === 'string' ? err.body.suggestion : undefined)
        setError({ code: err.code, message: err.message || t('errors.generic') })
      } else {
        setError({ code: 'network', message: t('errors.generic') })
      }
      setBusyBoth(false)
    }
  }

  const localSuggestion = suggestion ?? (values.email.includes('@') ? suggestEmail(values.email) : undefined)
  return (
    <form method="post" onSubmit={submit} noValidate data-testid="signup-form" lang={i18n.language}>
      {error && (
        <Alert role="alert" data-testid="signup-error">
          {error.message}{' '}
          {error.code === 'account_exists' && (
            <a href="/login" onClick={() => onLogin?.()}>
              {t('signup.login_link')}
            </a>
          )}
        </Alert>
      )}
      <TextField label={t('signup.email')} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={fields.email} maxLength={254} />
      {localSuggestion && localSuggestion !== values.email && (
        <p style={{ marginTop: -8 }}>
          <LinkButton type="button" onClick={() => (setValues({ ...values, email: localSuggestion }), setSuggestion(undefined))}>
            {t('signup.suggestion', { email: localSuggestion })}
          </LinkButton>
        </p>
      )}
      <TextField label={t('signup.name')} name="name" autoComplete="nickname" value={values.name} onChange={set('name')} error={fields.name} maxLength={60} />
      <TextField label={t('signup.password')} name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={fields.password} maxLength={200} />
      <fieldset style={{ border: 'none', padding: 0, margin: '0 0 16px' }}>
        <Legend>{t('signup.date_of_birth')}</Legend>
        <Row>
          <Select aria-label={t('signup.day')} value={values.day} onChange={set('day')} invalid={Boolean(fields.date_of_birth)}>
            <option value="">{t('signup.day')}</option>
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Select>
          <Select aria-label={t('signup.month')} value={values.month} onChange={set('month')} invalid={Boolean(fields.date_of_birth)}>
            <option value="">{t('signup.month')}</option>
            {months.map((m, i) => (
              <option key={i} value={i + 1}>
                {m}
              </option>
            ))}
          </Select>
          <Select aria-label={t('signup.year')} value={values.year} onChange={set('year')} invalid={Boolean(fields.date_of_birth)}>
            <option value="">{t('signup.year')}</option>
            {Array.from({ length: 83 }, (_, i) => thisYear - 18 - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Row>
        {fields.date_of_birth && (
          <span role="alert" style={{ color: '#c62828', fontSize: 14 }}>
            {fields.date_of_birth}
          </span>
        )}
      </fieldset>
      <TextAreaField label={t('signup.signup_message')} name="signup_message" rows={3} value={values.signup_message} onChange={set('signup_message')} maxLength={1000} />
      <Button type="submit" block disabled={busy}>
        {busy ? t('signup.busy') : t('signup.submit')}
      </Button>
      <Small>{t('signup.terms')}</Small>
      <p style={{ margin: 0 }}>
        {t('signup.have_account')}{' '}
        <a href="/login" onClick={() => onLogin?.()}>
          {t('nav.login')}
        </a>
      </p>
    </form>
  )
}
