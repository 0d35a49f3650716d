// /transactions/{id}: the result of a payment, which updates by itself while the provider has not settled it, and
// /transactions: the member's payments. Dates in the tenant's time zone, the same on the server and the client.
import { useCallback, useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { SilentAbort } from '../../shared/http'
import { Button, ButtonLink } from '../../ui/button'
import { LoginRequired } from '../../ui/login-required'
import { Toast } from '../../ui/toast'
import { Heading, Panel, Wrap } from './payment-ui'
import { MethodMark, useMethodName } from './method-badge'
import { formatDateTime, formatMoney } from './format'
import { loadCredits, loadPayment, type PaymentAnswer } from './payments-api'
import { recallReturn } from './payment-return'
import { FINAL_PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from './contracts'
import type { TransactionPageData, TransactionsPageData } from './page-data.server'

/** How long the result page waits before asking again: 2 s, growing to 15 s while the payment stays open. */
export function pollDelay(attempt: number): number {
  return Math.min(2000 * 1.5 ** attempt, 15_000)
}

export type ResultKind = 'processing' | 'completed' | 'failed' | 'reversed'

/** What the result page shows for a status (SPEC.md section 4). */
export function resultKind(status: PaymentStatus): ResultKind {
  if (status === 'paid') return 'completed'
  if (status === 'failed' || status === 'cancelled' || status === 'expired') return 'failed'
  if (status === 'refunded' || status === 'charged_back') return 'reversed'
  return 'processing'
}

const Icon = styled.div<{ kind: ResultKind }>(({ theme, kind }) => ({
  width: 64,
  height: 64,
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 32,
  fontWeight: 800,
  margin: '0 auto 12px',
  color: '#fff',
  background: kind === 'completed' ? theme.colors.success : kind === 'failed' || kind === 'reversed' ? theme.colors.danger : theme.colors.secondary,
}))
const Spinner = styled.span({
  width: 28,
  height: 28,
  borderRadius: '50%',
  border: '4px solid rgba(255,255,255,0.45)',
  borderTopColor: '#fff',
  animation: 'payment-spin 0.9s linear infinite',
  '@keyframes payment-spin': { to: { transform: 'rotate(360deg)' } },
})
const Center = styled.div({ textAlign: 'center', h1: { marginBottom: 6 }, p: { margin: '0 0 12px' } })
const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 10, justifyContent: 'center', marginTop: 16 })
const Facts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '6px 16px',
  maxWidth: 420,
  margin: '16px auto 0',
  textAlign: 'left',
  dt: { color: theme.colors.muted },
  dd: { margin: 0, fontWeight: 600 },
}))

export function TransactionPage() {
  const { t } = useTranslation()
  const data = useData<TransactionPageData>()
  if (!data.payment) return <LoginRequired title={t('transactions.result_title')} message={t('transactions.login_required')} />
  return <Result key={data.payment.payment_id} first={data.payment} />
}

