// /credits/{id}/{paymentmethod?}: the chosen bundle, a method among those offered in the member's country, a
// discount code (the welcome code is offered by itself), the price after the discount, and the way to pay: the
// provider's checkout, or the direct debit form for SEPA direct debit.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { Button } from '../../ui/button'
import { Alert, FieldError } from '../../ui/form'
import { LoginRequired } from '../../ui/login-required'
import { BackButton } from '../../ui/back-button'
import { FictionalNotice, Heading, Panel, TimeBonusLine, Wrap } from './payment-ui'
import { MethodMark, useMethodName } from './method-badge'
import { checkDiscount, createPayment, type DiscountAnswer } from './payments-api'
import { discounted, formatMoney } from './format'
import { withReturn } from './return-path'
import { rememberReturn } from './payment-return'
import type { PaymentMethod } from './contracts'
import type { PayPageData } from './page-data.server'

const Columns = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  [theme.mq.md]: { gridTemplateColumns: '1.4fr 1fr' },
}))
const Methods = styled.div(({ theme }) => ({ display: 'grid', gap: 10, gridTemplateColumns: '1fr', [theme.mq.sm]: { gridTemplateColumns: '1fr 1fr' } }))
const MethodTile = styled.label(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 60,
  padding: '8px 12px',
  borderRadius: 12,
  border: `2px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  cursor: 'pointer',
  fontWeight: 600,
  input: { position: 'absolute', opacity: 0, pointerEvents: 'none' },
  '&:has(input:checked)': { borderColor: theme.colors.primary, background: theme.colors.primarySoft, boxShadow: `0 0 0 3px ${theme.colors.primarySoft}` },
  '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 2 },
  position: 'relative',
}))
const CodeRow = styled.div({ display: 'flex', gap: 8, alignItems: 'stretch', input: { flex: 1, minWidth: 0 } })
const CodeInput = styled.input<{ invalid: boolean }>(({ theme, invalid }) => ({
  minHeight: 44,
  padding: '10px 14px',
  borderRadius: 10,
  border: `1.5px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  fontSize: 16,
  textTransform: 'uppercase',
  '&:focus': { outline: 'none', borderColor: theme.colors.primary, boxShadow: `0 0 0 3px ${theme.colors.primarySoft}` },
}))
const Applied = styled.p(({ theme }) => ({ margin: '8px 0 0', color: theme.colors.success, fontWeight: 700 }))
const Summary = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '8px 12px',
  margin: '0 0 16px',
  dt: { color: theme.colors.muted },
  dd: { margin: 0, textAlign: 'right', fontWeight: 700 },
  '.discount': { color: theme.colors.success },
  '.total': { fontSize: 22, color: theme.colors.text, borderTop: `1px solid ${theme.colors.border}`, paddingTop: 8 },
}))
const Strike = styled.s(({ theme }) => ({ color: theme.colors.muted, fontWeight: 400, marginRight: 6 }))
const Small = styled.p(({ theme }) => ({ color: theme.colors.muted, fontSize: 14, margin: '10px 0 0' }))

/** The message of a failed call: the API's localized text, else the generic one. */
function messageOf(err: unknown, fallback: string): string {
  return err instanceof HttpError && err.message ? err.message : fallback
}

const DISCOUNT_CODES = ['code_not_found', 'code_used', 'code_expired', 'minimum_order_value', 'country_not_allowed', 'method_not_allowed']

export function PayPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  if (!user) return <LoginRequired title={t('checkout.title')} message={t('checkout.login_required')} />
  return <Pay />
}

