// /admin/chats: the chat operators' console (decision 037). The queue of conversations waiting for a fictional
// profile's reply (oldest first, with a waiting-time clock, refreshed every few seconds), and the conversation an
// operator has taken: the member beside the fictional profile (its label and warning always shown), the whole
// conversation, the honest answer to "is this a real person?" in the member's language, a private note, and the
// reply box that sends as the fictional profile.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { HttpError } from '../../shared/http'
import { Alert, TextAreaField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section } from './console-frame'
import {
  operatorClaimEndpoint, operatorNoteEndpoint, operatorQueueEndpoint, operatorReplyEndpoint, operatorTypingEndpoint, type OperatorConversation,
} from './operator-endpoints'
import { OperatorVulnerable } from './vulnerable-panel'
import { GifReply, PhotoReply, MessageBody } from './operator-media'

/** How often the queue and an open conversation are asked again (ms). */
const REFRESH_MS = 5000

export function OperatorPage() {
  return (
    <ConsoleFrame action="operator.queue" path="/admin/chats" width={1240}>
      {() => <OperatorConsole />}
    </ConsoleFrame>
  )
}

const Layout = styled.div({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media (min-width: 900px)': { gridTemplateColumns: '320px minmax(0, 1fr)' },
})
const QueueList = styled.ol({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 })
const QueueButton = styled.button<{ current?: boolean }>(({ theme, current }) => ({
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  padding: '10px 12px',
  borderRadius: theme.radius,
  border: `1px solid ${current ? theme.colors.primaryDark : theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.text,
  cursor: 'pointer',
  display: 'grid',
  gap: 2,
  small: { color: theme.colors.muted },
}))
const Tag = styled.span(({ theme }) => ({
  display: 'inline-block', padding: '1px 8px', borderRadius: 999, fontSize: 12, fontWeight: 700, background: theme.colors.secondary, color: theme.colors.onSecondary, marginLeft: 6,
}))
const Sides = styled.div({ display: 'grid', gap: 12, gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 700px)': { gridTemplateColumns: '1fr 1fr' } })
const Bubbles = styled.ol(({ theme }) => ({
  listStyle: 'none', margin: '0 0 12px', padding: 0, display: 'flex', flexDirection: 'column', gap: 6, maxHeight: 420, overflowY: 'auto',
  li: { maxWidth: '80%', padding: '8px 12px', borderRadius: 14, background: theme.colors.background, border: `1px solid ${theme.colors.border}`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  'li[data-mine="true"]': { alignSelf: 'flex-end', background: theme.colors.primary, color: theme.colors.onPrimary, borderColor: theme.colors.primary },
  small: { display: 'block', fontSize: 11, opacity: 0.8 },
}))

/** "3 min", "1 h 5 min": how long a member has been waiting. */
function waited(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60000))
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

function useNow(ms: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}

function OperatorConsole() {
  const { t } = useTranslation()
  const queue = useEndpoint(operatorQueueEndpoint, {}, { refreshInterval: REFRESH_MS })
  const [open, setOpen] = useState<OperatorConversation>()
  const [error, setError] = useState<string>()
  const now = useNow(15000)

  const take = async (conversationId: number) => {
    setError(undefined)
    try {
      setOpen(await callEndpoint(operatorClaimEndpoint, { body: { conversation_id: conversationId } }))
    } catch (err) {
      setOpen(undefined)
      setError(err instanceof HttpError ? err.message : t('errors.generic'))
    }
    void queue.mutate()
  }

  // An open conversation is asked again (renewing the claim) so the member's new messages show.
  const openId = open?.conversation_id
  useEffect(() => {
    if (openId === undefined) return
    const timer = setInterval(() => {
      callEndpoint(operatorClaimEndpoint, { body: { conversation_id: openId } }).then(setOpen, () => undefined)
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [openId])

  return (
    <>
      <PageTitle>{t('admin.operator.title')}</PageTitle>
      {error && <Alert role="alert">{error}</Alert>}
      <Layout>
        <Section aria-labelledby="queue-title">
          <h2 id="queue-title">{t('admin.operator.queue')}</h2>
          {queue.data && queue.data.queue.length === 0 && <p data-testid="queue-empty">{t('admin.operator.queue_empty')}</p>}
          <QueueList>
            {queue.data?.queue.map((q) => (
              <li key={q.conversation_id}>
                <QueueButton type="button" current={q.conversation_id === openId} disabled={q.claimed_by_other} onClick={() => take(q.conversation_id)} data-testid="queue-item">
                  <strong>
                    {q.member.name} → {q.fictional.name}
                  </strong>
                  <small>
                    {q.tenant_id} · {t('admin.operator.waiting', { time: waited(q.waiting_since, now) })} · {t('admin.operator.messages', { count: q.waiting_messages })}
                  </small>
                  {q.claimed_by_other && <small>{t('admin.operator.claimed_by_other')}</small>}
                </QueueButton>
              </li>
            ))}
          </QueueList>
        </Section>
        {open ? (
          <Conversation key={open.conversation_id} data={open} onSent={() => void take(open.conversation_id)} onClose={() => setOpen(undefined)} />
        ) : (
          <Section>
            <p>{t('admin.operator.no_selection')}</p>
          </Section>
        )}
      </Layout>
    </>
  )
}

function Conversation({ data, onSent, onClose }: { data: OperatorConversation; onSent: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState('')
  const [notice, setNotice] = useState<{ tone: 'danger' | 'success'; text: string }>()
  const [busy, setBusy] = useState(false)
  const lastTyping = useRef(0)
  const list = useRef<HTMLOListElement>(null)
  const fictionalName = data.fictional.card.name
  const id = data.conversation_id

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [data.messages.length])

  const fail = (err: unknown) => setNotice({ tone: 'danger', text: err instanceof HttpError ? err.message : t('errors.generic') })
  const typing = (value: string) => {
    setDraft(value)
    // The member sees "typing" (at most one call every 3 seconds).
    if (Date.now() - lastTyping.current > 3000) {
      lastTyping.current = Date.now()
      callEndpoint(operatorTypingEndpoint, { body: { conversation_id: id } }).catch(() => undefined)
    }
  }
  const send = async (e: FormEvent) => {
    e.preventDefault()
    if (!draft.trim()) return
    setBusy(true)
    setNotice(undefined)
    try {
      await callEndpoint(operatorReplyEndpoint, { body: { conversation_id: id, client_id: crypto.randomUUID(), text: draft } })
      setDraft('')
      setNotice({ tone: 'success', text: t('admin.operator.sent') })
      onSent()
    } catch (err) {
      fail(err)
    } finally {
      setBusy(false)
    }
  }
  const saveNote = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    try {
      await callEndpoint(operatorNoteEndpoint, { body: { conversation_id: id, note: String(new FormData(e.currentTarget).get('note') ?? '') } })
      setNotice({ tone: 'success', text: t('admin.operator.note_saved') })
    } catch (err) {
      fail(err)
    }
  }

  return (
    <Section aria-labelledby="conversation-title" data-testid="operator-conversation">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
        <h2 id="conversation-title" style={{ margin: 0 }}>
          {data.member.card.name} → {fictionalName}
          <Tag data-testid="fictional-label">{data.fictional.label}</Tag>
        </h2>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('admin.operator.close')}
        </Button>
      </div>
      <p style={{ fontSize: 14, margin: '6px 0 12px' }}>
        {data.tenant_name} · {t('admin.operator.claimed_until', { time: new Date(data.claimed_until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })}
      </p>
      <Alert tone="info" role="note" data-testid="fictional-warning">
        <strong>{t('admin.operator.writes_as', { name: fictionalName })}</strong> {data.fictional.warning}
      </Alert>
      <Sides>
        <div>
          <h3 style={{ fontSize: 16, margin: '12px 0 4px' }}>
            {t('admin.operator.member')}: {data.member.card.name}, {data.member.card.age}
          </h3>
          <p style={{ fontSize: 14, margin: 0 }}>
            {[data.member.card.city, data.member.card.country].filter(Boolean).join(', ')} · {t('admin.operator.language', { lng: data.member.language })}
          </p>
          {data.member.about && (
            <p style={{ fontSize: 14, whiteSpace: 'pre-wrap' }}>
              <strong>{t('admin.operator.about')}:</strong> {data.member.about}
            </p>
          )}
        </div>
        <div>
          <h3 style={{ fontSize: 16, margin: '12px 0 4px' }}>
            {fictionalName}, {data.fictional.card.age}
            <Tag>{data.fictional.label}</Tag>
          </h3>
          <p style={{ fontSize: 14, margin: 0 }}>{[data.fictional.card.city, data.fictional.card.country].filter(Boolean).join(', ')}</p>
          {data.fictional.about && (
            <p style={{ fontSize: 14, whiteSpace: 'pre-wrap' }}>
              <strong>{t('admin.operator.about')}:</strong> {data.fictional.about}
            </p>
          )}
        </div>
      </Sides>
      <h3 style={{ fontSize: 16, margin: '12px 0 6px' }}>{t('admin.operator.conversation')}</h3>
      <Bubbles ref={list} data-testid="operator-messages">
        {data.messages.map((m) => (
          <li key={m.id} data-mine={m.mine}>
            <MessageBody message={m} />
            <small>{new Date(m.created_at).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}</small>
          </li>
        ))}
      </Bubbles>
      {notice && (
        <Alert tone={notice.tone} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <form method="post" onSubmit={send} style={{ display: 'grid', gap: 8 }}>
        <TextAreaField name="reply" label={t('admin.operator.reply_label', { name: fictionalName })} value={draft} onChange={(e) => typing(e.target.value)} rows={3} maxLength={5000} required />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Button type="submit" disabled={busy}>
            {t('admin.operator.send')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setDraft(data.honest_answer)} title={t('admin.operator.honest_hint')}>
            {t('admin.operator.honest_answer')}
          </Button>
        </div>
        <small>{t('admin.operator.honest_hint')}</small>
      </form>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', marginTop: 8 }}>
        <PhotoReply conversationId={id} name={fictionalName} onSent={() => { setNotice({ tone: 'success', text: t('admin.operator.sent') }); onSent() }} onError={fail} />
        <GifReply conversationId={id} name={fictionalName} onSent={() => { setNotice({ tone: 'success', text: t('admin.operator.sent') }); onSent() }} onError={fail} />
      </div>
      <form method="post" onSubmit={saveNote} style={{ display: 'grid', gap: 8, marginTop: 16 }}>
        <TextAreaField name="note" label={t('admin.operator.note_label')} defaultValue={data.note} rows={2} maxLength={5000} />
        <div>
          <Button type="submit" variant="secondary">
            {t('admin.operator.note_save')}
          </Button>
        </div>
      </form>
      <OperatorVulnerable conversationId={id} />
    </Section>
  )
}
