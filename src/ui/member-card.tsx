// Other members as the viewer may see them: the photo (blurred with a lock for viewers who are not premium, as
// the API gives it), the fictional label and warning, and their place. The card of search results, likes and the
// match finder is member-card-link.tsx, apart so that the landers, which show photos but no cards, do not load it.
import { useCallback, useState, type ReactNode } from 'react'
import styled from './styled'
import { useTranslation } from '../shared/use-translation'
import { usePageContext } from '../../renderer/page-context'
import type { MemberCard as Member, MemberImage } from '../shared/discovery-contracts'
import { responsiveSources } from '../shared/media-variants'
import { countryName } from '../shared/region-name'
import { fictionalNotice } from '../shared/fictional-notice'

/** A padlock for locked photos. */
export function LockIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v3H9V7zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3A2 2 0 0 1 12 14z" />
    </svg>
  )
}

/** A silhouette for members without a photo. */
function NoPhoto() {
  return (
    <svg viewBox="0 0 64 64" width="45%" aria-hidden="true">
      <circle cx="32" cy="22" r="12" fill="currentColor" />
      <path fill="currentColor" d="M8 60c2-14 12-22 24-22s22 8 24 22z" />
    </svg>
  )
}

// The frame's styles depend on the theme alone, so they are serialized once per theme (src/ui/styled.ts); the
// aspect ratio is a component of its own per ratio (framed() below). With the ratio read as a prop, the whole
// object was serialized and hashed again for every photo of every list: a member search renders 24 (decision 042).
const FrameBase = styled.div(({ theme }) => ({
  position: 'relative',
  width: '100%',
  overflow: 'hidden',
  background: `linear-gradient(160deg, ${theme.colors.primarySoft}, ${theme.colors.background})`,
  color: theme.colors.primaryLight,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  img: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  // A skeleton while the image loads: a light sweep over the frame, under the image (which comes later in the
  // frame, so paints above it) once that is there. The sweep is a layer of its own moved by transform, which the
  // compositor animates without the page's main thread; a moving background-position repainted the frame every
  // frame, and on a page that had not hydrated (nothing cleared the flag but React) every card did so for as long as
  // the page was open: on a lander, 1.5 s of paint under Lighthouse's throttling. The inline loader of a deferred
  // page clears the flag when its image has loaded, before hydration (src/server/deferred-hydration.server.ts).
  '&[data-loading="true"]::before': {
    content: '""',
    position: 'absolute',
    inset: 0,
    backgroundImage: 'linear-gradient(100deg, transparent 30%, rgba(255,255,255,0.65) 50%, transparent 70%)',
    transform: 'translateX(-100%)',
    animation: 'photo-skeleton 1.2s ease-in-out infinite',
  },
  '@keyframes photo-skeleton': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(100%)' } },
  '@media (prefers-reduced-motion: reduce)': { '&[data-loading="true"]::before': { animation: 'none' } },
}))

const frames = new Map<string, typeof FrameBase>()
/** The frame with an aspect ratio, one component per ratio (a handful: "1", "3 / 4", "16 / 10", "auto"). */
function framed(ratio: string): typeof FrameBase {
  let frame = frames.get(ratio)
  if (!frame) frames.set(ratio, (frame = styled(FrameBase)({ aspectRatio: ratio })))
  return frame
}

const LockBadge = styled.span({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  color: '#fff',
  textShadow: '0 1px 3px rgba(0,0,0,0.5)',
  fontWeight: 700,
  fontSize: 13,
  textAlign: 'center',
  padding: 8,
  background: 'rgba(0,0,0,0.18)',
  svg: { filter: 'drop-shadow(0 1px 3px rgba(0,0,0,0.45))' },
})

/** The lock as a button: tapping it explains what premium unlocks (an offer, not a wall). */
const LockButton = styled(LockBadge.withComponent('button'))(({ theme }) => ({
  border: 'none',
  width: '100%',
  font: 'inherit',
  fontWeight: 700,
  fontSize: 14,
  cursor: 'pointer',
  '&:hover, &:focus-visible': { background: 'rgba(0,0,0,0.3)', outline: 'none' },
  '&:focus-visible': { boxShadow: `inset 0 0 0 3px ${theme.colors.secondary}` },
  '.offer': { marginTop: 4, padding: '6px 14px', borderRadius: 999, background: theme.colors.surface, color: theme.colors.primaryDark, textShadow: 'none', fontSize: 13 },
}))

/**
 * How wide a photo is shown, for the browser's pick among the variants: a card of the grid below (2 columns on
 * phones, 3 from 576 px, 4 beside the search filters from 992 px, 5 from 1200 px), a full photo on the profile
 * (the whole width on phones, under half of the 1100 px page from 768 px).
 */
export const PHOTO_SIZES = {
  thumb: '(min-width: 1200px) 220px, (min-width: 992px) 25vw, (min-width: 576px) 33vw, 50vw',
  full: '(min-width: 768px) 480px, 100vw',
} as const

/**
 * One photo of another member. A locked photo is the server-made blurred copy (its address is all the browser
 * ever gets) with a lock on top; with onLock the lock is a button that offers premium. Until the image has
 * loaded, the frame shimmers (a skeleton, not a grey tile).
 */
