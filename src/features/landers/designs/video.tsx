// /landers/video: the look of a video call on a phone. A member's photo fills the screen behind a pulsing ring (CSS
// animation), with one button: start a chat, which is the signup. Its words promise what the site has, a live chat;
// no incoming call (nobody called the visitor), no video chat (there is none) and no "decline" that signs up too
// (decision 023, addendum).
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
const Start = styled.a({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  minHeight: 56,
  padding: '0 26px',
  borderRadius: 999,
  // White on it reads at 5.4:1 (WCAG AA).
  background: '#157a41',
  color: '#fff',
  fontWeight: 800,
  fontSize: 17,
  textDecoration: 'none',
  boxShadow: '0 8px 20px rgba(0,0,0,0.4)',
  '&:focus-visible': { outline: '3px solid #fff', outlineOffset: 3 },
})
const Kicker = styled.span({ display: 'inline-flex', alignItems: 'center', gap: 6, padding: '4px 12px', borderRadius: 6, background: 'rgba(255,255,255,0.14)', fontWeight: 800, fontSize: 13, letterSpacing: 1, textTransform: 'uppercase' })
const Title = styled.h1(({ theme }) => ({ fontSize: 32, lineHeight: 1.12, margin: '14px 0 12px', [theme.mq.md]: { fontSize: 50 } }))
const More = styled.div(({ theme }) => ({ display: 'grid', gap: 10, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', marginTop: 28, [theme.mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' }, '> *:nth-of-type(n+4)': { display: 'none', [theme.mq.md]: { display: 'block' } } }))

/** A speech bubble. */
const BUBBLE = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z'

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
                <p style={{ margin: 0, fontWeight: 800, fontSize: 22 }}>{t('landers.video.incoming', { name: caller.name })}</p>
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
              <Start {...link} data-testid="video-answer">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <path fill="currentColor" d={BUBBLE} />
                </svg>
                {t('landers.video.answer')}
              </Start>
            </CallUi>
          </Phone>
        )}
        <div>
          <Kicker>
            <OnlineDot /> {t('landers.video.kicker')}
          </Kicker>
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
