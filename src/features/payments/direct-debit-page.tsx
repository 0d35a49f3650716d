// /directdebit: SEPA direct debit in two steps, each a route of a MemoryRouter (docs/architecture.md): the account
// and address form, then the 6-digit code sent by SMS (in the demo it arrives in the dev mailbox, /dev/mail).
import { useState, type FormEvent } from 'react'
import { MemoryRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom'
import { navigate as navigatePage } from 'vike/client/router'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { Button } from '../../ui/button'
import { Alert, FieldError, TextField } from '../../ui/form'
import { LoginRequired } from '../../ui/login-required'
import { FictionalNotice, Heading, Lead, Panel, Wrap } from './payment-ui'
import { MethodMark } from './method-badge'
import { formatMoney } from './format'
import { confirmDirectDebit, startDirectDebit, type DirectDebitInput, type DirectDebitStarted } from './payments-api'
import { rememberReturn } from './payment-return'
import type { DirectDebitPageData } from './page-data.server'


type Form = Omit<DirectDebitInput, 'bundle_id'>
const EMPTY: Form = { iban: '', account_holder: '', street: '', house_number: '', zip: '', city: '', phone: '' }

const Grid = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr',
  columnGap: 14,
  [theme.mq.sm]: { gridTemplateColumns: '2fr 1fr' },
  '.full': { gridColumn: '1 / -1' },
}))
const Select = styled.select(({ theme }) => ({
  display: 'block',
  width: '100%',
  marginTop: 6,
  minHeight: 44,
  padding: '8px 12px',
  borderRadius: 10,
  border: `1.5px solid ${theme.colors.border}`,
  fontSize: 16,
  fontWeight: 400,
  background: '#fff',
}))
const Head = styled.div({ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12, h2: { margin: 0 } })
const Small = styled.p(({ theme }) => ({ color: theme.colors.muted, fontSize: 14, margin: '8px 0 16px' }))
const CodeInput = styled.input<{ invalid: boolean }>(({ theme, invalid }) => ({
  display: 'block',
  width: '100%',
  maxWidth: 240,
  margin: '6px 0 0',
  minHeight: 54,
  padding: '8px 14px',
  fontSize: 28,
  letterSpacing: 8,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  borderRadius: 12,
  border: `2px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  '&:focus': { outline: 'none', borderColor: theme.colors.primary, boxShadow: `0 0 0 3px ${theme.colors.primarySoft}` },
}))
const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 10, marginTop: 16 })

const messageOf = (err: unknown, fallback: string) => (err instanceof HttpError && err.message ? err.message : fallback)

export function DirectDebitPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const data = useData<DirectDebitPageData>()
  const [bundleId, setBundleId] = useState(data.bundleId ?? data.credits.bundles.find((b) => b.highlighted)?.id ?? data.credits.bundles[0]?.id)
  const [form, setForm] = useState<Form>(EMPTY)
  const [started, setStarted] = useState<DirectDebitStarted | null>(null)
  if (!user) return <LoginRequired title={t('direct_debit.title')} message={t('checkout.login_required')} />
  if (!data.credits.methods.includes('sdd')) {
    return (
      <Wrap width={640}>
        <Heading>{t('direct_debit.title')}</Heading>
        <Alert tone="info">{t('direct_debit.not_offered')}</Alert>
        <a href="/credits">{t('checkout.other_bundle')}</a>
      </Wrap>
    )
  }
  return (
    <Wrap width={700}>
      <Heading>{t('direct_debit.title')}</Heading>
      <Lead>{t('direct_debit.intro')}</Lead>
      <FictionalNotice text={data.credits.fictional_notice} />
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<AccountStep bundleId={bundleId} setBundleId={setBundleId} form={form} setForm={setForm} onStarted={setStarted} />} />
          <Route path="/code" element={<CodeStep started={started} bundleId={bundleId} />} />
        </Routes>
      </MemoryRouter>
    </Wrap>
  )
}

function AccountStep(props: { bundleId: string | undefined; setBundleId: (id: string) => void; form: Form; setForm: (f: Form) => void; onStarted: (s: DirectDebitStarted) => void }) {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  const data = useData<DirectDebitPageData>()
  const navigate = useNavigate()
  const [errors, setErrors] = useState<Partial<Record<keyof DirectDebitInput, string>>>({})
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const { form, setForm } = props
  const bundle = data.credits.bundles.find((b) => b.id === props.bundleId)

  const field = (name: keyof Form, autoComplete: string, extra: Record<string, unknown> = {}) => ({
    name,
    label: t(`direct_debit.fields.${name}`),
    value: form[name],
    error: errors[name],
    autoComplete,
    required: true,
    onChange: (e: { target: { value: string } }) => {
      setForm({ ...form, [name]: e.target.value })
      if (errors[name]) setErrors({ ...errors, [name]: undefined })
    },
    ...extra,
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!bundle) return
    // Every field is needed (SPEC.md section 5); the server checks the IBAN and the number.
    const missing = (Object.keys(EMPTY) as Array<keyof Form>).filter((k) => !form[k].trim())
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, t('direct_debit.required')])))
      return
    }
    setBusy(true)
    setError(undefined)
    setErrors({})
    try {
      const started = await startDirectDebit({ ...form, bundle_id: bundle.id })
      props.onStarted(started)
      navigate('/code')
    } catch (err) {
      if (err instanceof SilentAbort) return
      if (err instanceof HttpError) {
        if (err.fields && Object.keys(err.fields).length) setErrors(err.fields as typeof errors)
        else if (err.code === 'iban_invalid') setErrors({ iban: err.message })
        else if (err.code === 'phone_invalid') setErrors({ phone: err.message })
        else setError(messageOf(err, t('errors.generic')))
      } else setError(t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel>
      <Head>
        <MethodMark method="sdd" />
        <h2>{t('direct_debit.account_title')}</h2>
      </Head>
      <form method="post" onSubmit={submit} noValidate data-testid="direct-debit-form">
        <label style={{ display: 'block', fontWeight: 600, marginBottom: 16 }}>
          {t('direct_debit.fields.bundle')}
          <Select name="bundle_id" value={props.bundleId} onChange={(e) => props.setBundleId(e.target.value)}>
            {data.credits.bundles.map((b) => (
              <option key={b.id} value={b.id}>
                {t('direct_debit.bundle_option', { count: b.credits, price: formatMoney(b.amount_cents, b.currency, lng) })}
              </option>
            ))}
          </Select>
        </label>
        <Grid>
          <div className="full">
            <TextField {...field('iban', 'off', { spellCheck: false, placeholder: 'NL91 ABNA 0417 1643 00' })} />
          </div>
          <div className="full">
            <TextField {...field('account_holder', 'name')} />
          </div>
          <TextField {...field('street', 'address-line1')} />
          <TextField {...field('house_number', 'off')} />
          <TextField {...field('zip', 'postal-code')} />
          <TextField {...field('city', 'address-level2')} />
          <div className="full">
            <TextField {...field('phone', 'tel', { type: 'tel', inputMode: 'tel' })} />
          </div>
        </Grid>
        {bundle && <Small>{t('direct_debit.mandate', { company: tenant.company.name, amount: formatMoney(bundle.amount_cents, bundle.currency, lng) })}</Small>}
        {error && (
          <Alert role="alert" data-testid="direct-debit-error">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={busy} data-testid="direct-debit-submit">
          {busy ? t('direct_debit.sending') : t('direct_debit.send_code')}
        </Button>
      </form>
    </Panel>
  )
}

function CodeStep({ started, bundleId }: { started: DirectDebitStarted | null; bundleId: string | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const data = useData<DirectDebitPageData>()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!started) return <Navigate to="/" replace />

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const clean = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(clean)) {
      setCodeError(t('direct_debit.code_format'))
      return
    }
    setBusy(true)
    setCodeError(undefined)
    setError(undefined)
    try {
      const { payment_id } = await confirmDirectDebit({ request_id: started.request_id, code: clean })
      if (data.returnTo) rememberReturn(payment_id, data.returnTo)
      await navigatePage(`/transactions/${payment_id}`)
    } catch (err) {
      setBusy(false)
      if (err instanceof SilentAbort) return
      if (err instanceof HttpError && err.code === 'code_invalid') setCodeError(err.message)
      else setError(messageOf(err, t('errors.generic')))
    }
  }

  return (
    <Panel>
      <Head>
        <MethodMark method="sdd" />
        <h2>{t('direct_debit.code_title')}</h2>
      </Head>
      <p>{t('direct_debit.code_sent', { phone: started.phone_hint, minutes: Math.max(1, Math.round(started.expires_in / 60)) })}</p>
      <form method="post" onSubmit={submit} noValidate data-testid="direct-debit-code-form">
        <label htmlFor="sms-code" style={{ fontWeight: 600 }}>
          {t('direct_debit.code_label')}
        </label>
        <CodeInput
          id="sms-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          invalid={Boolean(codeError)}
          aria-invalid={Boolean(codeError)}
          aria-describedby={codeError ? 'sms-code-error' : undefined}
          onChange={(e) => {
            setCode(e.target.value)
            setCodeError(undefined)
          }}
        />
        {codeError && (
          <FieldError id="sms-code-error" role="alert" data-testid="code-error">
            {codeError}
          </FieldError>
        )}
        {error && (
          <Alert role="alert" style={{ marginTop: 12 }} data-testid="direct-debit-error">
            {error}
          </Alert>
        )}
        <Actions>
          <Button type="submit" disabled={busy} data-testid="direct-debit-confirm">
            {busy ? t('checkout.paying') : t('direct_debit.confirm')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => navigate(-1)}>
            {t('direct_debit.back')}
          </Button>
        </Actions>
      </form>
      {bundleId && <Small>{t('direct_debit.code_help')}</Small>}
    </Panel>
  )
}