function Pay() {
  const { t } = useTranslation()
  const { lng } = usePageContext()
  const data = useData<PayPageData>()
  const methodName = useMethodName()
  const bundle = data.credits.bundles.find((b) => b.id === data.bundleId)!
  const methods = data.credits.methods
  const [method, setMethod] = useState<PaymentMethod | null>((data.method as PaymentMethod | null) ?? null)
  const [code, setCode] = useState(data.code ?? data.welcome?.code ?? '')
  const [applied, setApplied] = useState<DiscountAnswer | null>(data.welcome)
  const [welcome, setWelcome] = useState(data.welcome !== null)
  const [codeError, setCodeError] = useState<string>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [checking, setChecking] = useState(false)
  const started = useRef(false)

  const apply = async (value: string, m: PaymentMethod | null) => {
    const clean = value.trim()
    if (!clean) return
    setChecking(true)
    setCodeError(undefined)
    try {
      const answer = await checkDiscount(clean, bundle.id, m ?? undefined)
      setApplied(answer)
      setCode(answer.code)
    } catch (err) {
      if (err instanceof SilentAbort) return
      setApplied(null)
      setWelcome(false)
      setCodeError(messageOf(err, t('errors.generic')))
    } finally {
      setChecking(false)
    }
  }

  // A code from the address (the stay discount) is applied at once; the welcome code came with the page's data.
  useEffect(() => {
    if (started.current) return
    started.current = true
    if (data.code) void apply(data.code, method)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A code may be limited to some methods: choosing another method checks it again.
  const chooseMethod = (m: PaymentMethod) => {
    setMethod(m)
    setError(undefined)
    if (applied) void apply(applied.code, m)
  }

  const onApply = (e: FormEvent) => {
    e.preventDefault()
    setWelcome(false)
    void apply(code, method)
  }

  const removeCode = () => {
    setApplied(null)
    setWelcome(false)
    setCode('')
    setCodeError(undefined)
  }

  const total = applied?.order && applied.order.bundle_id === bundle.id ? applied.order.total_cents : applied ? discounted(bundle.amount_cents, applied.value_percentage) : bundle.amount_cents

  const pay = async () => {
    if (!method) {
      setError(t('checkout.choose_method_first'))
      return
    }
    setError(undefined)
    // SEPA direct debit needs the account and an SMS code first.
    if (method === 'sdd') {
      await navigate(withReturn(`/directdebit?bundle=${encodeURIComponent(bundle.id)}`, data.returnTo ?? undefined))
      return
    }
    setBusy(true)
    try {
      const created = await createPayment({ bundle_id: bundle.id, method, discount_code: applied?.code })
      if (data.returnTo) rememberReturn(created.payment_id, data.returnTo)
      window.location.href = created.checkout_url
    } catch (err) {
      setBusy(false)
      if (err instanceof SilentAbort) return
      if (err instanceof HttpError && DISCOUNT_CODES.includes(err.code)) {
        setApplied(null)
        setCodeError(messageOf(err, t('errors.generic')))
      } else setError(messageOf(err, t('errors.generic')))
    }
  }

  return (
    <Wrap width={980}>
      <BackButton />
      <Heading>{t('checkout.title')}</Heading>
      <TimeBonusLine />
      <FictionalNotice text={data.credits.fictional_notice} />
      <Columns>
        <div>
          <Panel>
            <h2 id="methods-title">{t('checkout.method_title')}</h2>
            <Methods role="radiogroup" aria-labelledby="methods-title" data-testid="methods">
              {methods.map((m) => (
                <MethodTile key={m} data-testid={`method-${m}`}>
                  <input type="radio" name="method" value={m} checked={method === m} onChange={() => chooseMethod(m)} />
                  <MethodMark method={m} />
                  <span>{methodName(m)}</span>
                </MethodTile>
              ))}
            </Methods>
          </Panel>
          <Panel>
            <h2>{t('checkout.discount_title')}</h2>
            <form method="post" onSubmit={onApply} noValidate>
              <label htmlFor="discount-code" style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
                {t('checkout.discount_label')}
              </label>
              <CodeRow>
                <CodeInput
                  id="discount-code"
                  name="discount_code"
                  value={code}
                  autoComplete="off"
                  invalid={Boolean(codeError)}
                  aria-invalid={Boolean(codeError)}
                  aria-describedby={codeError ? 'discount-error' : undefined}
                  onChange={(e) => {
                    setCode(e.target.value)
                    setCodeError(undefined)
                  }}
                />
                <Button type="submit" variant="ghost" disabled={checking || !code.trim()}>
                  {t('checkout.discount_apply')}
                </Button>
              </CodeRow>
              {codeError && (
                <FieldError id="discount-error" role="alert" data-testid="discount-error">
                  {codeError}
                </FieldError>
              )}
              {applied && (
                <Applied data-testid="discount-applied">
                  {t(welcome ? 'checkout.welcome_applied' : 'checkout.discount_applied', { percentage: applied.value_percentage, code: applied.code })}{' '}
                  <Button type="button" variant="ghost" onClick={removeCode} style={{ minHeight: 30, padding: '0 10px', fontSize: 13, marginLeft: 4 }}>
                    {t('checkout.discount_remove')}
                  </Button>
                </Applied>
              )}
            </form>
          </Panel>
        </div>
        <Panel aria-labelledby="summary-title">
          <h2 id="summary-title">{t('checkout.summary_title')}</h2>
          <Summary data-testid="order-summary">
            <dt>{t('checkout.bundle')}</dt>
            <dd>{t('checkout.bundle_credits', { count: bundle.credits })}</dd>
            <dt>{t('checkout.price')}</dt>
            <dd>{formatMoney(bundle.amount_cents, bundle.currency, lng)}</dd>
            {applied && (
              <>
                <dt className="discount">{t('checkout.discount_line', { percentage: applied.value_percentage })}</dt>
                <dd className="discount">−{formatMoney(bundle.amount_cents - total, bundle.currency, lng)}</dd>
              </>
            )}
            <dt className="total">{t('checkout.total')}</dt>
            <dd className="total" data-testid="order-total">
              {applied && <Strike>{formatMoney(bundle.amount_cents, bundle.currency, lng)}</Strike>}
              {formatMoney(total, bundle.currency, lng)}
            </dd>
          </Summary>
          {error && <Alert role="alert">{error}</Alert>}
          <Button type="button" block onClick={pay} disabled={busy} data-testid="pay">
            {busy ? t('checkout.paying') : method ? t('checkout.pay_with', { method: methodName(method), amount: formatMoney(total, bundle.currency, lng) }) : t('checkout.pay', { amount: formatMoney(total, bundle.currency, lng) })}
          </Button>
          <Small>{t('checkout.secure_note')}</Small>
          <Small>{t('credits_page.refund', { count: data.credits.refund_days })}</Small>
          <Small>
            <a href={withReturn('/credits', data.returnTo ?? undefined)}>{t('checkout.other_bundle')}</a>
          </Small>
        </Panel>
      </Columns>
    </Wrap>
  )
}
