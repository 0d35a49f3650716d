import { useCallback, useEffect, useRef, useState } from 'react'
import styled from '../../ui/styled'
import { useStoreSnapshot } from '../../shared/store'
import { useTranslation } from '../../shared/use-translation'
import { useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { matchFinderEndpoint, skipEndpoint } from './endpoints'
import type { MemberProfile } from '../../shared/discovery-contracts'
import { FictionalLabel, MemberPhoto, placeOf, useCountryName } from '../../ui/member-card'
import { Button, ButtonLink } from '../../ui/button'
import { Alert } from '../../ui/form'
import { Heart } from '../../ui/heart'
import { LoginRequired } from '../../ui/login-required'
import { searchInput, searchState, type FilterForm } from './search-store'
import { setLike } from './member-actions'
import type { MatchFinderPageData } from './page-data.server'
import { useArrowKeys, type SwipeDirection } from './swipe-gesture'
import { VisuallyHidden } from '../../ui/visually-hidden'

const Wrap = styled.div(({ theme }) => ({ maxWidth: 520, margin: '0 auto', padding: '12px 12px 40px', [theme.mq.md]: { padding: '24px 16px 56px' } }))
const Title = styled.h1(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 24, margin: '0 0 4px', [theme.mq.md]: { fontSize: 30 } }))
const Intro = styled.p(({ theme }) => ({ color: theme.colors.muted, margin: '0 0 14px' }))
const Card = styled.article(({ theme }) => ({
  borderRadius: 18,
  overflow: 'hidden',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 10px 30px rgba(0,0,0,0.12)',
}))
/** Square on phones so the buttons stay on the first screen; portrait from md. */
const PhotoLink = styled.a(({ theme }) => ({ display: 'block', '> div': { aspectRatio: '1 / 1' }, [theme.mq.md]: { '> div': { aspectRatio: '4 / 5' } } }))
const Body = styled.div(({ theme }) => ({
  padding: '14px 16px 18px',
  h2: { margin: '6px 0 2px', fontSize: 24 },
  p: { margin: 0, color: theme.colors.muted },
}))
const Interests = styled.ul(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: '10px 0 0',
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  li: { padding: '3px 10px', borderRadius: 999, background: theme.colors.primarySoft, color: theme.colors.primaryDark, fontWeight: 600, fontSize: 13 },
}))
const Controls = styled.div({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, marginTop: 16 })
/** The arrow keys' hint, for devices with a pointer that hovers (a keyboard is likely there, not on a phone). */
const Hint = styled.p(({ theme }) => ({ display: 'none', textAlign: 'center', color: theme.colors.muted, fontSize: 14, margin: '12px 0 0', '@media (hover: hover)': { display: 'block' } }))
const Empty = styled.div(({ theme }) => ({
  textAlign: 'center',
  padding: '40px 16px',
  background: theme.colors.surface,
  borderRadius: theme.radius,
  border: `1px dashed ${theme.colors.border}`,
  p: { color: theme.colors.muted },
}))

/** Starts loading an image, so the next profile shows at once. */
function prefetchImage(url: string | undefined) {
  if (!url || typeof Image === 'undefined') return
  const img = new Image()
  img.decoding = 'async'
  img.src = url
}

