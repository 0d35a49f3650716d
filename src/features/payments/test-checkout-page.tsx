// /checkout/test/{payment_id}: the hosted checkout of the built-in test provider. It plays the provider's part in
// the demo: the payer picks what happens (paid, failed, cancelled, expired, open), the provider then notifies the
// site's webhook, and the payer goes to the site's result page. Clearly marked as a test page of this site.
import { useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { HttpError } from '../../shared/http'
import { Button, ButtonLink } from '../../ui/button'
import { Alert } from '../../ui/form'
import { MethodMark, useMethodName } from './method-badge'
import { formatMoney } from './format'
import { submitTestCheckout, type TestOutcome } from './payments-api'
import type { TestCheckoutPageData } from './page-data.server'

const Stripe = styled.div(({ theme }) => ({
  background: `repeating-linear-gradient(45deg, ${theme.colors.secondary}, ${theme.colors.secondary} 14px, ${theme.colors.secondaryDark} 14px, ${theme.colors.secondaryDark} 28px)`,
  color: theme.colors.onSecondary,
  textAlign: 'center',
  fontWeight: 800,
  letterSpacing: 1,
  padding: '8px 12px',
  textTransform: 'uppercase',
  fontSize: 13,
  span: { background: theme.colors.secondary, padding: '2px 8px', borderRadius: 6 },
}))
const Box = styled.div(({ theme }) => ({
  maxWidth: 520,
  margin: '24px auto 48px',
  padding: '0 12px',
  [theme.mq.md]: { marginTop: 48 },
}))
const Card = styled.section(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius + 4,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 12px 40px rgba(0,0,0,0.12)',
  overflow: 'hidden',
}))
const Head = styled.header(({ theme }) => ({
  padding: '16px 20px',
  background: theme.colors.primary,
  color: theme.colors.onPrimary,
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  strong: { fontSize: 20 },
  span: { fontSize: 13 },
}))
const Inner = styled.div({ padding: '20px' })
const Amount = styled.p(({ theme }) => ({ fontSize: 34, fontWeight: 800, margin: '0 0 4px', color: theme.colors.text }))
const Row = styled.div({ display: 'flex', alignItems: 'center', gap: 12, margin: '12px 0 20px', fontWeight: 600 })
const Outcomes = styled.div({ display: 'grid', gap: 10 })
const Muted = styled.p(({ theme }) => ({ color: theme.colors.muted, fontSize: 14, margin: '0 0 12px' }))

const OUTCOMES: readonly TestOutcome[] = ['paid', 'failed', 'cancelled', 'expired', 'open']

export function TestCheckoutPage() {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  const { checkout } = useData<TestCheckoutPageData>()
  const methodName = useMethodName()
  const [busy, setBusy] = useState<TestOutcome | null>(null)
  const [error, setError] = useState<string>()
  const open = checkout.status === 'open'

  const choose = async (outcome: TestOutcome) => {
    setBusy(outcome)
    setError(undefined)
    try {
      const result = await submitTestCheckout(checkout.payment_id, outcome)
      window.location.href = result.redirect_url
    } catch (err) {
      setBusy(null)
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    }
  }

  return (
    <>
      <Stripe role="note" data-testid="test-checkout-banner">
        <span>{t('test_checkout.banner', { site: tenant.settings.name })}</span>
      </Stripe>
      <Box>
        <Card>
          <Head>
            <strong>{tenant.settings.name}</strong>
            <span>{t('test_checkout.provider')}</span>
          </Head>
          <Inner>
            <Muted>{checkout.description}</Muted>
            <Amount data-testid="test-checkout-amount">{formatMoney(checkout.amount_cents, checkout.currency, lng)}</Amount>
            <Row>
              <MethodMark method={checkout.method} />
              <span data-testid="test-checkout-method">{methodName(checkout.method)}</span>
            </Row>
            <Muted>{t('test_checkout.explain')}</Muted>
            {error && <Alert role="alert">{error}</Alert>}
            {open ? (
              <Outcomes data-testid="test-checkout-outcomes">
                {OUTCOMES.map((o) => (
                  <Button key={o} type="button" block variant={o === 'paid' ? 'primary' : 'ghost'} disabled={busy !== null} onClick={() => choose(o)}>
                    {busy === o ? t('test_checkout.busy') : t(`test_checkout.outcomes.${o}`)}
                  </Button>
                ))}
              </Outcomes>
            ) : (
              <>
                <Alert tone="info">{t('test_checkout.already', { status: t(`transactions.status.${checkout.status}`) })}</Alert>
                <ButtonLink href={checkout.redirect_url} block>
                  {t('test_checkout.back_to_site', { site: tenant.settings.name })}
                </ButtonLink>
              </>
            )}
          </Inner>
        </Card>
      </Box>
    </>
  )
}
