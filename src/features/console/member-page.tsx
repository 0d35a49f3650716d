// /admin/members/{id}: a member whole (profile, photos, ledger and payments, complaints, logins, the console's
// actions on them) with ban, unban and credit correction, each shown only to roles allowed it (decision 028).
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { HttpError } from '../../shared/http'
import { errorText } from './error-text'
import { usePageContext } from '../../../renderer/page-context'
import { Alert, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section, Table, TableWrap } from './console-frame'
import { banMemberEndpoint, correctCreditsEndpoint, memberDetailEndpoint, unbanMemberEndpoint, type StaffMe } from './endpoints'
import { MemberVulnerableReview } from './vulnerable-panel'

export function MemberPage() {
  const { routeParams } = usePageContext()
  return <ConsoleFrame action="members.view" path="/admin/members">{(staff) => <Member id={Number(routeParams.id)} staff={staff} />}</ConsoleFrame>
}

/** A random id per submitted correction: a repeated submit applies once. */
const newRequestId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—')

function Member({ id, staff }: { id: number; staff: StaffMe }) {
  const { t } = useTranslation()
  const { data, error, mutate } = useEndpoint(memberDetailEndpoint, Number.isSafeInteger(id) && id > 0 ? { query: { id } } : null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string }>()
  if (error) return <Alert role="alert">{error.message}</Alert>
  if (!data) return <p aria-busy="true">{t('admin.loading')}</p>
  const m = data.member
  const act = async (fn: () => Promise<unknown>, done: string) => {
    setNotice(undefined)
    try {
      await fn()
      setNotice({ tone: 'success', text: done })
      await mutate()
    } catch (err) {
      setNotice({ tone: 'danger', text: err instanceof HttpError ? Object.values(err.fields ?? {})[0] ?? err.message : t('errors.generic') })
    }
  }
  const reasonOf = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    return String(new FormData(e.currentTarget).get('reason') ?? '')
  }
  const may = (a: StaffMe['actions'][number]) => staff.actions.includes(a)
  return (
    <>
      <p>
        <a href="/admin/members">← {t('admin.member.back')}</a>
      </p>
      <PageTitle>
        {m.name ?? m.email} <small style={{ fontSize: 16 }}>#{m.id}</small>
      </PageTitle>
      {notice && (
        <Alert role={notice.tone === 'danger' ? 'alert' : 'status'} tone={notice.tone}>
          {notice.text}
        </Alert>
      )}
      <Section aria-labelledby="m-profile">
        <h2 id="m-profile">{t('admin.member.profile')}</h2>
        <TableWrap>
          <Table>
            <tbody>
              {(
                [
                  ['admin.members.email', m.email],
                  ['admin.members.tenant', `${m.tenant_id} (${m.pool})`],
                  ['admin.members.status', t(`admin.status.${m.status}`, { defaultValue: m.status })],
                  ['admin.members.credits', `${m.credits}${m.paid_user ? ` · ${t('admin.members.paid')}` : ''}`],
                  ['admin.member.born', m.birth_date ?? '—'],
                  ['admin.member.place', [m.city, m.country].filter(Boolean).join(', ') || '—'],
                  ['admin.member.created', when(m.created_at)],
                  ['admin.member.last_login', when(m.last_login_at)],
                ] as const
              ).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{t(k)}</th>
                  <td data-testid={k === 'admin.members.status' ? 'member-status' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {v}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        {m.fictional && <p>{t('admin.members.fictional')}</p>}
        {m.about && <p style={{ whiteSpace: 'pre-wrap' }}>{m.about}</p>}
      </Section>

      <Section aria-labelledby="m-actions">
        <h2 id="m-actions">{t('admin.member.actions')}</h2>
        {m.status !== 'banned' && m.status !== 'deleted' && may('members.ban') && (
          <form method="post" onSubmit={(e) => act(() => callEndpoint(banMemberEndpoint, { body: { id, reason: reasonOf(e) } }), t('admin.member.banned_done'))} style={{ display: 'grid', gap: 8, marginBottom: 16 }}>
            <TextField name="reason" label={t('admin.member.ban_reason')} required minLength={3} maxLength={500} />
            <div>
              <Button type="submit">{t('admin.member.ban')}</Button>
            </div>
          </form>
        )}
        {m.status === 'banned' && may('members.unban') && (
          <form method="post" onSubmit={(e) => act(() => callEndpoint(unbanMemberEndpoint, { body: { id, reason: reasonOf(e) } }), t('admin.member.unbanned_done'))} style={{ display: 'grid', gap: 8, marginBottom: 16 }}>
            <TextField name="reason" label={t('admin.member.unban_reason')} required minLength={3} maxLength={500} />
            <div>
              <Button type="submit">{t('admin.member.unban')}</Button>
            </div>
          </form>
        )}
        {may('members.vulnerable_review') && <MemberVulnerableReview memberId={id} onDone={(text) => act(async () => undefined, text)} />}
        {m.status !== 'deleted' && may('credits.correct') && <CreditForm id={id} onDone={(text) => act(async () => undefined, text)} />}
      </Section>

      <Section aria-labelledby="m-photos">
        <h2 id="m-photos">{t('admin.member.photos')}</h2>
        {data.photos.length === 0 ? (
          <p>{t('admin.none')}</p>
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {data.photos.map((p) => (
              <figure key={p.id} style={{ margin: 0, width: 96, fontSize: 12 }}>
                <img src={p.url} alt="" width={96} height={96} style={{ objectFit: 'cover', borderRadius: 8, display: 'block' }} />
                <figcaption>
                  {t(`admin.photo_status.${p.status}`, { defaultValue: p.status })} · {p.visibility === 'private' ? t('photos.private') : t('photos.public')}
                </figcaption>
              </figure>
            ))}
          </div>
        )}
      </Section>

      <Rows
        id="m-ledger"
        title={t('admin.member.ledger')}
        heads={[t('admin.member.when'), t('admin.member.delta'), t('admin.member.balance'), t('admin.member.reason')]}
        rows={data.ledger.map((l) => [when(l.created_at), String(l.delta), String(l.balance_after), [l.reason, l.note, l.reference].filter(Boolean).join(' · ')])}
      />
      <Rows
        id="m-payments"
        title={t('admin.member.payments')}
        heads={[t('admin.member.when'), t('admin.member.amount'), t('admin.member.method'), t('admin.members.status')]}
        rows={data.payments.map((p) => [when(p.created_at), `${(p.amount_cents / 100).toFixed(2)} ${p.currency}${p.refunded_cents ? ` (−${(p.refunded_cents / 100).toFixed(2)})` : ''}`, `${p.provider} ${p.method}`, p.status])}
      />
      <Rows
        id="m-complaints"
        title={t('admin.member.complaints')}
        heads={[t('admin.member.when'), t('admin.complaints.subject'), t('admin.members.status')]}
        rows={data.complaints.map((c) => [when(c.created_at), c.subject, t(`admin.complaints.status.${c.status}`, { defaultValue: c.status })])}
      />
      <Rows
        id="m-logins"
        title={t('admin.member.logins')}
        heads={[t('admin.member.started'), t('admin.member.last_seen'), t('admin.members.tenant')]}
        rows={data.logins.map((s) => [when(s.created_at), when(s.last_seen_at), s.tenant_id])}
      />
      <Rows
        id="m-audit"
        title={t('admin.member.audit')}
        heads={[t('admin.member.when'), t('admin.audit.who'), t('admin.audit.action'), t('admin.audit.change')]}
        rows={data.audit.map((a) => [when(a.created_at), a.staff_email, t(`admin.action.${a.action}`, { defaultValue: a.action }), a.after ? JSON.stringify(a.after) : ''])}
      />
    </>
  )
}

function Rows({ id, title, heads, rows }: { id: string; title: string; heads: string[]; rows: string[][] }) {
  const { t } = useTranslation()
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{t('admin.none')}</p>
      ) : (
        <TableWrap>
          <Table>
            <thead>
              <tr>
                {heads.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j} style={{ overflowWrap: 'anywhere' }}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </Section>
  )
}

function CreditForm({ id, onDone }: { id: number; onDone: (text: string) => void }) {
  const { t } = useTranslation()
  const [requestId, setRequestId] = useState(newRequestId)
  const [error, setError] = useState<string>()
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const target = e.currentTarget
    setError(undefined)
    try {
      const out = await callEndpoint(correctCreditsEndpoint, { body: { id, delta: Number(form.get('delta')), reason: String(form.get('reason') ?? ''), request_id: requestId } })
      setRequestId(newRequestId())
      target.reset()
      onDone(t('admin.member.credits_done', { credits: out.credits }))
    } catch (err) {
      setError(errorText(err, t))
    }
  }
  return (
    <form method="post" onSubmit={submit} style={{ display: 'grid', gap: 8 }} aria-label={t('admin.member.credits_title')}>
      <strong>{t('admin.member.credits_title')}</strong>
      {error && <Alert role="alert">{error}</Alert>}
      <TextField name="delta" type="number" step={1} label={t('admin.member.credits_delta')} required />
      <TextField name="reason" label={t('admin.member.credits_reason')} required minLength={3} maxLength={500} />
      <div>
        <Button type="submit" variant="secondary">
          {t('admin.member.credits_submit')}
        </Button>
      </div>
    </form>
  )
}
