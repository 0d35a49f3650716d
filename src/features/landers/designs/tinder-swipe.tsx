// /landers/tinderswipe: a deck of members to swipe (touch, mouse, arrow keys: the swipe game's gesture) that ends,
// after a few swipes, in the call to sign up. Nothing is sent: a visitor's swipes stay in the page.
import { useCallback, useState } from 'react'
import styled from '../../../ui/styled'
import { Heart } from '../../../ui/heart'
import { Controls, Round, Stamp } from '../../../ui/swipe-controls'
import { FictionalLabel } from '../../../ui/member-card'
import { dragTransform, useSwipe, type SwipeDirection } from '../../discovery'
import { FictionalNote, LanderCta, LoginLine, Portrait, useLander, usePlaceOf } from '../lander-kit'

/** Swipes before the deck turns into the call to sign up. */
export const DECK_SWIPES = 4

const Wrap = styled.div(({ theme }) => ({ background: `linear-gradient(180deg, ${theme.colors.primarySoft}, ${theme.colors.background} 60%)`, padding: '16px 12px 40px', [theme.mq.md]: { padding: '36px 16px 64px' } }))
const Inner = styled.div({ maxWidth: 440, margin: '0 auto', textAlign: 'center' })
const Title = styled.h1(({ theme }) => ({ fontSize: 26, margin: '0 0 6px', color: theme.colors.primaryDark, [theme.mq.md]: { fontSize: 34 } }))
const Stack = styled.div({ position: 'relative', width: '100%', aspectRatio: '3 / 4', maxHeight: '60vh', margin: '16px auto 0', touchAction: 'pan-y', userSelect: 'none' })
const CardFace = styled.article({
  position: 'absolute',
  inset: 0,
  borderRadius: 20,
  overflow: 'hidden',
  background: '#fff',
  boxShadow: '0 14px 36px rgba(0,0,0,0.2)',
  cursor: 'grab',
  touchAction: 'none',
  textAlign: 'left',
  '&:active': { cursor: 'grabbing' },
  '> div:first-of-type': { height: '100%', aspectRatio: 'auto' },
})
const Caption = styled.div({ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '56px 16px 16px', color: '#fff', background: 'linear-gradient(transparent, rgba(0,0,0,0.75))', zIndex: 2, h2: { margin: 0, fontSize: 26 }, p: { margin: '2px 0 0', opacity: 0.92 } })
const End = styled.div(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  borderRadius: 20,
  background: `linear-gradient(160deg, ${theme.colors.primary}, ${theme.colors.primaryDeep})`,
  color: '#fff',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  padding: 24,
  textAlign: 'center',
  boxShadow: '0 14px 36px rgba(0,0,0,0.25)',
  h2: { margin: 0, fontSize: 28 },
  p: { margin: 0, opacity: 0.95 },
}))
const Liked = styled.div({ display: 'flex', justifyContent: 'center', margin: '4px 0 8px', '> div': { width: 58, height: 58, borderRadius: '50%', overflow: 'hidden', border: '3px solid #fff', marginLeft: -12 }, '> div:first-of-type': { marginLeft: 0 } })
const Dots = styled.div(({ theme }) => ({ display: 'flex', justifyContent: 'center', gap: 6, marginTop: 14, span: { width: 8, height: 8, borderRadius: '50%', background: theme.colors.border }, '.done': { background: theme.colors.primary } }))

