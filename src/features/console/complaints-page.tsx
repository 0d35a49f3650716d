// /admin/complaints: the complaints of the staff member's pools with status, assignment and a reply by e-mail
// (decision 028).
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { errorText } from './error-text'
import { Alert, SelectInput, TextAreaField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section } from './console-frame'
import { COMPLAINT_STATUSES, complaintReplyEndpoint, complaintsListEndpoint, complaintUpdateEndpoint, type StaffMe } from './endpoints'

type Status = (typeof COMPLAINT_STATUSES)[number]

export function ComplaintsPage() {
  return <ConsoleFrame action="complaints.view" path="/admin/complaints">{(staff) => <Inbox staff={staff} />}</ConsoleFrame>
}

function Inbox({ staff }: { staff: StaffMe }) {
  const { t } = useTranslation()
  const [status, setStatus] = useState<Status | ''>('open')
  const { data, error, mutate } = useEndpoint(complaintsListEndpoint, { query: status ? { status } : {} })
  const [notice, setNotice] = useState<string>()
  const run = async (fn: () => Promise<unknown>) => {
    setNotice(undefined)
    try {
      await fn()
      await mutate()
    } catch (err) {
      setNotice(errorText(err, t))
    }
  }
  const may = (a: StaffMe['actions'][number]) => staff.actions.includes(a)
  return (
    <>
      <PageTitle>{t('admin.complaints.title')}</PageTitle>
      <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        {t('admin.complaints.filter')}
        <SelectInput value={status} onChange={(e) => setStatus(e.target.value as Status | '')}>
          <option value="">{t('admin.complaints.all')}</option>
          {COMPLAINT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.complaints.status.${s}`)}
            </option>
          ))}
        </SelectInput>
      </label>
      {(error || notice) && <Alert role="alert">{notice ?? error?.message}</Alert>}
      {data && data.complaints.length === 0 && <p>{t('admin.none')}</p>}
      {data?.complaints.map((c) => (
        <Section key={c.id} aria-labelledby={`c-${c.id}`} data-testid="complaint">
          <h2 id={`c-${c.id}`}>
            #{c.id} {c.subject}
          </h2>
          <p style={{ fontSize: 14, margin: '0 0 8px', overflowWrap: 'anywhere' }}>
            {c.name} &lt;{c.email}&gt; · {c.tenant_id} · {c.created_at.slice(0, 16).replace('T', ' ')}
            {c.account_id && (
              <>
                {' · '}
                <a href={`/admin/members/${c.account_id}`}>{t('admin.complaints.member', { id: c.account_id })}</a>
              </>
            )}
          </p>
          <p style={{ whiteSpace: 'pre-wrap' }}>{c.message}</p>
          {c.profile_url && <p style={{ overflowWrap: 'anywhere' }}>{c.profile_url}</p>}
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center', marginBottom: 8 }}>
            <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              {t('admin.members.status')}
              <SelectInput value={c.status} disabled={!may('complaints.update')} onChange={(e) => run(() => callEndpoint(complaintUpdateEndpoint, { body: { id: c.id, status: e.target.value as Status } }))}>
                {COMPLAINT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`admin.complaints.status.${s}`)}
                  </option>
                ))}
              </SelectInput>
            </label>
            <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              {t('admin.complaints.assigned')}
              <SelectInput
                value={c.assigned_to ?? ''}
                disabled={!may('complaints.update')}
                onChange={(e) => run(() => callEndpoint(complaintUpdateEndpoint, { body: { id: c.id, assigned_to: e.target.value ? Number(e.target.value) : null } }))}
              >
                <option value="">{t('admin.complaints.unassigned')}</option>
                {data.assignees.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.email}
                  </option>
                ))}
              </SelectInput>
            </label>
          </div>
          {c.reply && (
            <blockquote style={{ margin: '0 0 8px', paddingLeft: 12, borderLeft: '3px solid #ccc', whiteSpace: 'pre-wrap' }}>
              <small>{t('admin.complaints.replied', { date: (c.replied_at ?? '').slice(0, 16).replace('T', ' ') })}</small>
              <br />
              {c.reply}
            </blockquote>
          )}
          {may('complaints.reply') && <ReplyForm onSend={(message) => run(() => callEndpoint(complaintReplyEndpoint, { body: { id: c.id, message } }))} />}
        </Section>
      ))}
    </>
  )
}

function ReplyForm({ onSend }: { onSend: (message: string) => Promise<void> }) {
  const { t } = useTranslation()
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    await onSend(String(new FormData(form).get('message') ?? ''))
    form.reset()
  }
  return (
    <form method="post" onSubmit={submit} style={{ display: 'grid', gap: 8 }}>
      <TextAreaField name="message" label={t('admin.complaints.reply_label')} required minLength={5} maxLength={5000} rows={3} />
      <div>
        <Button type="submit" variant="secondary">
          {t('admin.complaints.reply_send')}
        </Button>
      </div>
    </form>
  )
}
