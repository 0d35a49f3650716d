// /credits, /pricing and /premium: the tenant's bundles in their package colours, the premium promise, and the
// fictional warning before any purchase. /pricing and /premium work for visitors too (with a call to sign up).
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { ButtonLink } from '../../ui/button'
import { BackButton } from '../../ui/back-button'
import { BundleCard, BundleGrid, FictionalNotice, Heading, Lead, Panel, SignupCall, TimeBonusLine, Wrap } from './payment-ui'
import { withReturn } from './return-path'
import { formatMoney } from './format'
import type { CreditsPageData } from './page-data.server'

/** The address of a bundle's payment page, carrying the way back and a handed-over code. */
export function bundleHref(id: string, data: Pick<CreditsPageData, 'returnTo' | 'code'>): string {
  const href = data.code ? `/credits/${encodeURIComponent(id)}?code=${encodeURIComponent(data.code)}` : `/credits/${encodeURIComponent(id)}`
  return withReturn(href, data.returnTo ?? undefined)
}

const Balance = styled.p(({ theme }) => ({
  // Two unbreakable parts that wrap as wholes on a phone: a long German or French balance line otherwise left the
  // separator dangling beside a broken line.
  display: 'inline-flex',
  flexWrap: 'wrap',
  columnGap: 6,
  rowGap: 2,
  alignItems: 'center',
  '& > span': { whiteSpace: 'nowrap' },
  margin: '0 0 16px',
  padding: '6px 14px',
  borderRadius: 999,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  fontWeight: 700,
}))
const Small = styled.p(({ theme }) => ({ color: theme.colors.muted, fontSize: 14, margin: '4px 0' }))
const Links = styled.p({ display: 'flex', gap: 16, flexWrap: 'wrap', margin: '8px 0 0' })
const CodeNote = styled.p(({ theme }) => ({ margin: '0 0 16px', padding: '10px 14px', borderRadius: 10, background: theme.colors.primarySoft, fontWeight: 600 }))

function Bundles({ cta }: { cta: string }) {
  const data = useData<CreditsPageData>()
  const { user } = useSession()
  const { lng } = usePageContext()
  return (
    <BundleGrid>
      {data.credits.bundles.map((b) => (
        <BundleCard key={b.id} bundle={b} lng={lng} cta={cta} href={user ? bundleHref(b.id, data) : undefined} />
      ))}
    </BundleGrid>
  )
}

function Footnotes() {
  const { t } = useTranslation()
  const data = useData<CreditsPageData>()
  const { user } = useSession()
  return (
    <>
      <Small>{t('credits_page.refund', { count: data.credits.refund_days })}</Small>
      <Small>{t('credits_page.costs_note')}</Small>
      {user && (
        <Links>
          <a href="/transactions">{t('transactions.link')}</a>
          {user.paid_user && <a href="/credits/repeat-order">{t('repeat_order.link')}</a>}
          {data.credits.methods.includes('sdd') && <a href="/directdebit">{t('direct_debit.link')}</a>}
        </Links>
      )}
    </>
  )
}

/** /credits (and, with its own heading, /pricing). */
export function CreditsPage({ pricing = false }: { pricing?: boolean }) {
  const { t } = useTranslation()
  const data = useData<CreditsPageData>()
  const { user } = useSession()
  return (
    <Wrap>
      <BackButton />
      <Heading>{t(pricing ? 'credits_page.pricing_title' : 'credits_page.title')}</Heading>
      <Lead>{t('credits_page.intro')}</Lead>
      {user && (
        <Balance data-testid="credits-balance">
          <span>{t('credits_page.balance', { count: user.credits })}</span>
          {user.paid_user && <span>· {t('premium_page.you_are_premium_short')}</span>}
        </Balance>
      )}
      {!user && <SignupCall />}
      {user && <TimeBonusLine />}
      {user && data.code && <CodeNote data-testid="handed-code">{t('credits_page.code_ready', { code: data.code })}</CodeNote>}
      <FictionalNotice text={data.credits.fictional_notice} />
      <Bundles cta={t('credits_page.choose')} />
      <Footnotes />
    </Wrap>
  )
}

export function PricingPage() {
  return <CreditsPage pricing />
}

const PromiseList = styled.ul(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: '0 0 20px',
  display: 'grid',
  gap: 10,
  li: { display: 'flex', gap: 12, alignItems: 'center', fontSize: 17, fontWeight: 600 },
  'li > span:first-of-type': {
    flex: '0 0 36px',
    height: 36,
    borderRadius: '50%',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: theme.colors.primarySoft,
    color: theme.colors.primaryDark,
    fontSize: 18,
  },
}))
const PremiumLayout = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  [theme.mq.md]: { gridTemplateColumns: '1.3fr 1fr' },
}))
const Done = styled.p(({ theme }) => ({ padding: '12px 16px', borderRadius: 10, background: '#e8f5e9', color: theme.colors.success, fontWeight: 700, margin: '0 0 16px' }))

/** /premium: the premium package and its promise, with a buy button. */
export function PremiumPage() {
  const { t } = useTranslation()
  const data = useData<CreditsPageData>()
  const { user } = useSession()
  const { lng } = usePageContext()
  const bundle = data.credits.bundles.find((b) => b.id === data.credits.premium_bundle) ?? data.credits.bundles[0]
  return (
    <Wrap width={980}>
      <Heading>{t('premium_page.title')}</Heading>
      <Lead>{t('premium_page.intro')}</Lead>
      {user?.paid_user && <Done data-testid="premium-state">{t('premium_page.you_are_premium')}</Done>}
      {!user && <SignupCall />}
      {/* The time bonus shows as the members area's banner here (/premium is part of it). */}
      <PremiumLayout>
        <Panel>
          <h2>{t('premium_page.promise_title')}</h2>
          <PromiseList data-testid="premium-promise">
            <li>
              <span aria-hidden="true">♥</span>
              <span>{t('premium_page.promise_match', { percent: 46 })}</span>
            </li>
            <li>
              <span aria-hidden="true">✓</span>
              <span>{t('premium_page.promise_photos')}</span>
            </li>
            <li>
              <span aria-hidden="true">✓</span>
              <span>{t('premium_page.promise_uploads', { count: 25 })}</span>
            </li>
            <li>
              <span aria-hidden="true">✓</span>
              <span>{t('premium_page.promise_chats')}</span>
            </li>
          </PromiseList>
          <FictionalNotice text={data.credits.fictional_notice} />
          {user && (
            <ButtonLink href={bundleHref(bundle.id, data)} data-testid="premium-buy">
              {/* A premium member buys more of the same bundle; "become premium" is for the others. */}
              {t(user.paid_user ? 'premium_page.buy_more' : 'premium_page.buy', { count: bundle.credits, price: formatMoney(bundle.amount_cents, bundle.currency, lng) })}
            </ButtonLink>
          )}
        </Panel>
        <BundleCard bundle={bundle} lng={lng} cta={t('credits_page.choose')} href={user ? bundleHref(bundle.id, data) : undefined} />
      </PremiumLayout>
      <Links>
        <a href="/credits">{t('premium_page.all_bundles')}</a>
      </Links>
    </Wrap>
  )
}