/** /match-finder: one profile at a time from the search filters; like or skip; the next one is preloaded. */
export function MatchFinderPage() {
  const { t } = useTranslation()
  const countryOf = useCountryName()
  const data = useData<MatchFinderPageData>()
  const { user } = useSession()
  const search = useStoreSnapshot(searchState)
  const [current, setCurrent] = useState<MemberProfile | null>(data.finder?.profile ?? null)
  const [next, setNext] = useState<MemberProfile | null>(data.finder?.next ?? null)
  const [busy, setBusy] = useState(false)
  const deciding = useRef(false)
  const [error, setError] = useState<string>()
  const [match, setMatch] = useState<MemberProfile | null>(null)
  const filters = search.applied as FilterForm | null
  const query = filters ? searchInput(filters) : null
  const started = useRef(false)
  // What a screen reader hears after a decision: the outcome and the profile shown now.
  const [announcement, setAnnouncement] = useState('')
  // The arrow keys decide like the buttons (→ like, ← skip); decide is this render's, kept in a ref.
  const decideRef = useRef<(like: boolean) => Promise<void>>(undefined)
  const onArrow = useCallback((dir: SwipeDirection) => void decideRef.current?.(dir === 'right'), [])
  useArrowKeys(onArrow, Boolean(user && current) && !busy)

  const load = async () => {
    const res = await callEndpoint(matchFinderEndpoint, { query: query ?? {} })
    setCurrent(res.profile)
    setNext(res.next)
  }

  // With filters chosen on the search page, the finder follows them.
  useEffect(() => {
    if (started.current || !user) return
    started.current = true
    if (query) load().catch(() => setError(t('errors.generic')))
    // only once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => prefetchImage(next?.main_image?.filename), [next])

  if (!user) return <LoginRequired title={t('match_finder.title')} message={t('match_finder.login_required')} />

  const decide = async (like: boolean) => {
    // deciding is set at once (busy only at the next render): a second key or click before it is not a second decision.
    if (!current || deciding.current) return
    deciding.current = true
    const shown = current
    setBusy(true)
    setError(undefined)
    setMatch(null)
    setAnnouncement(
      [t(like ? 'swipe.announce_like' : 'swipe.announce_skip', { name: shown.name }), next ? t('swipe.announce_next', { name: next.name, age: next.age }) : ''].join(' ').trim(),
    )
    // The preloaded profile shows at once; the server answers with the one after it.
    setCurrent(next)
    setNext(null)
    try {
      if (like) {
        const res = await setLike(shown.id, true)
        if (res.match) setMatch(shown)
      } else {
        await callEndpoint(skipEndpoint, { body: { id: shown.id } })
      }
      await load()
    } catch (err) {
      if (err instanceof SilentAbort) return
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      deciding.current = false
      setBusy(false)
    }
  }

  decideRef.current = decide

  const country = current ? countryOf(current.country) : undefined

  return (
    <Wrap>
      <Title>{t('match_finder.title')}</Title>
      <Intro>{t('match_finder.intro')}</Intro>
      {error && <Alert role="alert">{error}</Alert>}
      {match && (
        <Alert tone="success" role="status" data-testid="finder-match">
          {t('member.new_match', { name: match.name })} <a href={`/members/${match.id}/chat`}>{t('member.message')}</a>
        </Alert>
      )}
      {current ? (
        <Card data-testid="finder-card" data-member-id={current.id}>
          <PhotoLink href={`/members/${current.id}`} aria-label={t('match_finder.open_profile', { name: current.name })}>
            <MemberPhoto image={current.main_image} alt={t('members.photo_of', { name: current.name })} size="full" ratio="4 / 5" eager lockText={current.main_image?.locked ? t('member.locked_photo') : undefined} />
          </PhotoLink>
          <Body>
            {current.fictional && <FictionalLabel />}
            <h2>
              {current.name}, {current.age}
            </h2>
            <p>{placeOf(current, country)}</p>
            {current.interests.length > 0 && (
              <Interests>
                {current.interests.slice(0, 6).map((i) => (
                  <li key={i}>{t(`interests.${i}`)}</li>
                ))}
              </Interests>
            )}
          </Body>
        </Card>
      ) : (
        <Empty data-testid="finder-empty">
          <p>{busy ? t('common.loading') : t('match_finder.empty')}</p>
          {!busy && <ButtonLink href="/members">{t('match_finder.change_filters')}</ButtonLink>}
        </Empty>
      )}
      {current && (
        <Controls>
          <Button type="button" variant="ghost" onClick={() => decide(false)} aria-disabled={busy} aria-keyshortcuts="ArrowLeft" data-testid="finder-skip">
            ✕ {t('match_finder.skip')}
          </Button>
          <Button type="button" onClick={() => decide(true)} aria-disabled={busy} aria-keyshortcuts="ArrowRight" data-testid="finder-like">
            <Heart size={18} /> {t('member.like')}
          </Button>
        </Controls>
      )}
      {current && <Hint>{t('match_finder.hint')}</Hint>}
      <VisuallyHidden role="status" data-testid="finder-announcement">
        {announcement}
      </VisuallyHidden>
    </Wrap>
  )
}
