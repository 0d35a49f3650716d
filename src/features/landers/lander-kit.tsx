// What every lander shares: its data and wording, the call to sign up (the signup modal on desktop, the signup
// page on phones), members' photos with the fictional label, and the fictional-profile warning.
import type { CSSProperties, ReactNode } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import type { MemberCard } from '../../shared/discovery-contracts'
import { ButtonLink } from '../../ui/button'
import { FictionalLabel, MemberPhoto, placeOf, useFictionalNotice } from '../../ui/member-card'
import { useOpenSignup } from '../accounts'
import { landerTexts } from './wording'
import type { LanderPageData } from './page-data.server'

export function useLander() {
  const data = useData<LanderPageData>()
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const texts = landerTexts(t, data, tenant.settings.name)
  return { data, texts, t, tenant }
}

/** Where a member lives, in the page's language. */
export function usePlaceOf() {
  const { tenant } = usePageContext()
  return (m: MemberCard) => placeOf(m, tenant.settings.countries.find((c) => c.code === m.country)?.name)
}

/** The signup link's props: visitors go to /signup (phones) or get the modal (desktop); members to the search. */
export function useSignupLink() {
  const { user } = useSession()
  const openSignup = useOpenSignup()
  return user ? { href: '/members' } : { href: '/signup', onClick: openSignup }
}

/** The call to sign up. */
export function LanderCta({ children, variant = 'primary', big = true, style, testId = 'lander-cta' }: { children?: ReactNode; variant?: 'primary' | 'secondary'; big?: boolean; style?: CSSProperties; testId?: string }) {
  const { t, texts } = useLander()
  const { user } = useSession()
  const link = useSignupLink()
  const size: CSSProperties | undefined = big ? { minHeight: 56, fontSize: 19, padding: '12px 32px', lineHeight: 1.2, textAlign: 'center', boxShadow: '0 10px 24px rgba(0,0,0,0.18)' } : undefined
  return (
    <ButtonLink {...link} variant={variant} style={{ ...size, ...style }} data-testid={testId}>
      {user ? t('landers.cta_member') : (children ?? texts.cta)}
    </ButtonLink>
  )
}

/** "Already a member? Log in", for visitors. */
export function LoginLine({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation()
  const { user } = useSession()
  if (user) return null
  return (
    <p style={{ margin: '12px 0 0', fontSize: 15, ...style }}>
      {t('landing.already_member')}{' '}
      <a href="/login" style={{ color: 'inherit', fontWeight: 700 }}>
        {t('nav.login')}
      </a>
    </p>
  )
}

const Note = styled.p({ fontSize: 13, lineHeight: 1.45, margin: '16px auto 0', maxWidth: 680, opacity: 0.85 })

/** The tenant's warning where the lander shows fictional profiles (each of them carries the label too). */
export function FictionalNote({ members, style }: { members: readonly MemberCard[]; style?: CSSProperties }) {
  const notice = useFictionalNotice()
  if (!members.some((m) => m.fictional)) return null
  return (
    <Note data-testid="fictional-warning" style={style}>
      {notice}
    </Note>
  )
}

/** A member's photo (blurred with a lock for visitors, as the server gives it) with the fictional label. */
export function Portrait({ member, ratio = '1', size = 'thumb', eager = false, priority, label = true, children }: { member: MemberCard; ratio?: string; size?: 'thumb' | 'full'; eager?: boolean; priority?: boolean; label?: boolean; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <MemberPhoto image={member.main_image} alt={t('members.photo_of', { name: member.name })} ratio={ratio} size={size} eager={eager} priority={priority}>
      {label && member.fictional && (
        <span style={{ position: 'absolute', left: 8, top: 8, zIndex: 2 }}>
          <FictionalLabel />
        </span>
      )}
      {children}
    </MemberPhoto>
  )
}

/** A member tile that leads to the signup. */
export const TileLink = styled.a({ display: 'block', position: 'relative', color: 'inherit', textDecoration: 'none', borderRadius: 14, overflow: 'hidden' })

/** priority: the first photo a phone shows (the lander's largest paint) is fetched before the rest (fetchpriority). */
export function MemberTile({ member, ratio = '3 / 4', eager, priority, caption = true, label = true, style }: { member: MemberCard; ratio?: string; eager?: boolean; priority?: boolean; caption?: boolean; label?: boolean; style?: CSSProperties }) {
  const link = useSignupLink()
  const placeOfMember = usePlaceOf()
  return (
    <TileLink {...link} data-testid="lander-member" data-member-id={member.id} style={style}>
      <Portrait member={member} ratio={ratio} eager={eager} priority={priority} label={label}>
        {caption && (
          <span style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '28px 10px 10px', color: '#fff', background: 'linear-gradient(transparent, rgba(0,0,0,0.72))', textShadow: '0 1px 2px rgba(0,0,0,0.5)', zIndex: 1 }}>
            <strong style={{ display: 'block', fontSize: 15 }}>
              {member.name}, {member.age}
            </strong>
            <span style={{ fontSize: 13, opacity: 0.92, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{placeOfMember(member)}</span>
          </span>
        )}
      </Portrait>
    </TileLink>
  )
}

/** The green dot of a member who is online. */
export const OnlineDot = styled.span({ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: '#2ecc71', boxShadow: '0 0 0 2px #fff' })

/** The lander's outer box. */
export const Section = styled.section<{ narrow?: boolean }>(({ theme, narrow }) => ({ maxWidth: narrow ? 760 : 1140, margin: '0 auto', padding: '28px 16px 40px', [theme.mq.md]: { padding: '48px 24px 64px' } }))
