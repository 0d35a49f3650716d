// The stamps and round buttons of a swipe deck: the swipe game (src/features/discovery) and the tinderswipe lander
// (src/features/landers) look alike.
import styled from './styled'

/** LIKE or NOPE over the card while it is dragged. */
export const Stamp = styled.span<{ kind: 'like' | 'nope' }>(({ theme, kind }) => ({
  position: 'absolute',
  top: 24,
  zIndex: 3,
  [kind === 'like' ? 'left' : 'right']: 20,
  padding: '4px 12px',
  border: `4px solid ${kind === 'like' ? theme.colors.success : theme.colors.danger}`,
  color: kind === 'like' ? theme.colors.success : theme.colors.danger,
  background: 'rgba(255,255,255,0.85)',
  borderRadius: 8,
  fontWeight: 900,
  fontSize: 24,
  textTransform: 'uppercase',
  transform: `rotate(${kind === 'like' ? -14 : 14}deg)`,
  pointerEvents: 'none',
}))
export const Controls = styled.div({ display: 'flex', justifyContent: 'center', gap: 28, marginTop: 18 })
/** A round button under the deck (skip, like). */
export const Round = styled.button<{ tone: 'like' | 'skip' }>(({ theme, tone }) => ({
  width: 68,
  height: 68,
  borderRadius: '50%',
  border: 'none',
  background: theme.colors.surface,
  color: tone === 'like' ? theme.colors.primary : theme.colors.muted,
  boxShadow: '0 6px 18px rgba(0,0,0,0.15)',
  fontSize: 30,
  fontWeight: 700,
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  transition: 'transform 120ms ease',
  '&:hover': { transform: 'scale(1.06)' },
  '&:disabled': { opacity: 0.45, cursor: 'not-allowed', transform: 'none' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 3 },
}))