export function MemberPhoto({ image, alt, size = 'thumb', sizes = PHOTO_SIZES[size], ratio = '1', lockText, lockAction, onLock, eager = false, priority = eager && size === 'full', children }: { image: MemberImage | null; alt: string; size?: 'thumb' | 'full'; sizes?: string; ratio?: string; lockText?: string; lockAction?: string; onLock?: () => void; eager?: boolean; priority?: boolean; children?: ReactNode }) {
  const src = image ? (size === 'thumb' ? image.thumb_filename : image.filename) : null
  // AVIF and WebP in the sizes on offer, derived from the address the API gave (a locked image's is the blurred
  // copy's, so are its variants); the stored file stays the src, the fallback.
  const sources = src && image ? responsiveSources(src, size, image.locked) : undefined
  const [loaded, setLoaded] = useState<string | null>(null)
  // An image already in the cache is complete before React attaches onLoad (server-rendered pages, back navigation).
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setLoaded(img.getAttribute('src'))
  }, [])
  const Frame = framed(ratio)
  // Before hydration the page's inline loader may have cleared data-loading already (its image is there): that
  // difference from the first client render is expected, and React leaves the attribute as it found it.
  return (
    <Frame data-locked={image?.locked ? 'true' : undefined} data-loading={src && loaded !== src ? 'true' : undefined} suppressHydrationWarning>
      {src ? (
        <picture>
          {sources?.avif && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
          <img ref={ref} src={src} srcSet={sources?.webp} sizes={sources ? sizes : undefined} alt={alt} loading={eager || priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} decoding="async" draggable={false} onLoad={() => setLoaded(src)} onError={() => setLoaded(src)} />
        </picture>
      ) : (
        <NoPhoto />
      )}
      {image?.locked &&
        (onLock ? (
          <LockButton type="button" onClick={onLock} data-testid="photo-lock" aria-haspopup="dialog">
            <LockIcon />
            {lockText}
            {lockAction && <span className="offer">{lockAction}</span>}
          </LockButton>
        ) : (
          <LockBadge data-testid="photo-lock">
            <LockIcon />
            {lockText}
          </LockBadge>
        ))}
      {children}
    </Frame>
  )
}

const FictionalTag = styled.span(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 700,
  background: theme.colors.secondary,
  color: theme.colors.onSecondary,
  lineHeight: '18px',
  '&[data-size="small"]': { padding: '0 6px', borderRadius: 6, fontSize: 11, lineHeight: '16px', flex: '0 0 auto' },
}))

/**
 * The tenant's label for fictional profiles (fictional_singular), with its warning as the tooltip, wherever a member
 * meets such a profile. `small` beside a name in a dense row (the chat list, a conversation's header, small cards).
 */
export function FictionalLabel({ size = 'regular', style }: { size?: 'regular' | 'small'; style?: React.CSSProperties }) {
  const { tenant } = usePageContext()
  return (
    <FictionalTag title={tenant.settings.fictional_warning} data-testid="fictional-label" data-size={size} style={style}>
      {tenant.settings.fictional_singular}
    </FictionalTag>
  )
}

const WarningNote = styled.p({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 8,
  margin: '0 0 12px',
  padding: '8px 12px',
  borderRadius: 10,
  fontSize: 14,
  background: '#fff8e1',
  border: '1px solid #f3d37a',
  color: '#5d4300',
})

/**
 * The label and the warning of a fictional profile as one note, for a dialog that lies over the page where they
 * already show (the first message's suggestions, the gift picker): the member still sees whom they write to.
 */
export function FictionalWarningNote() {
  const { tenant } = usePageContext()
  return (
    <WarningNote role="note" data-testid="fictional-warning-note">
      <FictionalLabel size="small" />
      <span>{tenant.settings.fictional_warning}</span>
    </WarningNote>
  )
}

/**
 * A text as places are compared: without case and accents ("Den Haag" and "den haag", "Liège" and "Liege" are one
 * place). Not an Intl.Collator: making one cost Chromium 11-15 ms of a lander's first render, and `localeCompare`
 * with options makes one per call (1.5% of a member search request's CPU; decision 042, second addendum).
 */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Where a member lives, the one formatter of cards and profiles: town and region, a town named like its region
 * ("Groningen, Groningen") said once; the country name when nothing else is known, or always with withCountry.
 */
export function placeOf(member: Pick<Member, 'city' | 'region_name' | 'country'>, countryName?: string, opts: { withCountry?: boolean } = {}): string {
  const country = countryName || member.country
  const parts: string[] = []
  const seen: string[] = []
  for (const part of [member.city, member.region_name, opts.withCountry ? country : null]) {
    const text = part?.trim()
    if (!text) continue
    const key = folded(text)
    if (seen.includes(key)) continue
    parts.push(text)
    seen.push(key)
  }
  return parts.join(', ') || country
}

/**
 * The site's notice of its fictional profiles (src/shared/fictional-notice.ts), where a page shows several members;
 * one member's page shows the warning itself. The payment pages get the same sentence from the API.
 */
export function useFictionalNotice(): string {
  const { t } = useTranslation()
  const { tenant, lng } = usePageContext()
  const s = tenant.settings
  return fictionalNotice(t, lng, { site: s.name, plural: s.fictional_plural, singular: s.fictional_singular })
}

/** A member's country by name (src/shared/region-name.ts), for the page's tenant and language. */
export function useCountryName(): (code: string) => string {
  const { tenant, lng } = usePageContext()
  return (code) => countryName(code, lng, tenant.settings.countries)
}
