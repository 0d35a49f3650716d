// /credits/repeat-order: the last paid bundle with the last method again, in one step (confirm, then pay).
import { useState } from 'react'
import { navigate } from 'vike/client/router'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { Button, ButtonLink } from '../../ui/button'
import { Alert } from '../../ui/form'
import { LoginRequired } from '../../ui/login-required'
import { Heading, Panel, Wrap } from './payment-ui'
import { MethodMark, useMethodName } from './method-badge'
import { formatMoney } from './format'
import { repeatOrder } from './payments-api'
import type { RepeatOrderPageData } from './page-data.server'

const Line = styled.div({ display: 'flex', alignItems: 'center', gap: 14, margin: '8px 0 20px', strong: { fontSize: 20, display: 'block' } })
const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 10 })

export function RepeatOrderPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  if (!user) return <LoginRequired title={t('repeat_order.title')} message={t('checkout.login_required')} />
  return <Repeat />
}

function Repeat() {
  const { t } = useTranslation()
  const { lng } = usePageContext()
  const methodName = useMethodName()
  const { order } = useData<RepeatOrderPageData>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const created = await repeatOrder()
      window.location.href = created.checkout_url
    } catch (err) {
      setBusy(false)
      if (err instanceof SilentAbort) return
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    }
  }

  return (
    <Wrap width={620}>
      <Heading>{t('repeat_order.title')}</Heading>
      <Panel data-testid="repeat-order">
        {error && <Alert role="alert">{error}</Alert>}
        {!order && (
          <>
            <p>{t('repeat_order.none')}</p>
            <ButtonLink href="/credits">{t('repeat_order.choose')}</ButtonLink>
          </>
        )}
        {order && (
          <>
            <p>{t('repeat_order.intro')}</p>
            <Line>
              <MethodMark method={order.method} />
              <span>
                <strong>{t('checkout.bundle_credits', { count: order.credits })}</strong>
                {formatMoney(order.amount_cents, order.currency, lng)} · {methodName(order.method)}
              </span>
            </Line>
            <Actions>
              <Button type="button" onClick={confirm} disabled={busy} data-testid="repeat-confirm">
                {busy ? t('checkout.paying') : t('repeat_order.confirm', { amount: formatMoney(order.amount_cents, order.currency, lng) })}
              </Button>
              <Button type="button" variant="ghost" onClick={() => void navigate(`/credits/${encodeURIComponent(order.bundle_id)}`)}>
                {t('repeat_order.other_method')}
              </Button>
            </Actions>
          </>
        )}
      </Panel>
    </Wrap>
  )
}
