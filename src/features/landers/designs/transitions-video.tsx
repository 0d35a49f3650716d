// /landers/transitionsvideolanding: a "film" of members' photos, each fading and slowly zooming into the next
// (CSS keyframes, no video file), with the headline over it and a progress bar like a player's.
import styled from '../../../ui/styled'
import { FictionalLabel } from '../../../ui/member-card'
import { FictionalNote, LanderCta, LoginLine, Portrait, useLander, usePlaceOf } from '../lander-kit'

const SLIDE_SECONDS = 4

const Stage = styled.div(({ theme }) => ({ position: 'relative', background: '#000', color: '#fff', overflow: 'hidden', minHeight: 560, [theme.mq.md]: { minHeight: 620 } }))
const Slide = styled.div<{ index: number; total: number }>(({ index, total }) => ({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  animation: `lander-slide ${total * SLIDE_SECONDS}s linear infinite`,
  animationDelay: `${index * SLIDE_SECONDS}s`,
  '> div': { height: '100%', aspectRatio: 'auto' },
  // The film is the blurred photos themselves; the lock sits on the small ones below the call.
  '[data-testid="photo-lock"]': { display: 'none' },
  '@keyframes lander-slide': { '0%': { opacity: 0, transform: 'scale(1)' }, '4%': { opacity: 1 }, '22%': { opacity: 1 }, '28%': { opacity: 0, transform: 'scale(1.12)' }, '100%': { opacity: 0 } },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: index === 0 ? 1 : 0 },
}))
const Shade = styled.div({ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.35) 40%, rgba(0,0,0,0.85) 100%)', zIndex: 1 })
const Overlay = styled.div(({ theme }) => ({ position: 'relative', zIndex: 2, maxWidth: 900, margin: '0 auto', padding: '220px 18px 40px', textAlign: 'center', [theme.mq.md]: { padding: '260px 24px 56px' } }))
const Title = styled.h1(({ theme }) => ({ fontSize: 34, lineHeight: 1.1, margin: '0 0 12px', textShadow: '0 2px 12px rgba(0,0,0,0.5)', [theme.mq.md]: { fontSize: 56 } }))
const Player = styled.div({ position: 'absolute', left: 0, right: 0, bottom: 0, height: 4, background: 'rgba(255,255,255,0.25)', zIndex: 3 })
const Progress = styled.div<{ seconds: number }>(({ theme, seconds }) => ({ height: '100%', background: theme.colors.secondary, transformOrigin: 'left', animation: `lander-progress ${seconds}s linear infinite`, '@keyframes lander-progress': { from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } } }))
const Rec = styled.span({ position: 'absolute', top: 16, left: 16, zIndex: 3, display: 'inline-flex', alignItems: 'center', gap: 6, padding: '4px 10px', borderRadius: 6, background: 'rgba(0,0,0,0.55)', fontWeight: 700, fontSize: 13, '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', background: '#ff3b30' } })
const Names = styled.div({ position: 'absolute', top: 16, right: 16, zIndex: 3, textAlign: 'right', fontSize: 13, opacity: 0.9 })
const Strip = styled.div(({ theme }) => ({
  display: 'flex',
  gap: 8,
  justifyContent: 'center',
  flexWrap: 'wrap',
  marginTop: 24,
  figure: { margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' },
  'figure > div': { width: 54, borderRadius: 10, overflow: 'hidden', border: '2px solid rgba(255,255,255,0.6)' },
  [theme.mq.md]: { 'figure > div': { width: 72 } },
}))

export function TransitionsVideoLander() {
  const { data, texts, t } = useLander()
  const placeOf = usePlaceOf()
  const slides = data.members.filter((m) => m.main_image).slice(0, 6)
  const film = slides.length ? slides : data.members.slice(0, 6)
  return (
    <div data-testid="lander-transitionsvideolanding">
      <Stage>
        {film.map((m, i) => (
          <Slide key={m.id} index={i} total={film.length} aria-hidden={i > 0}>
            <Portrait member={m} size="full" ratio="auto" eager={i < 2} label={false} />
          </Slide>
        ))}
        <Shade />
        <Rec>{t('landers.transitionsvideolanding.badge')}</Rec>
        {film[0] && (
          <Names>
            {film[0].name}, {film[0].age} · {placeOf(film[0])}
          </Names>
        )}
        <Overlay>
          <Title>{texts.title}</Title>
          <p style={{ fontSize: 19, margin: '0 auto 24px', maxWidth: 620, textShadow: '0 1px 6px rgba(0,0,0,0.6)' }}>{texts.intent}</p>
          <LanderCta variant="secondary" />
          <LoginLine />
          <Strip>
            {film.map((m) => (
              <figure key={m.id} data-testid="lander-member" data-member-id={m.id}>
                <div>
                  <Portrait member={m} label={false} />
                </div>
                {m.fictional && <FictionalLabel size="small" style={{ marginTop: 4 }} />}
              </figure>
            ))}
          </Strip>
          <FictionalNote members={film} style={{ color: '#eee' }} />
        </Overlay>
        <Player>
          <Progress seconds={film.length * SLIDE_SECONDS} />
        </Player>
      </Stage>
    </div>
  )
}
