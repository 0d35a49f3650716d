import { useTranslation } from '../../shared/use-translation'
import { labelInSentence } from '../../shared/label-in-sentence'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'
import { useOpenSignup } from '../accounts'

const Hero = styled.section(({ theme }) => ({
  position: 'relative',
  overflow: 'hidden',
  // White on a gradient that starts dark: readable on every tenant colour.
  color: '#ffffff',
  textShadow: '0 1px 2px rgba(0,0,0,0.25)',
  background: `linear-gradient(135deg, ${theme.colors.primaryDeep} 0%, ${theme.colors.primaryDark} 45%, ${theme.colors.primary} 100%)`,
  padding: '48px 16px 64px',
  [theme.mq.md]: { padding: '88px 16px 104px' },
}))

const HeroInner = styled.div({ position: 'relative', maxWidth: 1100, margin: '0 auto', zIndex: 1 })

const Tagline = styled.p(({ theme }) => ({
  display: 'inline-block',
  margin: 0,
  padding: '4px 14px',
  borderRadius: 999,
  background: 'rgba(255,255,255,0.18)',
  fontWeight: 700,
  fontSize: 14,
  letterSpacing: 0.4,
  textTransform: 'uppercase',
  color: '#ffffff',
  border: `1px solid ${theme.colors.secondary}`,
}))

const Headline = styled.h1(({ theme }) => ({
  fontSize: 34,
  margin: '16px 0 12px',
  maxWidth: 720,
  letterSpacing: -0.5,
  [theme.mq.md]: { fontSize: 52 },
}))

const Lead = styled.p(({ theme }) => ({ fontSize: 18, maxWidth: 620, margin: '0 0 28px', opacity: 0.95, [theme.mq.md]: { fontSize: 20 } }))

const Actions = styled.div({ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' })

const Decoration = styled.div(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  color: 'rgba(255,255,255,0.14)',
  svg: { position: 'absolute' },
  [theme.mq.md]: {},
}))

const Section = styled.section({ maxWidth: 1100, margin: '0 auto', padding: '48px 16px' })
const SectionTitle = styled.h2(({ theme }) => ({ fontSize: 28, textAlign: 'center', margin: '0 0 28px', color: theme.colors.primaryDark }))

const Cards = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: '1fr',
  [theme.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)', gap: 24 },
}))

const FeatureCard = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius,
  padding: 24,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 6px 20px rgba(0,0,0,0.05)',
  h3: { margin: '12px 0 8px', color: theme.colors.text },
  p: { margin: 0, color: theme.colors.muted },
}))

const Icon = styled.span(({ theme }) => ({
  display: 'inline-flex',
  width: 44,
  height: 44,
  borderRadius: 12,
  alignItems: 'center',
  justifyContent: 'center',
  background: theme.colors.primarySoft,
  color: theme.colors.primary,
  fontSize: 22,
  fontWeight: 800,
}))

const Steps = styled.ol(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: 16,
  [theme.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  li: {
    display: 'flex',
    gap: 14,
    alignItems: 'center',
    background: theme.colors.surface,
    borderRadius: theme.radius,
    padding: '16px 18px',
    border: `1px solid ${theme.colors.border}`,
    fontWeight: 600,
  },
}))

const StepNumber = styled.span(({ theme }) => ({
  flex: '0 0 36px',
  height: 36,
  borderRadius: '50%',
  background: theme.colors.secondary,
  color: theme.colors.onSecondary,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 800,
}))

const Closing = styled.section(({ theme }) => ({
  textAlign: 'center',
  padding: '40px 16px 56px',
  background: theme.colors.primarySoft,
  h2: { margin: '0 0 20px', color: theme.colors.primaryDark },
}))

// On the closing band's soft primary background: the body text colour (muted grey falls below 4.5:1 on the pinker themes).
const Note = styled.p(({ theme }) => ({ color: theme.colors.text, fontSize: 14, margin: '20px auto 0', maxWidth: 640 }))

const HEARTS = [
  { left: '72%', top: '8%', size: 180 },
  { left: '86%', top: '52%', size: 110 },
  { left: '58%', top: '62%', size: 70 },
  { left: '4%', top: '78%', size: 60 },
]

export function LandingPage() {
  const { t } = useTranslation()
  const { tenant, lng } = usePageContext()
  const { user } = useSession()
  const openSignup = useOpenSignup()
  const s = tenant.settings
  return (
    <>
      <Hero data-testid="hero">
        <Decoration aria-hidden="true">
          {HEARTS.map((h, i) => (
            <span key={i} style={{ position: 'absolute', left: h.left, top: h.top }}>
              <Heart size={h.size} />
            </span>
          ))}
        </Decoration>
        <HeroInner>
          <Tagline>{t(`landing.niche.${s.niche}`)}</Tagline>
          <Headline>{tenant.pitch.headline}</Headline>
          <Lead>{tenant.pitch.body}</Lead>
          {user ? (
            <Lead>{t('login.logged_in_as', { name: user.profile?.name ?? user.email })}</Lead>
          ) : (
            <Actions>
              <ButtonLink href="/signup" onClick={openSignup} variant="secondary" data-testid="cta" style={{ minHeight: 52, fontSize: 18, padding: '0 28px' }}>
                {tenant.pitch.cta}
              </ButtonLink>
              <span>
                {t('landing.already_member')}{' '}
                <a href="/login" style={{ color: 'inherit', fontWeight: 700 }}>
                  {t('nav.login')}
                </a>
              </span>
            </Actions>
          )}
        </HeroInner>
      </Hero>
      <Section>
        <SectionTitle>{t('landing.why_title', { site: s.name })}</SectionTitle>
        <Cards>
          <FeatureCard>
            <Icon>€</Icon>
            <h3>{t('landing.why_free_title')}</h3>
            <p>{t('landing.why_free_body', { credits: s.signup_credits })}</p>
          </FeatureCard>
          <FeatureCard>
            <Icon>✓</Icon>
            <h3>{t('landing.why_safe_title')}</h3>
            <p>{t('landing.why_safe_body')}</p>
          </FeatureCard>
          <FeatureCard>
            <Icon>
              <Heart size={22} />
            </Icon>
            <h3>{t('landing.why_match_title')}</h3>
            <p>{t('landing.why_match_body')}</p>
          </FeatureCard>
        </Cards>
      </Section>
      <Section style={{ paddingTop: 0 }}>
        <SectionTitle>{t('landing.how_title')}</SectionTitle>
        <Steps>
          {(['how_1', 'how_2', 'how_3'] as const).map((k, i) => (
            <li key={k}>
              <StepNumber>{i + 1}</StepNumber>
              {t(`landing.${k}`)}
            </li>
          ))}
        </Steps>
      </Section>
      {!user && (
        <Closing>
          <h2>{t('landing.cta_again')}</h2>
          <ButtonLink href="/signup" onClick={openSignup}>
            {tenant.pitch.cta}
          </ButtonLink>
          <Note>{t('landing.fictional_note', { site: s.name, fictional_plural: labelInSentence(s.fictional_plural, lng) })}</Note>
        </Closing>
      )}
    </>
  )
}
