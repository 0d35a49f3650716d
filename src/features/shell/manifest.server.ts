// The installed app per brand (issue 14): the web manifest of a tenant and its icons, drawn from the brand (the
// heart mark of src/ui/heart.tsx in white on the tenant's primary colour) with sharp. Each tenant's icons are
// rendered once per process and kept in memory; their URLs carry a hash of the PNG, so they are cached for a year.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Tenant } from '../../shared/tenant-schema'
import { buildTheme } from '../../../themes/build-theme'
import type { Locale } from '../../shared/locales'

/** The heart mark's path (viewBox 0 0 64 64), the same as src/ui/heart.tsx and public/favicon.svg. */
export const HEART_PATH = 'M32 56S6 40 6 22a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 18-26 34-26 34z'
/** The heart's bounding box inside its viewBox: x 6..58, y about 5..56. */
const HEART = { width: 52, centerX: 32, centerY: 30.5 }

export type IconKind = 'any-192' | 'any-512' | 'maskable-512' | 'apple-180'

interface IconSpec {
  size: number
  /** The heart's width as a share of the icon: a maskable icon keeps it inside the safe zone (the middle 80 % circle). */
  heart: number
}

const ICONS: Record<IconKind, IconSpec> = {
  'any-192': { size: 192, heart: 0.62 },
  'any-512': { size: 512, heart: 0.62 },
  'maskable-512': { size: 512, heart: 0.46 },
  'apple-180': { size: 180, heart: 0.58 },
}

export interface AppIcon {
  kind: IconKind
  size: number
  png: Buffer
  /** `/app-icons/<tenant>-<kind>-<hash>.png` */
  url: string
}

/** The SVG of one icon: a full square of the primary colour (launchers round it themselves) with the white heart. */
export function iconSvg(primary: string, { size, heart }: IconSpec): string {
  const scale = (size * heart) / HEART.width
  const tx = size / 2 - HEART.centerX * scale
  const ty = size / 2 - HEART.centerY * scale
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${primary}"/>` +
    `<path fill="#ffffff" transform="translate(${tx.toFixed(3)} ${ty.toFixed(3)}) scale(${scale.toFixed(5)})" d="${HEART_PATH}"/>` +
    `</svg>`
  )
}

async function renderIcons(tenant: Tenant): Promise<AppIcon[]> {
  return Promise.all(
    (Object.entries(ICONS) as [IconKind, IconSpec][]).map(async ([kind, spec]) => {
      const png = await sharp(Buffer.from(iconSvg(tenant.theme.primary, spec))).png({ compressionLevel: 9 }).toBuffer()
      const hash = createHash('sha256').update(png).digest('hex').slice(0, 12)
      return { kind, size: spec.size, png, url: `/app-icons/${tenant.id}-${kind}-${hash}.png` }
    }),
  )
}

/** Renders each tenant's icons once (the first request waits; later ones share the result). */
export function createAppIconCache() {
  // Per tenant object: a reload of the tenant files (docs/decisions/027) makes new ones, with perhaps new colours.
  const byTenant = new WeakMap<Tenant, Promise<AppIcon[]>>()
  return {
    icons(tenant: Tenant): Promise<AppIcon[]> {
      let icons = byTenant.get(tenant)
      if (!icons) {
        icons = renderIcons(tenant)
        // A failed render is tried again on the next request instead of being remembered.
        icons.catch(() => byTenant.delete(tenant))
        byTenant.set(tenant, icons)
      }
      return icons
    },
  }
}

export type AppIconCache = ReturnType<typeof createAppIconCache>

export interface WebManifest {
  id: string
  name: string
  short_name: string
  description: string
  lang: string
  dir: 'ltr'
  start_url: string
  scope: string
  display: 'standalone'
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[]
}

/** The manifest of a tenant in a language (the request's). */
export function webManifest(tenant: Tenant, lng: Locale, icons: AppIcon[]): WebManifest {
  const theme = buildTheme(tenant.theme)
  const description = tenant.description[lng] ?? tenant.description[tenant.default_locale] ?? ''
  return {
    id: '/',
    name: tenant.name,
    // Launchers cut names beyond about 12 characters; every brand name is short enough today.
    short_name: tenant.name.length <= 12 ? tenant.name : tenant.name.slice(0, 12),
    description,
    lang: lng,
    dir: 'ltr',
    // The home page sends a logged-in member on to the members area, so "/" serves both.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: tenant.theme.primary,
    background_color: theme.colors.background,
    icons: icons
      .filter((i) => i.kind !== 'apple-180')
      .map((i) => ({ src: i.url, sizes: `${i.size}x${i.size}`, type: 'image/png' as const, purpose: i.kind.startsWith('maskable') ? ('maskable' as const) : ('any' as const) })),
  }
}
