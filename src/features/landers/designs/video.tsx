// /landers/video: an incoming live video call. The caller's photo fills the screen behind pulsing rings and a
// sound wave (CSS animation); answering the call is the signup.
import styled from '../../../ui/styled'
import { FictionalLabel } from '../../../ui/member-card'
import { FictionalNote, LanderCta, LoginLine, MemberTile, OnlineDot, Portrait, useLander, usePlaceOf, useSignupLink } from '../lander-kit'

const Wrap = styled.div(({ theme }) => ({ background: `linear-gradient(160deg, #111 0%, ${theme.colors.primaryDeep} 100%)`, color: '#fff', padding: '24px 12px 40px', [theme.mq.md]: { padding: '48px 24px 64px' } }))
const Grid = styled.div(({ theme }) => ({ maxWidth: 1080, margin: '0 auto', display: 'grid', gap: 24, alignItems: 'center', [theme.mq.md]: { gridTemplateColumns: 'minmax(0, 1fr) 360px', gap: 48 } }))
const Phone = styled.div(({ theme }) => ({
  position: 'relative',
  width: '100%',
  maxWidth: 360,
  margin: '0 auto',
  aspectRatio: '9 / 16',
  maxHeight: '74vh',
  borderRadius: 36,
  overflow: 'hidden',
  border: '8px solid #1d1d1f',
  boxShadow: `0 30px 80px rgba(0,0,0,0.55), 0 0 0 2px ${theme.colors.primary}`,
  background: '#000',
  gridRow: 1,
  [theme.mq.md]: { gridColumn: 2 },
  '> div:first-of-type': { position: 'absolute', inset: 0, height: '100%', aspectRatio: 'auto', filter: 'saturate(1.1)' },
  '> div:first-of-type > [data-testid="photo-lock"]': { display: 'none' },
}))
const CallUi = styled.div({ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'space-between', padding: '28px 16px 26px', background: 'linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.05) 40%, rgba(0,0,0,0.7))', zIndex: 2 })
const Ring = styled.div({
  position: 'relative',
  width: 96,
  height: 96,
  borderRadius: '50%',
  '&::before, &::after': { content: '""', position: 'absolute', inset: 0, borderRadius: '50%', border: '2px solid rgba(255,255,255,0.7)', animation: 'lander-ring 2s ease-out infinite' },
  '&::after': { animationDelay: '1s' },
  '@keyframes lander-ring': { from: { transform: 'scale(1)', opacity: 0.9 }, to: { transform: 'scale(1.9)', opacity: 0 } },
  '> div': { borderRadius: '50%', overflow: 'hidden', border: '3px solid #fff', width: '100%', height: '100%' },
})
const Wave = styled.div({
  display: 'flex',
  gap: 4,
  alignItems: 'center',
  height: 28,
  span: { width: 4, borderRadius: 2, background: '#fff', animation: 'lander-wave 1s ease-in-out infinite' },
  '@keyframes lander-wave': { '0%, 100%': { height: 6 }, '50%': { height: 26 } },
})
const Buttons = styled.div({ display: 'flex', gap: 56 })
const Round = styled.a<{ tone: 'accept' | 'decline' }>(({ tone }) => ({
  width: 64,
  height: 64,
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: tone === 'accept' ? '#2ecc71' : '#ff3b30',
  color: '#fff',
  boxShadow: '0 8px 20px rgba(0,0,0,0.4)',
  animation: tone === 'accept' ? 'lander-shake 1.6s ease-in-out infinite' : undefined,
  '@keyframes lander-shake': { '0%, 60%, 100%': { transform: 'rotate(0)' }, '70%': { transform: 'rotate(-14deg)' }, '80%': { transform: 'rotate(14deg)' }, '90%': { transform: 'rotate(-8deg)' } },
}))
/** A deeper red than the decline button's: white text on it reads at 5.4:1 (WCAG AA). */
const Live = styled.span({ display: 'inline-flex', alignItems: 'center', gap: 6, padding: '4px 12px', borderRadius: 6, background: '#d70015', fontWeight: 800, fontSize: 13, letterSpacing: 1, textTransform: 'uppercase' })
const Title = styled.h1(({ theme }) => ({ fontSize: 32, lineHeight: 1.12, margin: '14px 0 12px', [theme.mq.md]: { fontSize: 50 } }))
const More = styled.div(({ theme }) => ({ display: 'grid', gap: 10, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', marginTop: 28, [theme.mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }, '> *:nth-of-type(n+4)': { display: 'none', [theme.mq.md]: { display: 'block' } } }))

const PHONE = 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.6a1 1 0 0 1-.25 1z'

export function VideoLander() {
  const { data, texts, t } = useLander()
  const link = useSignupLink()
  const placeOf = usePlaceOf()
  const caller = data.members.find((m) => m.main_image) ?? data.members[0]
  const more = data.members.filter((m) => m !== caller).slice(0, 4)
  return (
    <Wrap data-testid="lander-video">
      <Grid>
        {caller && (
          <Phone data-testid="lander-member" data-member-id={caller.id}>
            <Portrait member={caller} size="full" ratio="auto" eager label={false} />
            <CallUi>
              <div style={{ textAlign: 'center' }}>
                <Live>● {t('landers.video.live')}</Live>
                <p style={{ margin: '10px 0 0', fontWeight: 800, fontSize: 22 }}>{t('landers.video.incoming', { name: caller.name })}</p>
                <p style={{ margin: '2px 0 0', opacity: 0.9 }}>
                  {caller.age} · {placeOf(caller)}
                </p>
                {caller.fictional && <FictionalLabel style={{ marginTop: 8 }} />}
              </div>
              <Ring>
                <div>
                  <Portrait member={caller} label={false} />
                </div>
              </Ring>
              <Wave aria-hidden="true">
                {[0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9].map((d) => (
                  <span key={d} style={{ animationDelay: `${d}s` }} />
                ))}
              </Wave>
              <Buttons>
                <Round tone="decline" {...link} aria-label={t('landers.video.decline')}>
                  <svg width="28" height="28" viewBox="0 0 24 24" style={{ transform: 'rotate(135deg)' }} aria-hidden="true">
                    <path fill="currentColor" d={PHONE} />
                  </svg>
                </Round>
                <Round tone="accept" {...link} aria-label={t('landers.video.answer')} data-testid="video-answer">
                  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
                    <path fill="currentColor" d={PHONE} />
                  </svg>
                </Round>
              </Buttons>
            </CallUi>
          </Phone>
        )}
        <div>
          <Live style={{ background: 'rgba(255,255,255,0.14)' }}>
            <OnlineDot /> {t('landers.video.kicker')}
          </Live>
          <Title>{texts.title}</Title>
          <p style={{ fontSize: 19, margin: '0 0 24px', opacity: 0.92 }}>{texts.intent}</p>
          <LanderCta variant="secondary" />
          <LoginLine />
          <More>
            {more.map((m) => (
              <MemberTile key={m.id} member={m} ratio="3 / 4" />
            ))}
          </More>
          <FictionalNote members={caller ? [caller, ...more] : more} style={{ marginLeft: 0 }} />
        </div>
      </Grid>
    </Wrap>
  )
}
