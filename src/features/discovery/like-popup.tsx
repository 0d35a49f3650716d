// The like popup of SPEC.md section 2: with ?t=<seconds> in the address, after that delay it shows the member who
// liked the viewer (GET /api/auto-like.php); t is removed from the address at once. It is not modal and lives in
// the layout, so its button opens the profile while the popup stays; it can also start a conversation or show
// the liker's photo large. The likes reload 500 ms after the like (SPEC.md section 9).
import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { callEndpoint } from '../../shared/api-client'
import { reloadLikesSoon } from './likes-badge'
import type { MemberCard } from '../../shared/discovery-contracts'
import { FictionalLabel, MemberPhoto, useCountryName } from '../../ui/member-card'
import { ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'
import { chatHref } from './member-hrefs'

/** The delay of ?t= in milliseconds, or null without a usable t. At most an hour. */
export function likePopupDelay(search: string): number | null {
  const raw = new URLSearchParams(search).get('t')
  if (raw === null || raw.trim() === '') return null
  const seconds = Number(raw)
  if (!Number.isFinite(seconds) || seconds < 0) return null
  return Math.min(seconds, 3600) * 1000
}

/** The address without t (other parameters and the hash stay). */
export function withoutT(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('t')
  return url.pathname + (url.searchParams.toString() ? `?${url.searchParams}` : '') + url.hash
}

const Card = styled.aside(({ theme }) => ({
  position: 'fixed',
  zIndex: 900,
  left: 12,
  right: 12,
  bottom: 12,
  background: theme.colors.surface,
  borderRadius: 18,
  boxShadow: '0 18px 50px rgba(0,0,0,0.3)',
  borderTop: `5px solid ${theme.colors.primary}`,
  padding: 14,
  display: 'grid',
  gridTemplateColumns: '88px 1fr',
  gap: 14,
  alignItems: 'center',
  animation: 'like-popup-in 260ms ease-out',
  '@keyframes like-popup-in': { from: { transform: 'translateY(30px)', opacity: 0 }, to: { transform: 'none', opacity: 1 } },
  [theme.mq.md]: { left: 'auto', right: 24, bottom: 24, width: 380 },
}))
const Face = styled.button({ padding: 0, border: 'none', borderRadius: 14, overflow: 'hidden', cursor: 'zoom-in', background: 'none', width: 88 })
const Text = styled.div(({ theme }) => ({ minWidth: 0, h2: { margin: '0 0 2px', fontSize: 18, color: theme.colors.primaryDark, display: 'flex', alignItems: 'center', gap: 6 }, p: { margin: '0 0 10px', color: theme.colors.muted, fontSize: 14 } }))
const Buttons = styled.div({ display: 'flex', gap: 8, flexWrap: 'wrap', a: { minHeight: 38, padding: '0 14px', fontSize: 14 } })
const Close = styled.button(({ theme }) => ({
  position: 'absolute',
  zIndex: 2,
  top: 4,
  right: 6,
  width: 36,
  height: 36,
  border: 'none',
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.85)',
  fontSize: 24,
  lineHeight: 1,
  cursor: 'pointer',
  color: theme.colors.muted,
  '&:hover': { background: theme.colors.primarySoft },
}))
// The photo shown large is a button too (keyboard and screen readers): pressed again, it goes back to the thumbnail.
const Large = styled.button({ gridColumn: '1 / -1', borderRadius: 14, overflow: 'hidden', maxHeight: '55vh', cursor: 'zoom-out', padding: 0, border: 'none', background: 'none', display: 'block', width: '100%' })

export function LikePopup() {
  const { t } = useTranslation()
  const countryOf = useCountryName()
  const { user } = useSession()
  const [liker, setLiker] = useState<MemberCard | null>(null)
  const [large, setLarge] = useState(false)
  const loggedIn = Boolean(user)

  useEffect(() => {
    if (!loggedIn) return
    const delay = likePopupDelay(window.location.search)
    if (delay === null) return
    window.history.replaceState(window.history.state, '', withoutT(window.location.href))
    let cancelled = false
    const timer = window.setTimeout(() => {
      // The endpoint definitions (and zod) load only when a popup is due: not in every page's bundle.
      import('./endpoints')
        .then(({ autoLikeEndpoint }) => callEndpoint(autoLikeEndpoint))
        .then((res) => {
          if (cancelled || !res.profile) return
          setLarge(false)
          setLiker(res.profile)
          reloadLikesSoon()
        })
        .catch(() => undefined)
    }, delay)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [loggedIn])

  if (!liker) return null
  return (
    // Not modal (SPEC.md section 2: the page stays usable under it); Escape inside it closes it, as its × does.
    <Card
      role="dialog"
      aria-modal="false"
      aria-labelledby="like-popup-title"
      data-testid="like-popup"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setLiker(null)
      }}
    >
      <Close type="button" aria-label={t('common.close')} onClick={() => setLiker(null)} data-testid="like-popup-close">
        ×
      </Close>
      {large ? (
        <Large type="button" aria-expanded="true" onClick={() => setLarge(false)} data-testid="like-popup-large">
          <MemberPhoto image={liker.main_image} alt={t('members.photo_of', { name: liker.name })} size="full" ratio="4 / 5" eager />
        </Large>
      ) : (
        <Face type="button" aria-expanded="false" onClick={() => setLarge(true)} aria-label={t('like_popup.open_photo', { name: liker.name })} data-testid="like-popup-photo">
          <MemberPhoto image={liker.main_image} alt="" eager />
        </Face>
      )}
      <Text style={large ? { gridColumn: '1 / -1' } : undefined}>
        <h2 id="like-popup-title">
          <Heart size={18} /> {t('like_popup.title', { name: liker.name })}
        </h2>
        <p>
          {liker.age} · {liker.city ?? liker.region_name ?? countryOf(liker.country)} {liker.fictional && <FictionalLabel style={{ marginLeft: 4 }} />}
        </p>
        <Buttons>
          <ButtonLink href={`/members/${liker.id}`} data-testid="like-popup-open">
            {t('like_popup.view')}
          </ButtonLink>
          <ButtonLink href={chatHref(liker.id)} variant="ghost" data-testid="like-popup-chat">
            {t('like_popup.chat')}
          </ButtonLink>
        </Buttons>
      </Text>
    </Card>
  )
}
