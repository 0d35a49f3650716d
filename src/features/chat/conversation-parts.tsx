// The conversation's frame shared by its parts (src/features/chat/conversation.tsx): the column, the header bar,
// the round icon buttons of the header and the composer, the notices and the centred states.
import styled from '../../ui/styled'

export const Column = styled.section({ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, width: '100%' })

export const Header = styled.header(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '10px 12px',
  borderBottom: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  minHeight: 64,
  boxSizing: 'border-box',
}))

export const IconButton = styled.button(({ theme }) => ({
  // A tap target of at least 44 × 44 px.
  width: 44,
  height: 44,
  flex: '0 0 44px',
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: theme.colors.primaryDark,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: 13,
  fontFamily: 'inherit',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, outline: 'none' },
  '&:disabled': { opacity: 0.5, cursor: 'progress' },
}))
const IconLink = IconButton.withComponent('a')

export const BackLink = styled(IconLink)(({ theme }) => ({ [theme.mq.md]: { display: 'none' } }))

export const Notice = styled.div<{ tone: 'danger' | 'info' }>(({ theme, tone }) => ({
  margin: '8px 12px 0',
  padding: '8px 12px',
  borderRadius: 10,
  fontSize: 14,
  background: tone === 'danger' ? '#fdecea' : '#fff8e1',
  color: tone === 'danger' ? theme.colors.danger : '#5d4300',
  border: `1px solid ${tone === 'danger' ? theme.colors.danger : theme.colors.secondary}`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  alignItems: 'center',
  button: { font: 'inherit', fontWeight: 700, border: 'none', background: 'none', color: 'inherit', textDecoration: 'underline', cursor: 'pointer', padding: 0 },
}))

export const Center = styled.div(({ theme }) => ({ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, color: theme.colors.muted, padding: 24, textAlign: 'center' }))
