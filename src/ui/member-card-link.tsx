// The card of a member in search results, likes, the match finder and the signup page: photo, name, age and place,
// and the grid of cards. Apart from member-card.tsx so that the landers (photos, no cards) do not load it.
import type { ReactNode } from 'react'
import styled from './styled'
import { useTranslation } from '../shared/use-translation'
import type { MemberCard as Member } from '../shared/discovery-contracts'
import { Heart } from './heart'
import { useKeptContent } from '../shared/fragment-cache'
import { FictionalLabel, MemberPhoto, placeOf, useCountryName } from './member-card'

const Card = styled.a(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  background: theme.colors.surface,
  borderRadius: theme.radius,
  overflow: 'hidden',
  textDecoration: 'none',
  color: theme.colors.text,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 4px 14px rgba(0,0,0,0.06)',
  transition: 'transform 140ms ease, box-shadow 140ms ease',
  '&:hover': { transform: 'translateY(-2px)', boxShadow: '0 10px 24px rgba(0,0,0,0.1)' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 2 },
}))

const Info = styled.div({ padding: '10px 12px 12px', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 })
const Name = styled.strong({ fontSize: 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
/** The place may take two lines (narrow desktop columns cut "Rotterdam, Zuid-Holland" off), then it ends in an ellipsis. */
const Place = styled.span(({ theme }) => ({
  color: theme.colors.muted,
  fontSize: 14,
  lineHeight: 1.3,
  minHeight: '2.6em',
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
}))
const Corner = styled.div({ position: 'absolute', left: 8, top: 8, right: 8, display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'flex-start' })
const Liked = styled.span(({ theme }) => ({
  position: 'absolute',
  right: 8,
  bottom: 8,
  width: 32,
  height: 32,
  borderRadius: '50%',
  background: theme.colors.surface,
  color: theme.colors.primary,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: '0 2px 8px rgba(0,0,0,0.2)',
}))

/**
 * How the n-th card of a grid loads its photo: the first row on a phone (two cards) is where the page's largest
 * paint is, so those photos are fetched first (`fetchpriority="high"`); the rest of what a wide screen shows at
 * once loads at once; everything further down waits until it comes near the screen (lazy).
 */
export function cardPhotoLoading(index: number): { eager?: boolean; priority?: boolean } {
  if (index < 2) return { eager: true, priority: true }
  return index < 5 ? { eager: true } : {}
}

/**
 * A member in a grid: photo, name, age and place; the fictional label; a heart when the viewer likes them. The inside
 * of the card is the same markup for the same member as this viewer sees them (the photo locked or not, liked or
 * not), address and place on the page, so the server keeps it across renders (decision 050); cards with tags of their
 * own render every time.
 */
export function MemberCardLink({ member, href, tags, onOpen, eager, priority }: { member: Member; href: string; tags?: ReactNode; onOpen?: () => void; eager?: boolean; priority?: boolean }) {
  const { t } = useTranslation()
  const countryOf = useCountryName()
  const inside = () => (
    <>
      <MemberPhoto image={member.main_image} alt={t('members.photo_of', { name: member.name })} eager={eager} priority={priority}>
        <Corner>
          {member.fictional && <FictionalLabel />}
          {tags}
        </Corner>
        {member.liked && (
          <Liked title={t('members.you_like')} aria-label={t('members.you_like')}>
            <Heart size={18} />
          </Liked>
        )}
      </MemberPhoto>
      <Info>
        <Name>
          {member.name}, {member.age}
        </Name>
        <Place data-testid="member-place">{placeOf(member, countryOf(member.country))}</Place>
      </Info>
    </>
  )
  const content = useKeptContent(() => (tags === undefined ? `member-card\u0000${JSON.stringify([member, href, Boolean(eager), Boolean(priority)])}` : undefined), inside)
  return <Card href={href} onClick={onOpen} data-testid="member-card" data-member-id={member.id} {...content} />
}

/** The grid of member cards: two columns on phones, up to five on wide screens. */
export const MemberGrid = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [theme.mq.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 16 },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  [theme.mq.xl]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
}))
