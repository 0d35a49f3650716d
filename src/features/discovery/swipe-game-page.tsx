import { useCallback, useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { swipeEndpoint, swipeGameEndpoint } from './endpoints'
import type { MemberCard } from '../../shared/discovery-contracts'
import { FictionalLabel, MemberPhoto, placeOf, useCountryName } from '../../ui/member-card'
import { MatchMoment } from './match-moment'
import { Alert } from '../../ui/form'
import { ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'
import { Controls, Round, Stamp } from '../../ui/swipe-controls'
import { LoginRequired } from '../../ui/login-required'
import { dragTransform, useSwipe, type SwipeDirection } from './swipe-gesture'
import { VisuallyHidden } from '../../ui/visually-hidden'
import type { SwipeGamePageData } from './page-data.server'
import { calendarDaysBetween, formatInZone } from '../../shared/dates'

const Wrap = styled.div(({ theme }) => ({ maxWidth: 460, margin: '0 auto', padding: '12px 12px 40px', [theme.mq.md]: { padding: '24px 16px 56px' } }))
const Head = styled.div({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 12, flexWrap: 'wrap', marginBottom: 12 })
const Title = styled.h1(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 24, margin: 0, [theme.mq.md]: { fontSize: 30 } }))
const Left = styled.p(({ theme }) => ({ margin: 0, fontWeight: 700, color: theme.colors.text, display: 'flex', gap: 4, alignItems: 'center' }))
const Hearts = styled.span(({ theme }) => ({ display: 'inline-flex', gap: 2, color: theme.colors.primary, '.spent': { color: theme.colors.border } }))

const Stack = styled.div({ position: 'relative', width: '100%', aspectRatio: '3 / 4', maxHeight: '62vh', margin: '0 auto', touchAction: 'pan-y', userSelect: 'none' })
const CardFace = styled.article(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  borderRadius: 18,
  overflow: 'hidden',
  background: theme.colors.surface,
  boxShadow: '0 12px 32px rgba(0,0,0,0.18)',
  cursor: 'grab',
  touchAction: 'none',
  '&:active': { cursor: 'grabbing' },
  '> div:first-of-type': { height: '100%', aspectRatio: 'auto' },
}))
const Caption = styled.div({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '48px 16px 16px',
  color: '#fff',
  background: 'linear-gradient(transparent, rgba(0,0,0,0.72))',
  h2: { margin: 0, fontSize: 26, textShadow: '0 1px 3px rgba(0,0,0,0.4)' },
  p: { margin: '2px 0 0', opacity: 0.92 },
})
const Hint = styled.p(({ theme }) => ({ textAlign: 'center', color: theme.colors.muted, fontSize: 14, margin: '12px 0 0' }))
const Done = styled.div(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  borderRadius: 18,
  background: theme.colors.surface,
  border: `2px dashed ${theme.colors.border}`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: 24,
  gap: 12,
  color: theme.colors.text,
  h2: { margin: 0, color: theme.colors.primaryDark },
  p: { margin: 0, color: theme.colors.muted },
  '> svg': { color: theme.colors.primary },
}))

/** The reset time in the page's language and the tenant's time zone: a time today, or a day and time. */
export function formatReset(iso: string, lng: string, timeZone: string, now = new Date()): string {
  const sameDay = calendarDaysBetween(now, iso, timeZone) === 0
  return formatInZone(iso, lng, timeZone, sameDay ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'long', hour: '2-digit', minute: '2-digit' })
}

