// /admin/payments: the orders and payments of the staff member's pools, filtered by status, brand and member, with
// a refund of a paid payment for the roles allowed it (the credits go back through the ledger; decision 037 addendum).
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { errorText } from './error-text'
import { HttpError } from '../../shared/http'
import { Alert, SelectField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section, Table, TableWrap } from './console-frame'
import type { StaffMe } from './endpoints'
import { CONSOLE_PAYMENT_STATUSES, paymentsListEndpoint, refundPaymentEndpoint, type ConsolePayment } from './payment-endpoints'

type Status = (typeof CONSOLE_PAYMENT_STATUSES)[number]

export function PaymentsPage() {
  return <ConsoleFrame action="payments.view" path="/admin/payments">{(staff) => <Payments staff={staff} />}</ConsoleFrame>
}

const money = (lng: string, cents: number, currency: string) => new Intl.NumberFormat(lng, { style: 'currency', currency }).format(cents / 100)
const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—')
/** An amount as staff type it (12,50 or 12.50 or 12) in cents; '' is none (all that is left), anything else NaN. */
function parseCents(input: string): number | undefined {
  const s = input.trim().replace(/\s/g, '')
  if (!s) return undefined
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(s)
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : NaN
}

function Payments({ staff }: { staff: StaffMe }) {
  const { t, i18n } = useTranslation()
  const [status, setStatus] = useState<Status | ''>('')
  const [q, setQ] = useState('')
  const { data, error, mutate } = useEndpoint(paymentsListEndpoint, { query: { ...(status ? { status } : {}), ...(q ? { q } : {}) } })
  const [refunding, setRefunding] = useState<ConsolePayment>()
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string }>()
  const [busy, setBusy] = useState(false)
  const [amountError, setAmountError] = useState<string>()
  const mayRefund = staff.actions.includes('payments.refund')
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim())
  }
  const refund = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!refunding) return
    const form = new FormData(e.currentTarget)
    const cents = parseCents(String(form.get('amount') ?? ''))
    setAmountError(undefined)
    if (Number.isNaN(cents) || cents === 0) return setAmountError(t('admin.payments.amount_invalid'))
    setBusy(true)
    setNotice(undefined)
    try {
      const out = await callEndpoint(refundPaymentEndpoint, { body: { id: refunding.id, reason: String(form.get('reason') ?? ''), ...(cents !== undefined ? { amount_cents: cents } : {}) } })
      setNotice({ tone: 'success', text: out.applied ? t('admin.payments.refunded_done', { credits: out.credits_taken }) : t('admin.payments.already_refunded') })
      setRefunding(undefined)
      await mutate()
    } catch (err) {
      if (err instanceof HttpError && err.fields?.amount_cents) setAmountError(err.fields.amount_cents)
      else setNotice({ tone: 'danger', text: errorText(err, t) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <PageTitle>{t('admin.payments.title')}</PageTitle>
      <form method="post" onSubmit={search} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', marginBottom: 12 }}>
        <div style={{ flex: '0 1 200px' }}>
          <SelectField name="status" label={t('admin.payments.filter')} value={status} onChange={(e) => setStatus(e.target.value as Status | '')} data-testid="payments-status">
            <option value="">{t('admin.payments.all')}</option>
            {CONSOLE_PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.payments.status.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div style={{ flex: '1 1 220px' }}>
          <TextField name="q" label={t('admin.payments.search_label')} defaultValue={q} />
        </div>
        <Button type="submit" style={{ marginBottom: 16 }}>
          {t('admin.members.search')}
        </Button>
      </form>
      {notice && (
        <Alert role={notice.tone === 'danger' ? 'alert' : 'status'} tone={notice.tone}>
          {notice.text}
        </Alert>
      )}
      {error && <Alert role="alert">{error.message}</Alert>}
      {refunding && (
        <Section aria-labelledby="refund-title" data-testid="refund-form">
          <h2 id="refund-title">{t('admin.payments.refund_title', { id: refunding.id })}</h2>
          <p style={{ margin: '0 0 8px' }}>
            {t('admin.payments.refund_explain', {
              amount: money(i18n.language, refunding.amount_cents - refunding.refunded_cents - refunding.charged_back_cents, refunding.currency),
              credits: refunding.credits,
              email: refunding.email,
            })}
          </p>
          <p style={{ margin: '0 0 8px' }}>{t('admin.payments.refund_rule')}</p>
          <form method="post" onSubmit={refund} style={{ display: 'grid', gap: 8 }}>
            <TextField name="amount" label={t('admin.payments.refund_amount')} inputMode="decimal" autoComplete="off" error={amountError} data-testid="refund-amount" />
            <TextField name="reason" label={t('admin.payments.refund_reason')} required minLength={3} maxLength={500} />
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Button type="submit" disabled={busy}>
                {t('admin.payments.refund_submit')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setRefunding(undefined)}>
                {t('admin.payments.cancel')}
              </Button>
            </div>
          </form>
        </Section>
      )}
      {data && data.payments.length === 0 && <p>{t('admin.none')}</p>}
      {data && data.payments.length > 0 && (
        <TableWrap>
          <Table style={{ minWidth: 860 }}>
            <thead>
              <tr>
                <th>{t('admin.payments.id')}</th>
                <th>{t('admin.member.when')}</th>
                <th>{t('admin.members.tenant')}</th>
                <th>{t('admin.members.email')}</th>
                <th>{t('admin.member.amount')}</th>
                <th>{t('admin.members.credits')}</th>
                <th>{t('admin.member.method')}</th>
                <th>{t('admin.members.status')}</th>
                {mayRefund && <th>{t('admin.member.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.payments.map((p) => (
                <tr key={p.id} data-testid="payment-row">
                  <td>{p.id}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{when(p.created_at)}</td>
                  <td>{p.tenant_id}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>
                    <a href={`/admin/members/${p.account_id}`}>{p.email}</a>
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    {money(i18n.language, p.amount_cents, p.currency)}
                    {p.refunded_cents > 0 && <small> ({t('admin.payments.refunded_amount', { amount: money(i18n.language, p.refunded_cents, p.currency) })})</small>}
                  </td>
                  <td>{p.credits}</td>
                  <td>
                    {p.provider} {p.method}
                  </td>
                  <td>{t(`admin.payments.status.${p.status}`, { defaultValue: p.status })}</td>
                  {mayRefund && (
                    <td>
                      {p.status === 'paid' && (
                        <Button type="button" variant="secondary" onClick={() => { setNotice(undefined); setAmountError(undefined); setRefunding(p) }}>
                          {t('admin.payments.refund')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </>
  )
}