function Result({ first }: { first: PaymentAnswer }) {
  const { t } = useTranslation()
  const { lng, urlParsed } = usePageContext()
  const store = useSessionStore()
  const methodName = useMethodName()
  const [payment, setPayment] = useState(first)
  const [toast, setToast] = useState(false)
  const [returnTo, setReturnTo] = useState<string>()
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null)
  const kind = resultKind(payment.status)

  // The way back is read after hydration: it lives in this tab's storage.
  useEffect(() => setReturnTo(recallReturn(first.payment_id, urlParsed?.search?.return)), [first.payment_id, urlParsed])

  // Polls until the status is final (SPEC.md section 4: a processing message that updates by itself).
  useEffect(() => {
    if (FINAL_PAYMENT_STATUSES.includes(payment.status)) return
    let attempt = 0
    let timer: ReturnType<typeof setTimeout>
    let stopped = false
    const next = () => {
      timer = setTimeout(async () => {
        try {
          const fresh = await loadPayment(first.payment_id)
          if (stopped) return
          setPayment(fresh)
          if (FINAL_PAYMENT_STATUSES.includes(fresh.status)) return
        } catch (err) {
          if (err instanceof SilentAbort) return
        }
        attempt++
        if (!stopped) next()
      }, pollDelay(attempt))
    }
    next()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [first.payment_id, payment.status])

  // A completed payment: the balance and the premium state in the navigation at once, and a toast.
  useEffect(() => {
    if (payment.status !== 'paid') return
    if (store.user) {
      store.user.credits = payment.balance
      store.user.paid_user = payment.paid_user
    }
    setToast(true)
  }, [payment.status, payment.balance, payment.paid_user, store])

  // A failed payment offers another method: which ones this member may use.
  useEffect(() => {
    if (kind !== 'failed') return
    loadCredits()
      .then((a) => setMethods(a.methods))
      .catch(() => setMethods([]))
  }, [kind])

  const closeToast = useCallback(() => setToast(false), [])
  const amount = formatMoney(payment.amount_cents, payment.currency, lng)
  const cardRetry = kind === 'failed' && payment.recurring && payment.method === 'creditcard'

  return (
    <Wrap width={680}>
      <Panel>
        <Center data-testid="payment-result" data-status={payment.status}>
          <Icon kind={kind} aria-hidden="true">
            {kind === 'processing' ? <Spinner /> : kind === 'completed' ? '✓' : '!'}
          </Icon>
          {kind === 'processing' && (
            <>
              <Heading>{t('transactions.processing_title')}</Heading>
              <p role="status">{t(payment.status === 'open' ? 'transactions.open_body' : 'transactions.processing_body')}</p>
            </>
          )}
          {kind === 'completed' && (
            <>
              <Heading>{t('transactions.completed_title')}</Heading>
              <p>{t('transactions.completed_body', { count: payment.credits })}</p>
              <p data-testid="result-balance">{t('credits_page.balance', { count: payment.balance })}</p>
              {payment.paid_user && <p>{t('transactions.premium_now')}</p>}
            </>
          )}
          {kind === 'failed' && (
            <>
              <Heading>{t('transactions.failed_title')}</Heading>
              <p>{t(`transactions.failed_body_${payment.status}`)}</p>
              <p>{t(cardRetry ? 'transactions.card_retry_body' : 'transactions.retry_body')}</p>
            </>
          )}
          {kind === 'reversed' && (
            <>
              <Heading>{t(`transactions.status.${payment.status}`)}</Heading>
              <p>{t('transactions.reversed_body')}</p>
            </>
          )}
          <Actions>
            {kind === 'completed' && returnTo && (
              <ButtonLink href={returnTo} data-testid="back-to-conversation">
                {t(returnTo.startsWith('/chats') || returnTo.includes('/chat') ? 'transactions.back_to_chat' : 'transactions.back_to_page')}
              </ButtonLink>
            )}
            {kind === 'completed' && !returnTo && <ButtonLink href="/members">{t('transactions.to_members')}</ButtonLink>}
            {kind === 'failed' && cardRetry && (
              <>
                <ButtonLink href={retryHref(payment.bundle_id, 'creditcard', returnTo)}>{t('transactions.retry_card')}</ButtonLink>
                {methods?.includes('paypal') && (
                  <ButtonLink href={retryHref(payment.bundle_id, 'paypal', returnTo)} variant="ghost">
                    {t('transactions.pay_with_paypal')}
                  </ButtonLink>
                )}
              </>
            )}
            {kind === 'failed' && !cardRetry && (
              <ButtonLink href={retryHref(payment.bundle_id, null, returnTo)} data-testid="retry-payment">
                {t('transactions.retry_other_method')}
              </ButtonLink>
            )}
            {kind === 'processing' && (
              <Button type="button" variant="ghost" onClick={() => loadPayment(first.payment_id).then(setPayment, () => undefined)}>
                {t('transactions.check_again')}
              </Button>
            )}
            <ButtonLink href="/transactions" variant="ghost">
              {t('transactions.all')}
            </ButtonLink>
          </Actions>
          <Facts>
            <dt>{t('transactions.columns.id')}</dt>
            <dd>{payment.payment_id}</dd>
            <dt>{t('transactions.columns.credits')}</dt>
            <dd>{payment.credits}</dd>
            <dt>{t('transactions.columns.amount')}</dt>
            <dd>{amount}</dd>
            <dt>{t('transactions.columns.method')}</dt>
            <dd>{methodName(payment.method)}</dd>
            <dt>{t('transactions.columns.status')}</dt>
            <dd data-testid="result-status">{t(`transactions.status.${payment.status}`)}</dd>
            <dt>{t('transactions.columns.date')}</dt>
            <dd>{formatDateTime(payment.created_at, lng)}</dd>
          </Facts>
        </Center>
      </Panel>
      {toast && (
        <Toast onClose={closeToast} closeLabel={t('common.close')}>
          {t('transactions.toast', { count: payment.credits })}
        </Toast>
      )}
    </Wrap>
  )
}

