// /landers/alonetonight: a night sky (twinkling stars, a moon), members who are online tonight, one call to act.
import styled from '../../../ui/styled'
import { FictionalNote, LanderCta, LoginLine, MemberTile, OnlineDot, Portrait, useLander } from '../lander-kit'


const Night = styled.div(({ theme }) => ({
  position: 'relative',
  overflow: 'hidden',
  color: '#f4f1ff',
  background: `radial-gradient(ellipse at 80% 0%, ${theme.colors.primaryDark} 0%, #1b1640 38%, #0b0a1e 100%)`,
  padding: '40px 16px 56px',
  [theme.mq.md]: { padding: '72px 24px 88px' },
}))
const Star = styled.i({ position: 'absolute', width: 3, height: 3, borderRadius: '50%', background: '#fff', animation: 'lander-twinkle 3s ease-in-out infinite', '@keyframes lander-twinkle': { '0%, 100%': { opacity: 0.25 }, '50%': { opacity: 1 } } })
const Moon = styled.div(({ theme }) => ({
  position: 'absolute',
  right: '6%',
  width: 52,
  height: 52,
  top: 18,
  borderRadius: '50%',
  boxShadow: `-12px 7px 0 0 #ffe9a8`,
  filter: 'drop-shadow(0 0 24px rgba(255,233,168,0.45))',
  [theme.mq.md]: { width: 140, height: 140, top: 48, boxShadow: `-30px 16px 0 0 #ffe9a8` },
}))
const Inner = styled.div({ position: 'relative', maxWidth: 1080, margin: '0 auto', animation: 'lander-rise 600ms ease-out both', '@keyframes lander-rise': { from: { opacity: 0, transform: 'translateY(14px)' }, to: { opacity: 1, transform: 'none' } } })
const Kicker = styled.p({ display: 'inline-flex', alignItems: 'center', gap: 8, margin: 0, padding: '6px 14px', borderRadius: 999, background: 'rgba(255,255,255,0.1)', fontWeight: 700, fontSize: 14, letterSpacing: 0.5, textTransform: 'uppercase' })
const Title = styled.h1(({ theme }) => ({ fontSize: 34, lineHeight: 1.12, margin: '18px 0 12px', maxWidth: 760, letterSpacing: -0.5, [theme.mq.md]: { fontSize: 56 } }))
const Lead = styled.p(({ theme }) => ({ fontSize: 18, maxWidth: 620, margin: '0 0 26px', color: '#d9d4f5', [theme.mq.md]: { fontSize: 20 } }))
const Faces = styled.div({ display: 'flex', alignItems: 'center', margin: '0 0 28px' })
const Face = styled.span({ position: 'relative', width: 52, height: 52, borderRadius: '50%', overflow: 'hidden', border: '3px solid #0b0a1e', marginLeft: -12, '&:first-of-type': { marginLeft: 0 }, '[data-testid="photo-lock"]': { display: 'none' } })
const Cards = styled.div(({ theme }) => ({ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', marginTop: 40, [theme.mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 18 } }))
const CardWrap = styled.div({ position: 'relative', borderRadius: 16, overflow: 'hidden', boxShadow: '0 16px 40px rgba(0,0,0,0.45)', outline: '1px solid rgba(255,255,255,0.12)' })
/** A green dot at the top right; the word beside it only where the card is wide enough next to the fictional label. */
const OnlineTag = styled.span(({ theme }) => ({
  position: 'absolute',
  right: 8,
  top: 8,
  zIndex: 3,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: 5,
  borderRadius: 999,
  background: 'rgba(11,10,30,0.7)',
  color: '#fff',
  fontSize: 12,
  fontWeight: 700,
  '> em': { display: 'none', fontStyle: 'normal' },
  [theme.mq.lg]: { padding: '3px 9px', '> em': { display: 'inline' } },
}))

const STARS = [[6, 12], [14, 40], [22, 8], [31, 62], [38, 24], [47, 12], [55, 48], [63, 6], [71, 30], [84, 70], [90, 14], [12, 78], [42, 84], [76, 88], [96, 46], [3, 52], [27, 92], [58, 74]]

export function AloneTonightLander() {
  const { data, texts, t } = useLander()
  const shown = data.members.slice(0, 8)
  return (
    <Night data-testid="lander-alonetonight">
      {STARS.map(([x, y], i) => (
        <Star key={i} aria-hidden="true" style={{ left: `${x}%`, top: `${y}%`, animationDelay: `${(i % 6) * 0.5}s` }} />
      ))}
      <Moon aria-hidden="true" />
      <Inner>
        <Kicker>
          <OnlineDot /> {t('landers.alonetonight.kicker')}
        </Kicker>
        <Title>{texts.title}</Title>
        <Lead>{texts.intent}</Lead>
        <Faces aria-hidden="true">
          {data.members.slice(0, 6).map((m) => (
            <Face key={m.id}>
              <Portrait member={m} label={false} />
            </Face>
          ))}
          <span style={{ marginLeft: 14, fontWeight: 700 }}>{t('landers.alonetonight.online_now')}</span>
        </Faces>
        <LanderCta variant="secondary" />
        <LoginLine />
        <Cards>
          {shown.map((m, i) => (
            <CardWrap key={m.id}>
              <OnlineTag title={t('landers.online')}>
                <OnlineDot /> <em>{t('landers.online')}</em>
              </OnlineTag>
              <MemberTile member={m} eager={i < 4} priority={i === 0} />
            </CardWrap>
          ))}
        </Cards>
        <FictionalNote members={shown} style={{ color: '#d9d4f5', textAlign: 'center' }} />
      </Inner>
    </Night>
  )
}
