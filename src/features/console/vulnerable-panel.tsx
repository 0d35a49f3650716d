// The vulnerable flag in the console (decision 037 addendum): the chat operator marks the member of the open
// conversation (/admin/chats), support or an admin reviews and lifts it on the member's page (/admin/members/<id>).
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { Alert, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { errorText } from './error-text'
import { memberVulnerableLiftEndpoint, memberVulnerableStateEndpoint, operatorVulnerableMarkEndpoint, operatorVulnerableStateEndpoint } from './vulnerable-endpoints'

const when = (iso: string, lng: string) => new Date(iso).toLocaleString(lng)

/** Beside the operator's conversation: the member's mark, or the form that sets it. */
export function OperatorVulnerable({ conversationId }: { conversationId: number }) {
  const { t, i18n } = useTranslation()
  const { data, mutate } = useEndpoint(operatorVulnerableStateEndpoint, { query: { conversation_id: conversationId } })
  const [error, setError] = useState<string>()
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(undefined)
    try {
      await mutate(await callEndpoint(operatorVulnerableMarkEndpoint, { body: { conversation_id: conversationId, reason: String(new FormData(e.currentTarget).get('reason') ?? '') } }), { revalidate: false })
    } catch (err) {
      setError(errorText(err, t))
    }
  }
  if (!data) return null
  return (
    <div data-testid="operator-vulnerable" style={{ marginTop: 16 }}>
      {data.vulnerable_at ? (
        <Alert tone="info" role="status">
          {t('admin.vulnerable.marked', { date: when(data.vulnerable_at, i18n.language) })}
        </Alert>
      ) : (
        <form method="post" onSubmit={submit} style={{ display: 'grid', gap: 8 }} aria-label={t('admin.vulnerable.mark')}>
          <strong>{t('admin.vulnerable.title')}</strong>
          <small>{t('admin.vulnerable.explain')}</small>
          {error && <Alert role="alert">{error}</Alert>}
          <TextField name="reason" label={t('admin.vulnerable.reason_label')} required minLength={3} maxLength={500} />
          <div>
            <Button type="submit" variant="secondary">
              {t('admin.vulnerable.mark')}
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}

/** On the member's page, for the staff review: the mark with the operator's reason, and lifting it. */
export function MemberVulnerableReview({ memberId, onDone }: { memberId: number; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation()
  const { data, mutate } = useEndpoint(memberVulnerableStateEndpoint, { query: { id: memberId } })
  const [error, setError] = useState<string>()
  if (!data?.vulnerable_at) return null
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(undefined)
    try {
      await mutate(await callEndpoint(memberVulnerableLiftEndpoint, { body: { id: memberId, reason: String(new FormData(e.currentTarget).get('reason') ?? '') } }), { revalidate: false })
      onDone(t('admin.vulnerable.lifted'))
    } catch (err) {
      setError(errorText(err, t))
    }
  }
  return (
    <form method="post" onSubmit={submit} style={{ display: 'grid', gap: 8, marginBottom: 16 }} aria-label={t('admin.vulnerable.lift')} data-testid="member-vulnerable">
      <strong>{t('admin.vulnerable.marked', { date: when(data.vulnerable_at, i18n.language) })}</strong>
      {data.reason && <span>{t('admin.vulnerable.operator_reason', { reason: data.reason })}</span>}
      {error && <Alert role="alert">{error}</Alert>}
      <TextField name="reason" label={t('admin.vulnerable.lift_reason_label')} required minLength={3} maxLength={500} />
      <div>
        <Button type="submit" variant="secondary">
          {t('admin.vulnerable.lift')}
        </Button>
      </div>
    </form>
  )
}