/** Back to the bundle's payment page, with a method chosen or not, keeping the way back. */
function retryHref(bundleId: string, method: PaymentMethod | null, returnTo: string | undefined): string {
  const base = `/credits/${encodeURIComponent(bundleId)}${method ? `/${method}` : ''}`
  return returnTo ? `${base}?return=${encodeURIComponent(returnTo)}` : base
}

const List = styled.ul({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 })
const Item = styled.a(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gap: '4px 12px',
  alignItems: 'center',
  padding: '12px 14px',
  borderRadius: 12,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.text,
  textDecoration: 'none',
  // The border only: the muted line does not reach AA on primarySoft.
  '&:hover': { borderColor: theme.colors.primary },
  '.main': { display: 'flex', flexDirection: 'column', minWidth: 0 },
  '.main strong': { fontSize: 16 },
  '.main span': { fontSize: 13, color: theme.colors.muted },
  '.right': { textAlign: 'right', display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4 },
  '.amount': { fontWeight: 800 },
}))
const Status = styled.span<{ kind: ResultKind }>(({ theme, kind }) => ({
  fontSize: 12,
  fontWeight: 800,
  padding: '2px 8px',
  borderRadius: 999,
  // White reads on success and danger; on the secondary colours only onSecondary does (a theme contrast pair).
  color: kind === 'processing' ? theme.colors.onSecondary : '#fff',
  background: kind === 'completed' ? theme.colors.success : kind === 'processing' ? theme.colors.secondaryDark : theme.colors.danger,
}))
const Empty = styled.div(({ theme }) => ({ textAlign: 'center', padding: '32px 16px', color: theme.colors.muted, p: { margin: '0 0 16px' } }))

/** /transactions: the member's payments, newest first, each leading to its result page. */
export function TransactionsPage() {
  const { t } = useTranslation()
  const { lng } = usePageContext()
  const { user } = useSession()
  const data = useData<TransactionsPageData>()
  const methodName = useMethodName()
  if (!user || !data.transactions) return <LoginRequired title={t('transactions.title')} message={t('transactions.login_required')} />
  return (
    <Wrap width={760}>
      <Heading>{t('transactions.title')}</Heading>
      {data.transactions.length === 0 ? (
        <Panel>
          <Empty>
            <p>{t('transactions.empty')}</p>
            <ButtonLink href="/credits">{t('transactions.buy')}</ButtonLink>
          </Empty>
        </Panel>
      ) : (
        <List data-testid="transactions">
          {data.transactions.map((tx) => (
            <li key={tx.payment_id}>
              <Item href={`/transactions/${tx.payment_id}`} data-testid="transaction" aria-label={t('transactions.item_label', { id: tx.payment_id })}>
                <MethodMark method={tx.method} />
                <span className="main">
                  <strong>{t('checkout.bundle_credits', { count: tx.credits })}</strong>
                  <span>
                    #{tx.payment_id} · {methodName(tx.method)} · <time dateTime={tx.created_at}>{formatDateTime(tx.created_at, lng)}</time>
                  </span>
                </span>
                <span className="right">
                  <span className="amount">{formatMoney(tx.amount_cents, tx.currency, lng)}</span>
                  <Status kind={resultKind(tx.status)}>{t(`transactions.status.${tx.status}`)}</Status>
                </span>
              </Item>
            </li>
          ))}
        </List>
      )}
      {/* The empty list's panel has the button already. */}
      {data.transactions.length > 0 && (
        <p style={{ marginTop: 20 }}>
          <a href="/credits">{t('transactions.buy')}</a>
        </p>
      )}
    </Wrap>
  )
}
