import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useStoreSnapshot } from '../../shared/store'
import { useTranslation } from '../../shared/use-translation'
import { useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { callEndpoint, endpointKey, endpointFetcher } from '../../shared/api-client'
import useSWR from 'swr'
import { likesEndpoint } from './endpoints'
import { likesBadge } from '../../shared/likes-store'
import { LIKE_TYPES, type LikeProfile } from '../../shared/discovery-contracts'
import { cardPhotoLoading, MemberCardLink, MemberGrid } from '../../ui/member-card-link'
import { Badge } from '../../ui/badge'
import { Button, ButtonLink, primaryFill } from '../../ui/button'
import { Alert } from '../../ui/form'
import { LoginRequired } from '../../ui/login-required'
import { BackButton } from '../../ui/back-button'
import type { LikesPageData } from './page-data.server'
import { ProfileSkeleton, useProfileOpening } from './profile-skeleton'

const Wrap = styled.div(({ theme }) => ({ maxWidth: 1200, margin: '0 auto', padding: '16px 12px 48px', [theme.mq.md]: { padding: '24px 16px 56px' } }))
const Heading = styled.h1(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 26, margin: '0 0 12px', [theme.mq.md]: { fontSize: 32 } }))

const Tabs = styled.nav(({ theme }) => ({
  display: 'flex',
  gap: 4,
  padding: 4,
  margin: '0 0 20px',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 999,
  width: '100%',
  [theme.mq.sm]: { width: 'fit-content' },
}))
const Tab = styled.a<{ active: boolean }>(({ theme, active }) => ({
  flex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  minHeight: 44,
  padding: '0 16px',
  borderRadius: 999,
  fontWeight: 700,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  color: active ? primaryFill(theme).fg : theme.colors.text,
  background: active ? primaryFill(theme).bg : 'transparent',
  '&:hover': { background: active ? primaryFill(theme).hover : theme.colors.primarySoft },
}))

const NewTag = styled.span(({ theme }) => ({ padding: '1px 8px', borderRadius: 999, background: primaryFill(theme).bg, color: primaryFill(theme).fg, fontWeight: 800, fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.3 }))
const MatchTag = styled.span(({ theme }) => ({ padding: '1px 8px', borderRadius: 999, background: theme.colors.surface, color: theme.colors.primaryDark, fontWeight: 800, fontSize: 12, boxShadow: '0 1px 4px rgba(0,0,0,0.2)' }))
const Empty = styled.div(({ theme }) => ({
  textAlign: 'center',
  padding: '40px 16px',
  background: theme.colors.surface,
  borderRadius: theme.radius,
  border: `1px dashed ${theme.colors.border}`,
  p: { color: theme.colors.muted, margin: '0 0 16px' },
}))

const fetcher = endpointFetcher(likesEndpoint)

/** /likes and /likes/{type}: received likes (new ones first, marked), given likes and matches; each tab starts fresh. */
export function LikesPage() {
  const data = useData<LikesPageData>()
  return <LikesList key={data.type} />
}

function LikesList() {
  const { t } = useTranslation()
  const data = useData<LikesPageData>()
  const { user } = useSession()
  const badge = useStoreSnapshot(likesBadge)
  const type = data.type
  const key = endpointKey(likesEndpoint, user ? { query: { type } } : null)
  const { data: first, mutate } = useSWR(key, fetcher, { fallbackData: data.likes ?? undefined, revalidateOnMount: false })
  const [more, setMore] = useState<{ profiles: LikeProfile[]; next: string | null } | null>(null)
  const { opening, onClickCapture } = useProfileOpening()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  // A realtime like or the like popup reloads the badge: the list follows.
  useEffect(() => {
    if (badge.version > 1 && key) {
      setMore(null)
      void mutate()
    }
  }, [badge.version, key, mutate])

  if (!user) return <LoginRequired title={t('likes_page.title')} message={t('likes_page.login_required')} />

  const profiles = [...(first?.profiles ?? []), ...(more?.profiles ?? [])]
  const next = more ? more.next : (first?.next_cursor ?? null)

  const loadMore = async () => {
    if (!next) return
    setBusy(true)
    setError(undefined)
    try {
      const res = await callEndpoint(likesEndpoint, { query: { type, cursor: next } })
      setMore((m) => ({ profiles: [...(m?.profiles ?? []), ...res.profiles], next: res.next_cursor }))
    } catch (err) {
      if (!(err instanceof SilentAbort)) setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }

  // A card was clicked and the profile is on its way: its shape instead of the list.
  if (opening) return <ProfileSkeleton />

  return (
    <Wrap onClickCapture={onClickCapture}>
      <BackButton />
      <Heading>{t('likes_page.title')}</Heading>
      <Tabs aria-label={t('likes_page.tabs')}>
        {LIKE_TYPES.map((tp) => (
          <Tab key={tp} href={`/likes/${tp}`} active={tp === type} aria-current={tp === type ? 'page' : undefined} data-testid={`likes-tab-${tp}`}>
            {t(`likes_page.tab.${tp}`)}
            {tp === 'received' && tp !== type && <Badge count={badge.newLikes} tone="primary" />}
          </Tab>
        ))}
      </Tabs>
      {error && <Alert role="alert">{error}</Alert>}
      {profiles.length === 0 ? (
        <Empty data-testid="likes-empty">
          <p>{t(`likes_page.empty.${type}`)}</p>
          <ButtonLink href="/members">{t('likes_page.find')}</ButtonLink>
        </Empty>
      ) : (
        <MemberGrid data-testid="likes-list">
          {profiles.map((m, i) => (
            <MemberCardLink
              key={m.id}
              member={m}
              href={`/likes/m/${m.id}`}
              {...cardPhotoLoading(i)}
              tags={
                <>
                  {type === 'received' && m.like_new && <NewTag data-testid="like-new">{t('likes_page.new')}</NewTag>}
                  {m.match && <MatchTag data-testid="like-match">{t('likes_page.match')}</MatchTag>}
                </>
              }
            />
          ))}
        </MemberGrid>
      )}
      {next && (
        <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 24 }}>
          <Button type="button" variant="ghost" onClick={loadMore} disabled={busy}>
            {busy ? t('common.loading') : t('members.more')}
          </Button>
        </div>
      )}
    </Wrap>
  )
}
