import styled from './styled'

/** The content column of a text page. */
export const PageColumn = styled.div<{ width?: number }>(({ width = 820 }) => ({
  maxWidth: width,
  margin: '0 auto',
  padding: '24px 16px 48px',
}))

export const Card = styled.section(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: theme.radius,
  padding: '24px 20px',
  boxShadow: '0 4px 18px rgba(0,0,0,0.06)',
  border: `1px solid ${theme.colors.border}`,
  [theme.mq.md]: { padding: '32px 36px' },
}))

export const PageTitle = styled.h1(({ theme }) => ({
  color: theme.colors.primaryDark,
  fontSize: 28,
  margin: '0 0 16px',
  [theme.mq.md]: { fontSize: 34 },
}))
