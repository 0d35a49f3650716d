// "Het is een match!": the moment two members like each other, full screen, as members know it from dating apps.
// Both photos as the viewer may see them (the other's photo blurred with its lock for members who are not premium,
// exactly as the API sent it), and the way to the conversation, which opens with the icebreakers.
import { useRef } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { usePageContext } from '../../../renderer/page-context'
import type { MemberImage } from '../../shared/discovery-contracts'
import { FictionalLabel, MemberPhoto } from '../../ui/member-card'
import { Heart } from '../../ui/heart'
import { useModalDialog } from '../../ui/modal'

// A native <dialog> opened as a modal (useModalDialog): the page behind is inert, Tab stays in the moment, Escape
// closes it and focus goes back to the like button.
const Overlay = styled.dialog(({ theme }) => ({
  position: 'fixed',
  inset: 0,
  zIndex: 1100,
  display: 'none',
  '&[open]': { display: 'flex' },
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  border: 'none',
  boxSizing: 'border-box',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 18,
  padding: '24px 20px calc(24px + env(safe-area-inset-bottom))',
  overflowY: 'auto',
  color: '#fff',
  textAlign: 'center',
  background: `radial-gradient(circle at 50% 30%, ${theme.colors.primary}, ${theme.colors.primaryDeep} 75%)`,
  animation: 'match-in 280ms ease-out',
  '@keyframes match-in': { from: { opacity: 0, transform: 'scale(1.04)' }, to: { opacity: 1, transform: 'none' } },
  '&:focus': { outline: 'none' },
  '&::backdrop': { background: 'rgba(20, 10, 20, 0.6)' },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}))

const Title = styled.h2({ margin: 0, fontSize: 38, lineHeight: 1.1, fontWeight: 900, letterSpacing: -0.5, textShadow: '0 2px 12px rgba(0,0,0,0.25)' })
const Body = styled.p({ margin: 0, fontSize: 18, maxWidth: 360 })

const Pair = styled.div({ display: 'flex', alignItems: 'center', justifyContent: 'center', margin: '8px 0', position: 'relative' })

/** One of the two round photos, tilted towards the other. */
const Round = styled.div<{ tilt: number }>(({ tilt }) => ({
  width: 'min(38vw, 168px)',
  borderRadius: '50%',
  overflow: 'hidden',
  border: '4px solid #fff',
  boxShadow: '0 10px 30px rgba(0,0,0,0.3)',
  transform: `rotate(${tilt}deg)`,
  margin: '0 -10px',
  background: '#fff',
  '[data-testid="photo-lock"]': { fontSize: 0, gap: 0 },
}))

const HeartBadge = styled.span(({ theme }) => ({
  position: 'absolute',
  left: '50%',
  bottom: -6,
  transform: 'translateX(-50%)',
  width: 52,
  height: 52,
  borderRadius: '50%',
  background: '#fff',
  color: theme.colors.primary,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: '0 6px 16px rgba(0,0,0,0.25)',
}))

const Initial = styled.span(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  aspectRatio: '1',
  fontSize: 56,
  fontWeight: 900,
  color: theme.colors.primary,
  background: theme.colors.primarySoft,
}))

const Warning = styled.p({ margin: 0, maxWidth: 380, fontSize: 14, padding: '8px 12px', borderRadius: 10, background: 'rgba(0,0,0,0.25)' })

const Actions = styled.div({ display: 'flex', flexDirection: 'column', gap: 12, width: '100%', maxWidth: 340, marginTop: 6 })

const Primary = styled.a(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 52,
  borderRadius: 999,
  background: '#fff',
  color: theme.colors.primaryDark,
  fontWeight: 800,
  fontSize: 18,
  textDecoration: 'none',
  boxShadow: '0 8px 20px rgba(0,0,0,0.2)',
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 3 },
}))

const Later = styled.button({
  minHeight: 48,
  borderRadius: 999,
  border: '2px solid rgba(255,255,255,0.85)',
  background: 'transparent',
  color: '#fff',
  font: 'inherit',
  fontWeight: 700,
  fontSize: 16,
  cursor: 'pointer',
  '&:hover, &:focus-visible': { background: 'rgba(255,255,255,0.15)', outline: 'none' },
})

export interface MatchedMember {
  id: number
  name: string
  fictional: boolean
  main_image: MemberImage | null
}

/** The full-screen match: Escape or "Verder kijken" closes it; "Stuur een bericht" opens the conversation with an icebreaker. */
export function MatchMoment({ member, onClose }: { member: MatchedMember; onClose: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const { tenant } = usePageContext()
  const primary = useRef<HTMLAnchorElement>(null)
  const dialog = useModalDialog(onClose, primary)
  const own = user?.profile?.main_image
  const ownName = user?.profile?.name ?? ''
  return (
    <Overlay ref={dialog} aria-modal="true" aria-labelledby="match-title" aria-describedby="match-body" data-testid="match-moment">
      <Title id="match-title">{t('match_moment.title')}</Title>
      <Body id="match-body">{t('match_moment.body', { name: member.name })}</Body>
      <Pair>
        <Round tilt={-8} data-testid="match-own-photo">
          {own ? (
            <MemberPhoto image={{ id: 0, thumb_filename: own.thumb_filename, filename: own.filename, locked: false, visibility: 'public' }} alt={t('match_moment.you')} eager />
          ) : (
            <Initial aria-label={t('match_moment.you')}>{Array.from(ownName)[0] ?? ''}</Initial>
          )}
        </Round>
        <Round tilt={8} data-testid="match-their-photo">
          <MemberPhoto image={member.main_image} alt={t('members.photo_of', { name: member.name })} eager />
        </Round>
        <HeartBadge aria-hidden="true">
          <Heart size={28} />
        </HeartBadge>
      </Pair>
      {member.fictional && (
        <>
          <FictionalLabel />
          <Warning data-testid="fictional-warning">{tenant.settings.fictional_warning}</Warning>
        </>
      )}
      <Actions>
        <Primary ref={primary} href={`/members/${member.id}/chat?icebreaker=1`} data-testid="match-message">
          {t('match_moment.message')}
        </Primary>
        <Later type="button" onClick={onClose} data-testid="match-later">
          {t('match_moment.later')}
        </Later>
      </Actions>
    </Overlay>
  )
}
