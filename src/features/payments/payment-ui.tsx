// Pieces the payment pages share: the page frame, the bundle card in its package colour, the fictional warning,
// the visitor's call to sign up and the time bonus line.
import type { ReactNode } from 'react'
import { useTheme } from '@emotion/react'
import { useStoreSnapshot } from '../../shared/store'
import { shade } from 'polished'
import styled from '../../ui/styled'
import { bandColour } from '../../../themes/contrast'
import { useTranslation } from '../../shared/use-translation'
import { ButtonLink } from '../../ui/button'
import type { Bundle } from './contracts'
import { formatCountdown, formatMoney, formatPerCredit } from './format'
import { timeBonus } from './time-bonus-store'

export const Wrap = styled.div<{ width?: number }>(({ theme, width = 1100 }) => ({
  maxWidth: width,
  margin: '0 auto',
  padding: '16px 12px 48px',
  [theme.mq.md]: { padding: '28px 16px 64px' },
}))

export const Heading = styled.h1(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 26, margin: '0 0 8px', [theme.mq.md]: { fontSize: 34 } }))
export const Lead = styled.p(({ theme }) => ({ color: theme.colors.muted, fontSize: 16, margin: '0 0 20px', maxWidth: 680 }))

export const Panel = styled.section(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 4px 18px rgba(0,0,0,0.06)',
  padding: '20px 16px',
  marginBottom: 16,
  [theme.mq.md]: { padding: '28px 32px' },
  h2: { margin: '0 0 12px', fontSize: 20, color: theme.colors.primaryDark },
}))

const Grid = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 14,
  gridTemplateColumns: '1fr',
  margin: '8px 0 20px',
  [theme.mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' },
}))

const Card = styled.article<{ colour: string; highlighted: boolean }>(({ theme, colour, highlighted }) => ({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  background: theme.colors.surface,
  borderRadius: theme.radius + 4,
  border: `2px solid ${highlighted ? colour : theme.colors.border}`,
  boxShadow: highlighted ? `0 10px 30px ${colour}55` : '0 4px 14px rgba(0,0,0,0.06)',
  overflow: 'hidden',
  [theme.mq.lg]: { transform: highlighted ? 'translateY(-6px)' : undefined },
}))

const Band = styled.div<{ colour: string }>(({ colour }) => ({
  background: `linear-gradient(135deg, ${bandColour(colour)}, ${shade(0.12, bandColour(colour))})`,
  color: '#fff',
  textAlign: 'center',
  padding: '18px 12px 14px',
  textShadow: '0 1px 2px rgba(0,0,0,0.25)',
  strong: { display: 'block', fontSize: 40, lineHeight: 1.05, fontWeight: 800 },
  '.unit': { fontSize: 15, fontWeight: 700, textTransform: 'uppercase', letterSpacing: 1 },
}))
const Ribbon = styled.span(({ theme }) => ({
  display: 'inline-block',
  marginBottom: 6,
  textShadow: 'none',
  textTransform: 'none',
  letterSpacing: 0,
  background: theme.colors.secondary,
  color: theme.colors.onSecondary,
  fontSize: 12,
  fontWeight: 800,
  padding: '3px 10px',
  borderRadius: 999,
  boxShadow: '0 2px 6px rgba(0,0,0,0.2)',
}))
const Body = styled.div(({ theme }) => ({
  padding: '14px 16px 16px',
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  flex: 1,
  textAlign: 'center',
  '.price': { fontSize: 26, fontWeight: 800, color: theme.colors.text },
  '.per': { fontSize: 14, color: theme.colors.muted, marginBottom: 12 },
  a: { marginTop: 'auto' },
}))

/** One credit bundle in its package colour (index 0 to 3 of the theme), with a link to choose it. */
export function BundleCard({ bundle, href, cta, lng }: { bundle: Bundle; href?: string; cta: string; lng: string }) {
  const { t } = useTranslation()
  const packages = useThemePackages()
  const colour = packages[bundle.colour_index] ?? packages[0]
  return (
    <Card colour={colour} highlighted={bundle.highlighted} data-testid="bundle" data-bundle={bundle.id} data-colour-index={bundle.colour_index}>
      <Band colour={colour}>
        {bundle.highlighted && <Ribbon>{t('credits_page.popular')}</Ribbon>}
        <strong>{bundle.credits}</strong>
        <span className="unit">{t('credits_page.credits_unit')}</span>
      </Band>
      <Body>
        <div className="price">{formatMoney(bundle.amount_cents, bundle.currency, lng)}</div>
        <div className="per">{t('credits_page.per_credit', { price: formatPerCredit(bundle.price_per_credit_cents, bundle.currency, lng) })}</div>
        {href && (
          <ButtonLink href={href} variant={bundle.highlighted ? 'primary' : 'ghost'} aria-label={t('credits_page.choose_label', { count: bundle.credits })}>
            {cta}
          </ButtonLink>
        )}
      </Body>
    </Card>
  )
}

function useThemePackages(): readonly string[] {
  return useTheme().packages
}

export function BundleGrid({ children }: { children: ReactNode }) {
  return <Grid data-testid="bundles">{children}</Grid>
}

const Note = styled.p(({ theme }) => ({
  display: 'flex',
  gap: 10,
  alignItems: 'flex-start',
  margin: '0 0 16px',
  padding: '12px 14px',
  borderRadius: 10,
  background: '#fff8e1',
  border: `1px solid ${theme.colors.warning}`,
  color: theme.colors.text,
  fontSize: 15,
}))

/** The notice that the site has fictional profiles, shown before any purchase where the tenant's pool has them. */
export function FictionalNotice({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <Note role="note" data-testid="fictional-notice">
      <span aria-hidden="true">⚠️</span>
      <span>{text}</span>
    </Note>
  )
}

const Bonus = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  alignItems: 'center',
  margin: '0 0 16px',
  padding: '12px 16px',
  borderRadius: 12,
  background: `linear-gradient(90deg, ${theme.colors.secondary}, ${theme.colors.primary})`,
  color: '#fff',
  fontWeight: 700,
  textShadow: '0 1px 2px rgba(0,0,0,0.25)',
  time: { fontVariantNumeric: 'tabular-nums', fontSize: 18, background: 'rgba(0,0,0,0.2)', padding: '2px 8px', borderRadius: 8 },
}))

/** The time bonus as a line on the credits pages: 25% and the countdown (nothing when there is none). */
export function TimeBonusLine() {
  const { t } = useTranslation()
  const bonus = useStoreSnapshot(timeBonus)
  if (!bonus.isVisible) return null
  return (
    <Bonus data-testid="time-bonus-line">
      <span>{t('time_bonus.line', { percentage: bonus.percentage })}</span>
      <time data-testid="time-bonus-countdown">{formatCountdown(bonus.secondsLeft)}</time>
    </Bonus>
  )
}

const Cta = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  alignItems: 'center',
  padding: '16px',
  borderRadius: theme.radius,
  background: theme.colors.primarySoft,
  border: `1px solid ${theme.colors.border}`,
  marginBottom: 20,
  p: { margin: 0, flex: '1 1 260px', fontWeight: 600 },
}))

/** A visitor's way in: sign up for free or log in, then buy. */
export function SignupCall() {
  const { t } = useTranslation()
  return (
    <Cta data-testid="signup-call">
      <p>{t('credits_page.visitor_call')}</p>
      <ButtonLink href="/signup">{t('nav.signup')}</ButtonLink>
      <ButtonLink href="/login" variant="ghost">
        {t('nav.login')}
      </ButtonLink>
    </Cta>
  )
}
