import type { Theme } from '@emotion/react'
import { darken, getContrast } from 'polished'
import styled from './styled'

const fills = new WeakMap<Theme['colors'], { bg: string; hover: string }>()

/**
 * The fill of primary buttons: a deeper shade of the brand colour under white text (black on hot pink read cheap),
 * darkened further until white reads at WCAG AA (4.5:1), whatever colour a tenant chooses.
 */
export function primaryFill(theme: Theme): { bg: string; fg: string; hover: string } {
  let fill = fills.get(theme.colors)
  if (!fill) {
    let bg = darken(0.08, theme.colors.primary)
    for (let i = 0; i < 40 && getContrast(bg, '#ffffff') < 4.5; i++) bg = darken(0.02, bg)
    fill = { bg, hover: darken(0.07, bg) }
    fills.set(theme.colors, fill)
  }
  return { ...fill, fg: '#ffffff' }
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
  '&:disabled': { opacity: 0.6, cursor: 'progress' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 2 },
}))

export const ButtonLink = Button.withComponent('a')
