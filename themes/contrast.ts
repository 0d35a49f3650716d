// WCAG AA contrast of a tenant's theme (computed with polished): the pairs of text and background the UI draws with
// the theme's colours. A failing pair is refused with the colour of the tenant's theme nearest to it that passes.
import { darken, getContrast, lighten, mix, shade } from 'polished'
import { baseTokens } from './base'
import { buildTheme, type AppTheme, type TenantThemeInput } from './build-theme'

/** WCAG 2 level AA for normal text. */
export const AA_NORMAL = 4.5

/**
 * A package colour's band (src/features/payments/payment-ui.tsx), deepened in small steps until its white text
 * reads at WCAG AA; a colour that passes already is kept.
 */
export function bandColour(colour: string): string {
  let band = colour
  for (let step = 1; getContrast(band, '#fff') < AA_NORMAL && step <= 20; step++) band = shade(0.05 * step, colour)
  return band
}

/** The theme input a pair depends on: the colour a failing pair is fixed by. */
export type ThemeColourKey = 'primary' | 'secondary' | 'unread' | 'background'

export interface ContrastPair {
  /** A stable id of the pair (the console names it in the staff member's language: admin.tenants.pairs.<id>). */
  id: string
  /** What the pair is, e.g. "button text on primary". */
  name: string
  foreground: string
  background: string
  /** The tenant's colour the pair follows from; undefined for the base tokens every tenant shares. */
  input?: ThemeColourKey
}

export interface ContrastResult extends ContrastPair {
  ratio: number
  passes: boolean
}

/** Every text/background pair the UI draws with the theme's colours (see src/ui/button.tsx, badge.tsx, payment-ui). */
export function contrastPairs(theme: AppTheme): ContrastPair[] {
  const c = theme.colors
  // primarySoft is transparent: it is drawn over the white surface.
  const softOnSurface = mix(0.12, c.primary, c.surface)
  return [
    { id: 'on_primary', name: 'text on primary (primary buttons, tags)', foreground: c.onPrimary, background: c.primary, input: 'primary' },
    { id: 'on_primary_hover', name: 'text on primary buttons when hovered', foreground: c.onPrimary, background: c.primaryDark, input: 'primary' },
    { id: 'white_on_primary', name: 'white text on primary badges', foreground: '#ffffff', background: c.primary, input: 'primary' },
    { id: 'links', name: 'links and ghost buttons (primaryDark on white)', foreground: c.primaryDark, background: c.surface, input: 'primary' },
    { id: 'selected', name: 'selected choices (primaryDark on primarySoft)', foreground: c.primaryDark, background: softOnSurface, input: 'primary' },
    { id: 'footer', name: 'footer text', foreground: c.onFooter, background: c.footer, input: 'primary' },
    { id: 'on_secondary', name: 'text on secondary (secondary buttons, ribbons, badges)', foreground: c.onSecondary, background: c.secondary, input: 'secondary' },
    { id: 'on_secondary_hover', name: 'text on secondary buttons when hovered', foreground: c.onSecondary, background: c.secondaryDark, input: 'secondary' },
    { id: 'unread', name: 'white text on the unread badge', foreground: '#ffffff', background: c.unread, input: 'unread' },
    { id: 'text', name: 'text on the page background', foreground: c.text, background: c.background, input: 'background' },
    { id: 'muted', name: 'muted text on the page background', foreground: c.muted, background: c.background, input: 'background' },
    { id: 'warning', name: 'text on warning badges', foreground: c.text, background: c.warning },
    { id: 'danger', name: 'white text on danger badges', foreground: '#ffffff', background: c.danger },
    ...baseTokens.packages.map((p, i) => ({ id: `package_${i}`, name: `white text on package colour ${i} (${p})`, foreground: '#ffffff', background: bandColour(p) })),
  ]
}

export function checkContrast(input: TenantThemeInput): ContrastResult[] {
  return contrastPairs(buildTheme(input)).map((p) => {
    const ratio = getContrast(p.foreground, p.background)
    return { ...p, ratio, passes: ratio >= AA_NORMAL }
  })
}

/** The colour a theme input key has (unread and background fall back as buildTheme does). */
function colourOf(input: TenantThemeInput, key: ThemeColourKey): string {
  const theme = buildTheme(input)
  return key === 'primary' ? input.primary : key === 'secondary' ? input.secondary : theme.colors[key]
}

/**
 * The colour nearest to the input's colour of key (darkened or lightened in steps of 1%, the fewer steps first)
 * with which every pair following from that key passes; undefined when none within 100 steps does.
 */
export function nearestPassing(input: TenantThemeInput, key: ThemeColourKey): string | undefined {
  const start = colourOf(input, key)
  const passesWith = (colour: string) => checkContrast({ ...input, [key]: colour }).every((r) => r.input !== key || r.passes)
  for (let step = 1; step <= 100; step++) {
    for (const colour of [darken(step / 100, start), lighten(step / 100, start)]) {
      if (passesWith(colour)) return longHex(colour)
    }
  }
  return undefined
}

/** A colour as #rrggbb (polished shortens #ffffff to #fff). */
export function longHex(colour: string): string {
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour)
  return (m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}` : colour).toLowerCase()
}

export interface ContrastFailure {
  key: ThemeColourKey | undefined
  result: ContrastResult
  suggestion?: string
}

/** The failing pairs of a theme, each with the nearest colour of its tenant key that passes. */
export function contrastFailures(input: TenantThemeInput): ContrastFailure[] {
  const failing = checkContrast(input).filter((r) => !r.passes)
  const suggestions = new Map<ThemeColourKey, string | undefined>()
  return failing.map((result) => {
    const key = result.input
    if (key && !suggestions.has(key)) suggestions.set(key, nearestPassing(input, key))
    return { key, result, suggestion: key ? suggestions.get(key) : undefined }
  })
}

/** One line per failing pair: the pair, its ratio and the suggested colour. */
export function describeFailure(f: ContrastFailure): string {
  const r = f.result
  const pair = `${r.name}: ${r.foreground} on ${r.background} is ${r.ratio.toFixed(2)}:1, WCAG AA needs ${AA_NORMAL}:1`
  if (!f.key) return `${pair} (a base colour of themes/base.ts)`
  return f.suggestion ? `${pair}; nearest passing ${f.key}: ${f.suggestion}` : `${pair}; no nearby ${f.key} passes, choose a darker or lighter colour`
}
