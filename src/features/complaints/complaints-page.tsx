import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { complaintEndpoint } from './endpoints'
import { COMPLAINT_HANDLING_DAYS, type ComplaintRequest } from '../../shared/contracts'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextAreaField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'

export function ComplaintsPage() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const [values, setValues] = useState<ComplaintRequest>({ name: user?.profile?.name ?? '', email: user?.email ?? '', subject: '', message: '', profile_url: '' })
  const [fields, setFields] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<{ id: number; reference: string; email: string }>()

  const bind = (name: keyof ComplaintRequest) => ({
    name,
    value: values[name] ?? '',
    error: fields[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    setFields({})
    try {
      setDone(await callEndpoint(complaintEndpoint, { body: values }))
    } catch (err) {
      if (err instanceof HttpError) {
        setError(err.message || t('errors.generic'))
        setFields(err.fields ?? {})
      } else {
        setError(t('errors.generic'))
      }
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <PageColumn width={640}>
        <Card>
          <PageTitle>{t('complaints.success_title')}</PageTitle>
          <Alert tone="success" role="status" data-testid="complaint-success">
            {t('complaints.success', { id: done.reference, email: done.email, days: COMPLAINT_HANDLING_DAYS })}
          </Alert>
          <Button
            variant="ghost"
            onClick={() => {
              setDone(undefined)
              setValues({ ...values, subject: '', message: '', profile_url: '' })
            }}
          >
            {t('complaints.another')}
          </Button>
        </Card>
      </PageColumn>
    )
  }

  return (
    <PageColumn width={640}>
      <Card>
        <PageTitle>{t('complaints.title')}</PageTitle>
        <p>{t('complaints.intro', { site: tenant.settings.name, days: COMPLAINT_HANDLING_DAYS })}</p>
        {error && <Alert role="alert">{error}</Alert>}
        <form method="post" onSubmit={submit} noValidate>
          <TextField label={t('complaints.name')} autoComplete="name" maxLength={100} {...bind('name')} />
          <TextField label={t('complaints.email')} type="email" autoComplete="email" maxLength={254} {...bind('email')} />
          <TextField label={t('complaints.subject')} maxLength={150} {...bind('subject')} />
          <TextAreaField label={t('complaints.message')} maxLength={5000} {...bind('message')} />
          <TextField label={t('complaints.profile_url')} type="url" maxLength={500} {...bind('profile_url')} />
          <Button type="submit" disabled={busy}>
            {busy ? t('complaints.busy') : t('complaints.submit')}
          </Button>
        </form>
      </Card>
    </PageColumn>
  )
}
