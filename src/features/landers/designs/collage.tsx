// /landers/collagelanding: members' photos as a scattered collage of prints around a white card with the call.
import styled from '../../../ui/styled'
import { FictionalLabel } from '../../../ui/member-card'
import type { MemberCard } from '../../../shared/discovery-contracts'
import { FictionalNote, LanderCta, LoginLine, MemberTile, useLander } from '../lander-kit'

const Wall = styled.div(({ theme }) => ({
  position: 'relative',
  background: `repeating-linear-gradient(45deg, ${theme.colors.primarySoft} 0 2px, transparent 2px 14px), ${theme.colors.background}`,
  padding: '24px 12px 48px',
  overflow: 'hidden',
  [theme.mq.md]: { padding: '48px 24px 72px' },
}))
const Board = styled.div(({ theme }) => ({
  maxWidth: 1160,
  margin: '0 auto',
  display: 'grid',
  gap: 10,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [theme.mq.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  [theme.mq.md]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 16 },
}))
const Print = styled.div<{ tilt: number }>(({ tilt, theme }) => ({
  background: '#fff',
  padding: '6px 6px 8px',
  borderRadius: 4,
  boxShadow: '0 8px 22px rgba(0,0,0,0.16)',
  transform: `rotate(${tilt}deg)`,
  transition: 'transform 200ms ease',
  '&:hover': { transform: 'rotate(0deg) scale(1.04)', zIndex: 2 },
  // Phones show nine prints around the card, desktops all of them.
  '&:nth-of-type(n+9)': { display: 'none' },
  [theme.mq.md]: { '&:nth-of-type(n+9)': { display: 'block' } },
  '[data-testid="photo-lock"] svg': { width: 22, height: 22 },
}))
const Card = styled.div(({ theme }) => ({
  gridColumn: '1 / -1',
  order: -1,
  background: '#fff',
  borderRadius: 20,
  padding: '24px 20px',
  textAlign: 'center',
  boxShadow: '0 24px 60px rgba(0,0,0,0.18)',
  border: `3px solid ${theme.colors.primary}`,
  [theme.mq.md]: { gridColumn: '2 / span 4', gridRow: '2 / span 2', order: 0, padding: '40px 36px', alignSelf: 'center', zIndex: 3 },
}))
const Title = styled.h1(({ theme }) => ({ fontSize: 30, lineHeight: 1.15, margin: '0 0 12px', color: theme.colors.primaryDark, [theme.mq.md]: { fontSize: 42 } }))
const Tape = styled.span(({ theme }) => ({ display: 'inline-block', padding: '4px 16px', background: theme.colors.secondary, color: theme.colors.onSecondary, fontWeight: 800, transform: 'rotate(-2deg)', marginBottom: 14, fontSize: 14, textTransform: 'uppercase', letterSpacing: 0.6 }))

/** Under the print, handwritten: name and age, and the fictional label where it applies. */
function PrintCaption({ member }: { member: MemberCard }) {
  return (
    <div style={{ fontFamily: 'Georgia, serif', fontStyle: 'italic', textAlign: 'center', paddingTop: 6, fontSize: 14, lineHeight: 1.4 }}>
      {member.name}, {member.age}
      {member.fictional && (
        <div>
          <FictionalLabel style={{ fontStyle: 'normal', fontSize: 11 }} />
        </div>
      )}
    </div>
  )
}

const TILTS = [-4, 3, -2, 5, -5, 2, 4, -3, 1, -4, 3, -1, 5, -2, 2, -5]

export function CollageLander() {
  const { data, texts, t } = useLander()
  const prints = data.members.slice(0, 16)
  return (
    <Wall data-testid="lander-collagelanding">
      <Board>
        {prints.slice(0, 6).map((m, i) => (
          <Print key={m.id} tilt={TILTS[i]}>
            <MemberTile member={m} ratio="1" eager priority={i === 0} caption={false} label={false} style={{ borderRadius: 2 }} />
            <PrintCaption member={m} />
          </Print>
        ))}
        <Card>
          <Tape>{t('landers.collagelanding.badge')}</Tape>
          <Title>{texts.title}</Title>
          <p style={{ fontSize: 18, margin: '0 0 22px' }}>{texts.intent}</p>
          <LanderCta />
          <LoginLine />
          <FictionalNote members={prints} />
        </Card>
        {prints.slice(6).map((m, i) => (
          <Print key={m.id} tilt={TILTS[i + 6]}>
            <MemberTile member={m} ratio="1" caption={false} label={false} style={{ borderRadius: 2 }} />
            <PrintCaption member={m} />
          </Print>
        ))}
      </Board>
    </Wall>
  )
}
