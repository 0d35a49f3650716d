import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import styled from '../../ui/styled'
import { useStoreSnapshot } from '../../shared/store'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { searchEndpoint } from './endpoints'
import type { SearchResponse } from '../../shared/discovery-contracts'
import { storedTracking } from '../../shared/tracking'
import { cardPhotoLoading, MemberCardLink, MemberGrid } from '../../ui/member-card-link'
import { Button, ButtonLink } from '../../ui/button'
import { useOpenSignup } from '../accounts'
import { Alert } from '../../ui/form'
import { SearchFilters } from './search-filters'
import { SignupInvite } from './signup-invite'
import { appendPage, formFromApplied, searchInput, searchState, showFirstPage, type FilterForm } from './search-store'
import type { SearchPageData } from './page-data.server'
import { ProfileSkeleton, useProfileOpening } from './profile-skeleton'

const Wrap = styled.div(({ theme }) => ({
  maxWidth: 1200,
  margin: '0 auto',
  padding: '16px 12px 48px',
  display: 'grid',
  gap: 20,
  [theme.mq.lg]: { gridTemplateColumns: '280px minmax(0, 1fr)', padding: '24px 16px 56px', alignItems: 'start' },
}))

const Heading = styled.h1(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 24, margin: '0 0 4px', [theme.mq.md]: { fontSize: 30 } }))
const Count = styled.p(({ theme }) => ({ color: theme.colors.muted, margin: '0 0 16px' }))
const More = styled.div({ display: 'flex', justifyContent: 'center', padding: '24px 0 0' })
const SimilarTitle = styled.h2(({ theme }) => ({ fontSize: 20, color: theme.colors.primaryDark, margin: '32px 0 4px' }))

/** With fewer results than this the similar results are shown under them (the API sends them on a first page with few matches). */
const FEW = 8

/** /members: the search, the home after login. */
export function SearchPage() {
  const { t } = useTranslation()
  const data = useData<SearchPageData>()
  const { user } = useSession()
  const { tenant } = usePageContext()
  const snap = useStoreSnapshot(searchState)
  const [busy, setBusy] = useState<'search' | 'more' | null>(null)
  const [error, setError] = useState<string>()
  const sentinel = useRef<HTMLDivElement>(null)
  const openSignup = useOpenSignup()
  const { opening, onClickCapture } = useProfileOpening()

  // The state of this tab wins (back from a profile); otherwise the server's first page seeds it.
  const fromStore = snap.applied !== null
  const page: Pick<SearchResponse, 'profiles' | 'similar' | 'next_cursor'> | null = fromStore
    ? { profiles: snap.results as SearchResponse['profiles'], similar: snap.similar as SearchResponse['similar'], next_cursor: snap.nextCursor }
    : data.page
  const applied: FilterForm | null = fromStore ? (snap.applied as FilterForm) : data.page ? formFromApplied(data.page.filters) : null

  useEffect(() => {
    if (searchState.applied === null && data.page) showFirstPage(searchState, formFromApplied(data.page.filters), data.page)
  }, [data.page])

  // Back from a profile: the same place in the list.
  useLayoutEffect(() => {
    if (searchState.scrollY > 0) window.scrollTo(0, searchState.scrollY)
  }, [])

  const trafficSource = () => {
    if (user) return {}
    const tr = storedTracking()
    return { network: tr?.network, ref: tr?.ref }
  }

  const run = async (form: FilterForm) => {
    setBusy('search')
    setError(undefined)
    try {
      const res = await callEndpoint(searchEndpoint, { query: searchInput(form, null, trafficSource()) })
      showFirstPage(searchState, form, res)
      window.scrollTo({ top: 0 })
    } catch (err) {
      if (!(err instanceof SilentAbort)) setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      setBusy(null)
    }
  }

  const loadingMore = useRef(false)
  const loadMore = async () => {
    const form = searchState.applied
    if (!form || !searchState.nextCursor || loadingMore.current) return
    loadingMore.current = true
    setBusy('more')
    setError(undefined)
    try {
      const res = await callEndpoint(searchEndpoint, { query: searchInput(form, searchState.nextCursor, trafficSource()) })
      appendPage(searchState, res)
    } catch (err) {
      if (!(err instanceof SilentAbort)) setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      loadingMore.current = false
      setBusy(null)
    }
  }

  // Infinite scroll: the next page loads when the end of the list comes near; the button stays for keyboards.
  const nextCursor = page?.next_cursor
  useEffect(() => {
    const el = sentinel.current
    if (!el || !nextCursor || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: '600px 0px' })
    io.observe(el)
    return () => io.disconnect()
    // loadMore reads the store, not render state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nextCursor])

  if (!page || !applied) {
    return (
      <div style={{ maxWidth: 640, margin: '0 auto', padding: '32px 16px 56px' }}>
        <SignupInvite title={t('members.signup_title', { site: tenant.settings.name })} body={t('members.signup_body')} />
      </div>
    )
  }

  const remember = () => {
    searchState.scrollY = window.scrollY
  }
  const profileHref = (id: number) => `/members/${id}`
  const few = page.profiles.length < FEW && page.similar.length > 0
  // A card was clicked and the profile is on its way: its shape instead of the list.
  if (opening) return <ProfileSkeleton />

  return (
    <Wrap onClickCapture={onClickCapture}>
      <SearchFilters key={JSON.stringify(applied)} applied={applied} fields={tenant.settings.search_fields} busy={busy === 'search'} onSearch={run} />
      <section aria-labelledby="results-title" aria-busy={busy !== null}>
        <Heading id="results-title">{t('members.title')}</Heading>
        <Count data-testid="result-count">{page.profiles.length === 0 ? t('members.none') : t('members.shown', { count: page.profiles.length })}</Count>
        {!user && (
          <Alert tone="info" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }} data-testid="visitor-note">
            <span style={{ flex: '1 1 240px' }}>{t('members.visitor_note')}</span>
            <ButtonLink href="/signup" onClick={openSignup} style={{ minHeight: 38, fontSize: 15 }}>
              {tenant.pitch.cta}
            </ButtonLink>
          </Alert>
        )}
        {error && <Alert role="alert">{error}</Alert>}
        {page.profiles.length > 0 && (
          <MemberGrid data-testid="results">
            {page.profiles.map((m, i) => (
              <MemberCardLink key={m.id} member={m} href={profileHref(m.id)} onOpen={remember} {...cardPhotoLoading(i)} />
            ))}
          </MemberGrid>
        )}
        {page.next_cursor && (
          <More ref={sentinel}>
            <Button type="button" variant="ghost" onClick={() => void loadMore()} disabled={busy === 'more'} data-testid="load-more">
              {busy === 'more' ? t('common.loading') : t('members.more')}
            </Button>
          </More>
        )}
        {few && (
          <section aria-labelledby="similar-title" data-testid="similar">
            <SimilarTitle id="similar-title">{t('members.similar_title')}</SimilarTitle>
            <Count>{t('members.similar_intro')}</Count>
            <MemberGrid>
              {page.similar.map((m) => (
                <MemberCardLink key={m.id} member={m} href={profileHref(m.id)} onOpen={remember} />
              ))}
            </MemberGrid>
          </section>
        )}
      </section>
    </Wrap>
  )
}
