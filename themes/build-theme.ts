// Builds the Emotion theme of a tenant: base tokens, the tenant's colours and shades derived with polished.
import { darken, getContrast, lighten, mix, readableColor, transparentize } from 'polished'
import { baseTokens } from './base'

export interface TenantThemeInput {
  primary: string
  secondary: string
  unread?: string
  background?: string
  heroImage?: string
}

/**
 * The fill of primary buttons: a deeper shade of the brand colour under white text (black on hot pink read cheap),
 * darkened further until white reads at WCAG AA (4.5:1), whatever colour a tenant chooses.
 */
function primaryFillOf(primary: string): { bg: string; hover: string } {
  let bg = darken(0.08, primary)
  for (let i = 0; i < 40 && getContrast(bg, '#ffffff') < 4.5; i++) bg = darken(0.02, bg)
  return { bg, hover: darken(0.07, bg) }
}

export function buildTheme(input: TenantThemeInput) {
  const primary = input.primary
  const secondary = input.secondary
  const background = input.background ?? mix(0.96, '#ffffff', primary)
  const primaryDark = darken(0.12, primary)
  const fill = primaryFillOf(primary)
  return {
    ...baseTokens,
    heroImage: input.heroImage ?? 'hearts',
    colors: {
      primary,
      primaryDark,
      /** The dark end of the landing page's hero gradient. */
      primaryDeep: darken(0.08, primaryDark),
      primaryLight: lighten(0.35, primary),
      primarySoft: transparentize(0.88, primary),
      onPrimary: readableColor(primary, '#1a1a1a', '#ffffff', true),
      /** Primary buttons' background (white text at WCAG AA) and its hover; built here so the browser needs no polished. */
      primaryFill: fill.bg,
      primaryFillHover: fill.hover,
      secondary,
      secondaryDark: darken(0.15, secondary),
      onSecondary: readableColor(secondary, '#1a1a1a', '#ffffff', true),
      unread: input.unread ?? baseTokens.unread,
      background,
      surface: '#ffffff',
      border: mix(0.85, '#ffffff', darken(0.2, primary)),
      text: baseTokens.text,
      muted: baseTokens.muted,
      success: baseTokens.success,
      warning: baseTokens.warning,
      danger: baseTokens.danger,
      footer: darken(0.38, primary),
      onFooter: '#f5f5f5',
    },
    mq: {
      sm: `@media (min-width: ${baseTokens.breakpoints.sm}px)`,
      md: `@media (min-width: ${baseTokens.breakpoints.md}px)`,
      lg: `@media (min-width: ${baseTokens.breakpoints.lg}px)`,
      xl: `@media (min-width: ${baseTokens.breakpoints.xl}px)`,
    },
  }
}

export type AppTheme = ReturnType<typeof buildTheme>

const built = new WeakMap<TenantThemeInput, AppTheme>()

/**
 * The theme of a tenant's theme input, built once per input object: the server's public tenant (and with it its
 * theme input) is made once per tenant, so requests reuse one theme instead of deriving every shade again.
 */
export function themeFor(input: TenantThemeInput): AppTheme {
  let theme = built.get(input)
  if (!theme) {
    theme = buildTheme(input)
    built.set(input, theme)
  }
  return theme
}

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends AppTheme {}
}
