import type { Theme } from '@emotion/react'
import styled from './styled'

/**
 * The fill of primary buttons: white text on a deeper shade of the brand colour that reads at WCAG AA, derived once
 * per tenant on the server (themes/build-theme.ts), so the browser needs no colour library.
 */
export function primaryFill(theme: Theme): { bg: string; fg: string; hover: string } {
  return { bg: theme.colors.primaryFill, fg: '#ffffff', hover: theme.colors.primaryFillHover }
}

/** The primary action button, in the tenant's colours. */
export const Button = styled.button<{ variant?: 'primary' | 'secondary' | 'ghost'; block?: boolean }>(({ theme, variant = 'primary', block }) => ({
  display: block ? 'flex' : 'inline-flex',
  width: block ? '100%' : undefined,
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 44,
  padding: '0 20px',
  borderRadius: 999,
  border: variant === 'ghost' ? `2px solid ${theme.colors.primary}` : 'none',
  background: variant === 'primary' ? primaryFill(theme).bg : variant === 'secondary' ? theme.colors.secondary : 'transparent',
  color: variant === 'primary' ? primaryFill(theme).fg : variant === 'secondary' ? theme.colors.onSecondary : theme.colors.primaryDark,
  fontWeight: 700,
  fontSize: 16,
  fontFamily: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  transition: 'background 120ms ease, transform 120ms ease',
  '&:hover': { background: variant === 'primary' ? primaryFill(theme).hover : variant === 'secondary' ? theme.colors.secondaryDark : theme.colors.primarySoft },
  '&:active': { transform: 'scale(0.98)' },
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'progress' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 2 },
}))

export const ButtonLink = Button.withComponent('a')
