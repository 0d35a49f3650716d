// The account-deletion flow of the settings screen: alternatives (a discount, invisible mode), reasons, confirmation. Each step is a route
// of a MemoryRouter, so each has its own back (docs/architecture.md).
import { useState, type FormEvent } from 'react'
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { HttpError, leaveAfterSessionEnd } from '../../shared/http'
import type { DiscountCode } from '../../shared/contracts'
import { callEndpoint } from '../../shared/api-client'
import { DELETE_REASONS, deleteAccountEndpoint, invisibleEndpoint, stayDiscountEndpoint } from './endpoints'
import { usePageContext } from '../../../renderer/page-context'
import { Alert, TextAreaField, TextField } from '../../ui/form'
import { Button, ButtonLink } from '../../ui/button'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { formatInZone } from '../../shared/dates'

type Reason = (typeof DELETE_REASONS)[number]

const Option = styled.label(({ theme }) => ({
  display: 'flex',
  gap: 10,
  alignItems: 'center',
  padding: '10px 12px',
  marginBottom: 8,
  borderRadius: 10,
  border: `1.5px solid ${theme.colors.border}`,
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: theme.colors.primary, background: theme.colors.primarySoft },
}))
const Actions = styled.div({ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 16 })
const Code = styled.p(({ theme }) => ({
  display: 'inline-block',
  margin: '0 0 12px',
  padding: '10px 16px',
  borderRadius: 10,
  border: `2px dashed ${theme.colors.primary}`,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 22,
  fontWeight: 700,
  letterSpacing: 2,
  userSelect: 'all',
}))
const Alternative = styled.div(({ theme }) => ({ padding: 16, borderRadius: 10, background: theme.colors.primarySoft, marginBottom: 16, h3: { margin: '0 0 6px' }, p: { margin: '0 0 12px' } }))

