import styled from '../../ui/styled'
import type { MemberCard } from '../../shared/discovery-contracts'

const Circle = styled.span<{ size: number }>(({ theme, size }) => ({
  flex: `0 0 ${size}px`,
  width: size,
  height: size,
  borderRadius: '50%',
  overflow: 'hidden',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: theme.colors.primaryLight,
  color: theme.colors.primaryDark,
  fontWeight: 800,
  fontSize: size * 0.42,
  img: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}))

/** The other member's main photo (blurred for non-premium viewers by the server), or the initial. */
export function Avatar({ profile, size = 48 }: { profile: Pick<MemberCard, 'name' | 'main_image'>; size?: number }) {
  return (
    <Circle size={size} aria-hidden="true">
      {profile.main_image ? <img src={profile.main_image.thumb_filename} alt="" width={size} height={size} loading="lazy" /> : profile.name.slice(0, 1).toUpperCase()}
    </Circle>
  )
}