/** /swipe-game: a stack of cards; swipe right (or press →) to like, left (←) to skip; 4 likes a day. */
export function SwipeGamePage() {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  const countryOf = useCountryName()
  const data = useData<SwipeGamePageData>()
  const { user } = useSession()
  const [cards, setCards] = useState<MemberCard[]>(data.game?.cards ?? [])
  const [left, setLeft] = useState(data.game?.likes_left ?? 0)
  const [resetsAt, setResetsAt] = useState(data.game?.resets_at ?? '')
  const perDay = data.game?.likes_per_day ?? 4
  const [error, setError] = useState<string>()
  const [match, setMatch] = useState<MemberCard | null>(null)
  const [refilling, setRefilling] = useState(false)
  // What a screen reader hears after a swipe: the outcome and the next card.
  const [announcement, setAnnouncement] = useState('')
  const top = cards[0]
  const limitReached = left <= 0

  const refill = useCallback(async () => {
    setRefilling(true)
    try {
      const res = await callEndpoint(swipeGameEndpoint, { query: {} })
      setCards((current) => {
        const seen = new Set(current.map((c) => c.id))
        return [...current, ...res.cards.filter((c) => !seen.has(c.id))]
      })
      setLeft(res.likes_left)
      setResetsAt(res.resets_at)
    } catch (err) {
      if (!(err instanceof SilentAbort)) setError(t('errors.generic'))
    } finally {
      setRefilling(false)
    }
  }, [t])

  // Keep a few cards ready under the top one.
  useEffect(() => {
    if (user && cards.length < 3 && !refilling && data.game) void refill()
    // only the stack's size decides
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cards.length])

  const onSwipe = useCallback(
    async (dir: SwipeDirection) => {
      const card = cards[0]
      if (!card) return
      const following = cards[1]
      setAnnouncement(
        [t(dir === 'right' ? 'swipe.announce_like' : 'swipe.announce_skip', { name: card.name }), following ? t('swipe.announce_next', { name: following.name, age: following.age }) : ''].join(' ').trim(),
      )
      setCards((c) => c.slice(1))
      setError(undefined)
      setMatch(null)
      try {
        const res = await callEndpoint(swipeEndpoint, { body: { id: card.id, action: dir === 'right' ? 'like' : 'skip' } })
        setLeft(res.likes_left)
        setResetsAt(res.resets_at)
        if (res.match) setMatch(card)
      } catch (err) {
        if (err instanceof SilentAbort) return
        if (err instanceof HttpError && err.body && typeof err.body.resets_at === 'string') {
          // The server decides: the day's likes are spent. The card comes back for tomorrow.
          setLeft(0)
          setResetsAt(err.body.resets_at)
          setCards((c) => [card, ...c])
        } else {
          setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
        }
      }
    },
    [cards, t],
  )

  const { drag, leaving, fling, handlers } = useSwipe(onSwipe, { enabled: Boolean(top) && !limitReached, keys: true })

  if (!user) return <LoginRequired title={t('swipe.title')} message={t('swipe.login_required')} />

  const transform = leaving ? `translateX(${leaving === 'right' ? 140 : -140}%) rotate(${leaving === 'right' ? 24 : -24}deg)` : drag ? dragTransform(drag.dx, drag.dy) : undefined
  const country = (m: MemberCard) => countryOf(m.country)

  return (
    <Wrap>
      <Head>
        <Title>{t('swipe.title')}</Title>
        <Left data-testid="likes-left" aria-label={t('swipe.likes_left', { count: left, total: perDay })}>
          <Hearts aria-hidden="true">
            {Array.from({ length: perDay }, (_, i) => (
              <span key={i} className={i < left ? undefined : 'spent'}>
                <Heart size={18} />
              </span>
            ))}
          </Hearts>
          <span>{t('swipe.likes_left', { count: left, total: perDay })}</span>
        </Left>
      </Head>
      {error && <Alert role="alert">{error}</Alert>}
      {match && <MatchMoment member={match} onClose={() => setMatch(null)} />}
      <Stack data-testid="swipe-stack">
        {limitReached ? (
          <Done data-testid="swipe-limit">
            <Heart size={44} />
            <h2>{t('swipe.limit_title')}</h2>
            <p>{t('swipe.limit_body', { total: perDay, time: resetsAt ? formatReset(resetsAt, lng, tenant.timeZone) : '' })}</p>
            <ButtonLink href="/match-finder">{t('swipe.to_match_finder')}</ButtonLink>
          </Done>
        ) : !top ? (
          <Done data-testid="swipe-empty">
            <h2>{refilling ? t('common.loading') : t('swipe.empty_title')}</h2>
            {!refilling && <p>{t('swipe.empty_body')}</p>}
          </Done>
        ) : (
          cards
            .slice(0, 3)
            .reverse()
            .map((m, i, shown) => {
              const isTop = i === shown.length - 1
              const depth = shown.length - 1 - i
              return (
                <CardFace
                  key={m.id}
                  data-testid={isTop ? 'swipe-card' : undefined}
                  aria-hidden={!isTop}
                  aria-label={isTop ? t('swipe.card_label', { name: m.name, age: m.age }) : undefined}
                  style={{
                    transform: isTop ? transform : `translateY(${depth * 10}px) scale(${1 - depth * 0.04})`,
                    transition: isTop && drag ? 'none' : 'transform 220ms ease',
                    zIndex: 10 - depth,
                  }}
                  {...(isTop ? handlers : {})}
                >
                  <MemberPhoto image={m.main_image} alt={t('members.photo_of', { name: m.name })} ratio="3 / 4" eager={depth < 2} />
                  {isTop && drag && drag.dx > 30 && <Stamp kind="like">{t('swipe.stamp_like')}</Stamp>}
                  {isTop && drag && drag.dx < -30 && <Stamp kind="nope">{t('swipe.stamp_skip')}</Stamp>}
                  <Caption>
                    {m.fictional && <FictionalLabel style={{ marginBottom: 6 }} />}
                    <h2>
                      {m.name}, {m.age}
                    </h2>
                    <p>{placeOf(m, country(m))}</p>
                  </Caption>
                </CardFace>
              )
            })
        )}
      </Stack>
      <VisuallyHidden role="status" data-testid="swipe-announcement">
        {announcement}
      </VisuallyHidden>
      <Controls>
        {/* During the card's 220 ms fly-out the buttons are aria-disabled, not disabled: a disabled button would drop the
            keyboard focus of a member deciding with Enter or Space. */}
        <Round type="button" tone="skip" aria-label={t('swipe.skip')} aria-keyshortcuts="ArrowLeft" title={t('swipe.skip')} onClick={() => leaving || fling('left')} disabled={!top || limitReached} aria-disabled={Boolean(leaving)} data-testid="swipe-skip">
          ✕
        </Round>
        <Round type="button" tone="like" aria-label={t('swipe.like')} aria-keyshortcuts="ArrowRight" title={t('swipe.like')} onClick={() => leaving || fling('right')} disabled={!top || limitReached} aria-disabled={Boolean(leaving)} data-testid="swipe-like">
          <Heart size={30} />
        </Round>
      </Controls>
      <Hint>{t('swipe.hint')}</Hint>
    </Wrap>
  )
}