/** The tenant's delete_discount as an alternative: accepting makes (once) a personal code and ends the flow. */
function DiscountAlternative({ onCode }: { onCode: (d: DiscountCode) => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const percent = tenant.company.delete_discount
  if (percent <= 0) return null
  const claim = async () => {
    setBusy(true)
    setError(undefined)
    try {
      onCode((await callEndpoint(stayDiscountEndpoint)).discount)
    } catch (err) {
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
      setBusy(false)
    }
  }
  return (
    <Alternative data-testid="stay-discount">
      <h3>{t('delete.alt_discount_title', { percent })}</h3>
      <p>{t('delete.alt_discount_body', { percent })}</p>
      {error && <Alert role="alert">{error}</Alert>}
      <Button variant="secondary" onClick={claim} disabled={busy}>
        {t('delete.alt_discount_button')}
      </Button>
    </Alternative>
  )
}

/** The end of the flow when the member took the discount: the code, and the account stays. */
function DiscountCode({ discount, onDone }: { discount?: DiscountCode; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const { tenant } = usePageContext()
  if (!discount) return null
  return (
    <div data-testid="delete-step-discount">
      <Alert tone="success" role="status">
        {t('delete.discount_thanks')}
      </Alert>
      <p>{t('delete.discount_code_intro', { percent: discount.value_percentage })}</p>
      <Code data-testid="discount-code">{discount.code}</Code>
      {discount.expires && <p>{t('delete.discount_valid_until', { date: formatInZone(discount.expires, i18n.language, tenant.timeZone, { day: 'numeric', month: 'long', year: 'numeric' }) })}</p>}
      <Actions>
        <ButtonLink href={`/credits?code=${encodeURIComponent(discount.code)}`} data-testid="use-discount">
          {t('delete.discount_use')}
        </ButtonLink>
        <Button variant="ghost" onClick={onDone}>
          {t('delete.discount_done')}
        </Button>
      </Actions>
    </div>
  )
}

function Alternatives({ onCancel, onCode }: { onCancel: () => void; onCode: (d: DiscountCode) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [invisible, setInvisible] = useState(false)
  return (
    <div data-testid="delete-step-alternatives">
      <p>{t('delete.intro')}</p>
      <DiscountAlternative
        onCode={(d) => {
          onCode(d)
          navigate('/discount')
        }}
      />
      <Alternative>
        <h3>{t('delete.alt_invisible_title')}</h3>
        <p>{t('delete.alt_invisible_body')}</p>
        {invisible ? (
          <Alert tone="success" role="status">
            {t('delete.alt_invisible_done')}
          </Alert>
        ) : (
          <Button variant="secondary" onClick={() => callEndpoint(invisibleEndpoint, { body: { invisible: true } }).then(() => setInvisible(true))}>
            {t('delete.alt_invisible_button')}
          </Button>
        )}
      </Alternative>
      <Actions>
        <Button variant="ghost" onClick={() => navigate('/reasons')}>
          {t('delete.continue')}
        </Button>
        <Button onClick={onCancel}>{t('delete.keep')}</Button>
      </Actions>
    </div>
  )
}

function Reasons({ reason, setReason, text, setText }: { reason?: Reason; setReason: (r: Reason) => void; text: string; setText: (s: string) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div data-testid="delete-step-reasons">
      <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 700, marginBottom: 8 }}>{t('delete.reasons_title')}</legend>
        {DELETE_REASONS.map((r) => (
          <Option key={r}>
            <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {t(`delete.reason.${r}`)}
          </Option>
        ))}
      </fieldset>
      <TextAreaField label={t('delete.reason_text')} name="reason_text" rows={3} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
      <Actions>
        <Button variant="ghost" onClick={() => navigate(-1)}>
          {t('delete.back')}
        </Button>
        <Button disabled={!reason} onClick={() => navigate('/confirm')}>
          {t('delete.next')}
        </Button>
      </Actions>
    </div>
  )
}

function Confirm({ reason, text }: { reason?: Reason; text: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await callEndpoint(deleteAccountEndpoint, { body: { password, reason: reason ?? 'other', reason_text: text || undefined } })
      leaveAfterSessionEnd('/account-deleted')
    } catch (err) {
      setError(err instanceof HttpError ? (err.fields?.password ?? err.message) : t('errors.generic'))
      setBusy(false)
    }
  }
  return (
    <form method="post" onSubmit={submit} noValidate data-testid="delete-step-confirm">
      <h3 style={{ marginTop: 0 }}>{t('delete.confirm_title')}</h3>
      <p>{t('delete.confirm_body')}</p>
      <TextField label={t('delete.password')} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
      <Actions>
        <Button type="button" variant="ghost" onClick={() => navigate(-1)}>
          {t('delete.back')}
        </Button>
        <Button type="submit" disabled={busy} style={{ background: '#c62828', color: '#fff' }}>
          {busy ? t('delete.busy') : t('delete.confirm')}
        </Button>
      </Actions>
    </form>
  )
}

export function DeleteAccountFlow() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<Reason>()
  const [text, setText] = useState('')
  const [discount, setDiscount] = useState<DiscountCode>()
  if (!open) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {t('delete.start')}
      </Button>
    )
  }
  return (
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Alternatives onCancel={() => setOpen(false)} onCode={setDiscount} />} />
        <Route path="/discount" element={<DiscountCode discount={discount} onDone={() => setOpen(false)} />} />
        <Route path="/reasons" element={<Reasons reason={reason} setReason={setReason} text={text} setText={setText} />} />
        <Route path="/confirm" element={<Confirm reason={reason} text={text} />} />
      </Routes>
    </MemoryRouter>
  )
}

/** /account-deleted */
export function AccountDeletedPage() {
  const { t } = useTranslation()
  return (
    <PageColumn width={560}>
      <Card>
        <PageTitle>{t('deleted.title')}</PageTitle>
        <p data-testid="account-deleted">{t('deleted.body')}</p>
        <ButtonLink href="/">{t('deleted.home')}</ButtonLink>
      </Card>
    </PageColumn>
  )
}