export function TinderSwipeLander() {
  const { data, texts, t } = useLander()
  const placeOf = usePlaceOf()
  const [swiped, setSwiped] = useState<{ id: number; dir: SwipeDirection }[]>([])
  const deck = data.members.slice(swiped.length)
  const finished = swiped.length >= DECK_SWIPES || deck.length === 0
  const top = finished ? undefined : deck[0]
  const onSwipe = useCallback((dir: SwipeDirection) => setSwiped((s) => (top ? [...s, { id: top.id, dir }] : s)), [top])
  const { drag, leaving, fling, handlers } = useSwipe(onSwipe, { enabled: Boolean(top), keys: true })
  const liked = data.members.filter((m) => swiped.some((s) => s.id === m.id && s.dir === 'right'))
  const transform = leaving ? `translateX(${leaving === 'right' ? 140 : -140}%) rotate(${leaving === 'right' ? 24 : -24}deg)` : drag ? dragTransform(drag.dx, drag.dy) : undefined
  return (
    <Wrap data-testid="lander-tinderswipe">
      <Inner>
        <Title>{texts.title}</Title>
        <p style={{ margin: 0 }}>{texts.intent}</p>
        <Stack data-testid="lander-deck">
          {finished ? (
            <End data-testid="lander-deck-end">
              {liked.length > 0 && (
                <Liked>
                  {liked.slice(0, 4).map((m) => (
                    <div key={m.id}>
                      <Portrait member={m} label={false} />
                    </div>
                  ))}
                </Liked>
              )}
              <h2>{liked.length > 0 ? t('landers.tinderswipe.end_liked') : t('landers.tinderswipe.end_title')}</h2>
              <p>{t('landers.tinderswipe.end_body')}</p>
              <LanderCta variant="secondary" testId="lander-deck-cta" />
              <LoginLine />
            </End>
          ) : (
            deck
              .slice(0, 3)
              .reverse()
              .map((m, i, shown) => {
                const isTop = i === shown.length - 1
                const depth = shown.length - 1 - i
                return (
                  <CardFace
                    key={m.id}
                    data-testid={isTop ? 'lander-swipe-card' : undefined}
                    data-member-id={m.id}
                    aria-hidden={!isTop}
                    aria-label={isTop ? `${m.name}, ${m.age}` : undefined}
                    style={{ transform: isTop ? transform : `translateY(${depth * 10}px) scale(${1 - depth * 0.04})`, transition: isTop && drag ? 'none' : 'transform 220ms ease', zIndex: 10 - depth }}
                    {...(isTop ? handlers : {})}
                  >
                    <Portrait member={m} size="full" ratio="3 / 4" eager={depth < 2} label={false} />
                    {isTop && drag && drag.dx > 30 && <Stamp kind="like">{t('landers.tinderswipe.stamp_like')}</Stamp>}
                    {isTop && drag && drag.dx < -30 && <Stamp kind="nope">{t('landers.tinderswipe.stamp_skip')}</Stamp>}
                    <Caption>
                      {m.fictional && <FictionalLabel style={{ marginBottom: 6 }} />}
                      <h2>
                        {m.name}, {m.age}
                      </h2>
                      <p>{placeOf(m)}</p>
                    </Caption>
                  </CardFace>
                )
              })
          )}
        </Stack>
        {!finished && (
          <Controls>
            <Round type="button" tone="skip" aria-label={t('landers.tinderswipe.skip')} title={t('landers.tinderswipe.skip')} onClick={() => fling('left')} disabled={Boolean(leaving)} data-testid="lander-swipe-skip">
              ✕
            </Round>
            <Round type="button" tone="like" aria-label={t('landers.tinderswipe.like')} title={t('landers.tinderswipe.like')} onClick={() => fling('right')} disabled={Boolean(leaving)} data-testid="lander-swipe-like">
              <Heart size={30} />
            </Round>
          </Controls>
        )}
        <Dots aria-hidden="true">
          {Array.from({ length: DECK_SWIPES }, (_, i) => (
            <span key={i} className={i < swiped.length ? 'done' : undefined} />
          ))}
        </Dots>
        <p style={{ fontSize: 14, margin: '10px 0 16px' }}>{t('landers.tinderswipe.hint')}</p>
        {!finished && <LanderCta big={false} variant="primary">{t('landers.tinderswipe.skip_to_signup')}</LanderCta>}
        <FictionalNote members={data.members.slice(0, DECK_SWIPES + 2)} />
      </Inner>
    </Wrap>
  )
}
