import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import useSWR from 'swr'
import { endpointFetcher, endpointKey } from '../../shared/api-client'
import { memberEndpoint } from './endpoints'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { reloadLikes } from './likes-badge'
import type { MemberProfile } from '../../shared/discovery-contracts'
import { FictionalLabel, LockIcon, MemberPhoto, placeOf, useCountryName } from '../../ui/member-card'
import { Button, ButtonLink, primaryFill } from '../../ui/button'
import { Alert } from '../../ui/form'
import { Heart } from '../../ui/heart'
import { Modal } from '../../ui/modal'
import { BackButton } from '../../ui/back-button'
import { SignupInvite } from './signup-invite'
import { MatchMoment } from './match-moment'
import { PremiumOffer } from './premium-offer'
import { OverflowItem, OverflowMenu } from '../../ui/overflow-menu'
import { LoginPrompt, type LoginAction } from './login-prompt'
import { chatHref, giftHref, setBlock, setLike, withLike } from './member-actions'
import type { MemberPageData } from './page-data.server'

const Wrap = styled.div(({ theme }) => ({
  maxWidth: 1100,
  margin: '0 auto',
  padding: '12px 12px 48px',
  display: 'grid',
  gap: 20,
  [theme.mq.md]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', padding: '24px 16px 56px', alignItems: 'start' },
}))

const Panel = styled.section(({ theme }) => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius,
  padding: 18,
  boxShadow: '0 4px 14px rgba(0,0,0,0.05)',
  h2: { fontSize: 18, margin: '0 0 10px', color: theme.colors.primaryDark },
  [theme.mq.md]: { padding: 24 },
}))

const Gallery = styled.div(({ theme }) => ({
  borderRadius: theme.radius,
  overflow: 'hidden',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 6px 20px rgba(0,0,0,0.08)',
}))

/** Square on phones so the name shows above the fold, portrait beside the details from md. */
const MainPhoto = styled.div(({ theme }) => ({ '> div': { aspectRatio: '1 / 1' }, [theme.mq.md]: { '> div': { aspectRatio: '4 / 5' } } }))
const Thumbs = styled.div({ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 6, padding: 6 })
const Thumb = styled.button<{ active: boolean }>(({ theme, active }) => ({
  padding: 0,
  border: 'none',
  borderRadius: 8,
  overflow: 'hidden',
  cursor: 'pointer',
  outline: active ? `3px solid ${theme.colors.primary}` : 'none',
  outlineOffset: -3,
  background: 'none',
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}` },
}))

const PrivateTag = styled.span({ position: 'absolute', left: 4, bottom: 4, padding: '0 6px', borderRadius: 999, background: 'rgba(0,0,0,0.65)', color: '#fff', fontSize: 11, fontWeight: 700 })
const Name = styled.h1(({ theme }) => ({ fontSize: 28, margin: '0 0 4px', color: theme.colors.text, [theme.mq.md]: { fontSize: 34 } }))
const Sub = styled.p(({ theme }) => ({ margin: '0 0 12px', color: theme.colors.muted, fontSize: 16 }))
const Actions = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: 10,
  margin: '16px 0 4px',
  // Two columns on phones: the labels fit on one line.
  // (element selectors outrank the buttons' own class)
  '> a, > button': { minWidth: 0, padding: '4px 10px', fontSize: 15, lineHeight: 1.2, textAlign: 'center' },
  // The like, the main action, has the row to itself on phones: its label never wraps.
  '> [data-testid="like-button"]': { gridColumn: '1 / -1', whiteSpace: 'nowrap' },
  [theme.mq.sm]: { display: 'flex', flexWrap: 'wrap', '> a, > button': { padding: '0 20px', fontSize: 16 } },
}))
/** The name's panel: the tags, with the menu of more options in its corner. */
const TagsRow = styled.div({ display: 'flex', alignItems: 'flex-start', gap: 8, '> :first-of-type': { flex: 1 } })
const Tags = styled.div({ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', margin: '0 0 8px' })
const MatchTag = styled.span(({ theme }) => ({ padding: '2px 10px', borderRadius: 999, background: primaryFill(theme).bg, color: primaryFill(theme).fg, fontWeight: 700, fontSize: 13 }))
const LikesYouTag = styled.span(({ theme }) => ({ padding: '2px 10px', borderRadius: 999, background: theme.colors.primarySoft, color: theme.colors.primaryDark, fontWeight: 700, fontSize: 13 }))
const Facts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '8px 16px',
  margin: 0,
  dt: { color: theme.colors.muted },
  dd: { margin: 0, fontWeight: 600 },
}))
const Interests = styled.ul(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  li: { padding: '6px 12px', borderRadius: 999, background: theme.colors.primarySoft, color: theme.colors.primaryDark, fontWeight: 600 },
}))
const Premium = styled.div(({ theme }) => ({
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  padding: 12,
  borderTop: `1px solid ${theme.colors.border}`,
  color: theme.colors.text,
  svg: { color: theme.colors.primary, flex: '0 0 auto' },
  p: { margin: 0, flex: 1, fontSize: 14 },
}))
const Warning = styled.p(({ theme }) => ({ margin: '8px 0 0', padding: '10px 12px', borderRadius: 10, background: '#fff8e1', border: `1px solid ${theme.colors.secondary}`, fontSize: 14 }))

/** The profile fields in the order they show; the API sends only the tenant's visible ones. */
const FIELD_ORDER = ['gender', 'sexuality', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'tattoos'] as const

const fetcher = endpointFetcher(memberEndpoint)

/** /members/{id} and /likes/m/{id}: another member's profile (fresh state for each member the client router opens). */
export function MemberPage() {
  const { routeParams } = usePageContext()
  return <MemberProfileView key={routeParams.id} id={Number(routeParams.id)} />
}

function MemberProfileView({ id }: { id: number }) {
  const { t } = useTranslation()
  const data = useData<MemberPageData>()
  const { tenant } = usePageContext()
  const countryOf = useCountryName()
  const { user } = useSession()
  const { data: answer, mutate } = useSWR(endpointKey(memberEndpoint, data.member && user ? { query: { id } } : null), fetcher, { fallbackData: data.member ?? undefined, revalidateOnMount: false, revalidateOnFocus: false })
  const [photoIndex, setPhotoIndex] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [confirmBlock, setConfirmBlock] = useState(false)
  const [justMatched, setJustMatched] = useState(false)
  const [offer, setOffer] = useState(false)
  const [prompt, setPrompt] = useState<LoginAction>()
  const shown = answer ?? data.member

  // Opening the profile cleared a new like on the server: the badge follows.
  const likesYou = shown?.profile.likes_you
  useEffect(() => {
    if (likesYou) void reloadLikes()
  }, [id, likesYou])

  if (!shown) {
    return (
      <div style={{ maxWidth: 640, margin: '0 auto', padding: '32px 16px 56px' }}>
        <SignupInvite title={t('member.login_title')} body={t('member.login_body', { site: tenant.settings.name })} />
      </div>
    )
  }
  const p = shown.profile
  const member = !shown.public_view && Boolean(user)
  const photos = p.photos.length > 0 ? p.photos : p.main_image ? [p.main_image] : []
  const current = photos[Math.min(photoIndex, Math.max(photos.length - 1, 0))] ?? null
  const anyLocked = photos.some((ph) => ph.locked)
  const country = countryOf(p.country)

  // While a call runs the buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus (to the
  // page's body), and the match moment hands focus back to the like button when it closes.
  const act = async (run: () => Promise<MemberProfile>) => {
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      const next = await run()
      await mutate({ ...shown, profile: next }, { revalidate: false })
    } catch (err) {
      if (!(err instanceof SilentAbort)) setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }
  const like = () =>
    act(async () => {
      const res = await setLike(p.id, !p.liked)
      setJustMatched(res.match && !p.match)
      return withLike(p, res)
    })
  const block = () => {
    setConfirmBlock(false)
    void act(async () => ({ ...p, blocked: (await setBlock(p.id, !p.blocked)).blocked }))
  }

  const facts = FIELD_ORDER.filter((f) => p.fields[f])
  const notes = (['about', 'looking_for'] as const).filter((n) => p.notes[n])

  return (
    <Wrap data-testid="member-profile" data-member-id={p.id}>
      <div>
        <BackButton />
        <Gallery data-testid="gallery">
          <MainPhoto>
            <MemberPhoto
              image={current}
              alt={t('members.photo_of', { name: p.name })}
              size="full"
              ratio="4 / 5"
              eager
              lockText={current?.locked ? (p.match ? t('member.locked_photo_match') : t('member.locked_photo')) : undefined}
              lockAction={member ? t('premium_offer.unlock') : undefined}
              onLock={member ? () => setOffer(true) : undefined}
            />
          </MainPhoto>
          {photos.length > 1 && (
            <Thumbs>
              {photos.map((ph, i) => (
                <Thumb key={ph.id} type="button" active={ph === current} aria-label={t('member.photo_n', { n: i + 1, total: photos.length })} aria-pressed={ph === current} onClick={() => setPhotoIndex(i)}>
                  <MemberPhoto image={ph} alt="" sizes="(min-width: 768px) 90px, 20vw">
                    {ph.visibility === 'private' && <PrivateTag>{t('member.private')}</PrivateTag>}
                  </MemberPhoto>
                </Thumb>
              ))}
            </Thumbs>
          )}
          {(anyLocked || p.hidden_private_photos > 0) && (
            <Premium data-testid="premium-invite">
              <LockIcon size={26} />
              <p>
                {anyLocked && t('member.photos_locked')}{' '}
                {p.hidden_private_photos > 0 && <span data-testid="hidden-private">{t('member.private_hidden', { count: p.hidden_private_photos })}</span>}
              </p>
              {member && (
                <ButtonLink href="/premium" variant="secondary" style={{ minHeight: 38, padding: '0 14px', fontSize: 14 }}>
                  {t('nav.get_premium')}
                </ButtonLink>
              )}
            </Premium>
          )}
        </Gallery>
      </div>

      <div style={{ display: 'grid', gap: 16, alignContent: 'start' }}>
        <Panel aria-labelledby="member-name">
          <TagsRow>
            <Tags>
              {p.fictional && <FictionalLabel />}
              {p.match ? <MatchTag data-testid="match-tag">{t('member.match')}</MatchTag> : p.likes_you ? <LikesYouTag data-testid="likes-you">{t('member.likes_you')}</LikesYouTag> : null}
            </Tags>
            {member && !p.blocked && (
              <OverflowMenu label={t('member.more_options')} testId="member-more">
                {(close) => (
                  <OverflowItem
                    role="menuitem"
                    type="button"
                    tone="danger"
                    onClick={() => {
                      close()
                      setConfirmBlock(true)
                    }}
                    disabled={busy}
                    data-testid="block-button"
                  >
                    {t('member.block')}
                  </OverflowItem>
                )}
              </OverflowMenu>
            )}
          </TagsRow>
          <Name id="member-name">
            {p.name}, {p.age}
          </Name>
          <Sub data-testid="profile-place">{placeOf(p, country, { withCountry: true })}</Sub>
          {p.fictional && <Warning data-testid="fictional-warning">{shown.fictional_label?.warning ?? tenant.settings.fictional_warning}</Warning>}
          {error && (
            <Alert role="alert" style={{ marginTop: 12 }}>
              {error}
            </Alert>
          )}
          {member && p.blocked && (
            <Alert tone="info" style={{ marginTop: 12 }} data-testid="blocked-note">
              {t('member.blocked_note', { name: p.name })}
            </Alert>
          )}
          {member ? (
            <Actions>
              {!p.blocked && (
                <>
                  <Button type="button" variant={p.liked ? 'ghost' : 'primary'} onClick={like} aria-disabled={busy} aria-pressed={p.liked} data-testid="like-button">
                    <Heart size={18} /> {p.liked ? t('member.unlike') : t('member.like')}
                  </Button>
                  <ButtonLink href={chatHref(p.id)} variant="secondary" data-testid="message-link">
                    {t('member.message')}
                  </ButtonLink>
                  <ButtonLink href={giftHref(p.id)} variant="ghost" data-testid="gift-link">
                    {t('member.gift')}
                  </ButtonLink>
                </>
              )}
              {p.blocked && (
                <Button type="button" variant="ghost" onClick={block} disabled={busy} data-testid="block-button">
                  {t('member.unblock')}
                </Button>
              )}
            </Actions>
          ) : (
            <>
              {/* A visitor sees the actions too; each asks to log in with its own message (SPEC.md section 6). */}
              <Actions data-testid="visitor-actions">
                <Button type="button" onClick={() => setPrompt('like')} data-testid="like-button">
                  <Heart size={18} /> {t('member.like')}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setPrompt('chat')} data-testid="message-link">
                  {t('member.message')}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setPrompt('gift')} data-testid="gift-link">
                  {t('member.gift')}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setPrompt('photos')} data-testid="more-photos">
                  {t('member.login_prompt.more_photos')}
                </Button>
              </Actions>
              {prompt && <LoginPrompt action={prompt} name={p.name} next={`/members/${p.id}`} onClose={() => setPrompt(undefined)} />}
              <div style={{ marginTop: 16 }}>
                <SignupInvite title={t('member.visitor_title', { name: p.name })} body={t('member.visitor_body')} testId="member-signup-invite" />
              </div>
            </>
          )}
        </Panel>

        {notes.map((n) => (
          <Panel key={n} aria-label={t(`member.notes.${n}`)}>
            <h2>{t(`member.notes.${n}`)}</h2>
            <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{p.notes[n]}</p>
          </Panel>
        ))}

        {facts.length > 0 && (
          <Panel>
            <h2>{t('member.about_title', { name: p.name })}</h2>
            <Facts data-testid="member-facts">
              <dt>{t('member.fields.age')}</dt>
              <dd>{t('member.age_years', { count: p.age })}</dd>
              {facts.map((f) => (
                <FactRow key={f} field={f} value={p.fields[f]!} />
              ))}
              <dt>{t('member.fields.place')}</dt>
              <dd>{placeOf(p, country)}</dd>
            </Facts>
          </Panel>
        )}

        {p.interests.length > 0 && (
          <Panel>
            <h2>{t('member.interests')}</h2>
            <Interests data-testid="member-interests">
              {p.interests.map((i) => (
                <li key={i}>{t(`interests.${i}`)}</li>
              ))}
            </Interests>
          </Panel>
        )}
      </div>

      {offer && <PremiumOffer name={p.name} matched={p.match} onClose={() => setOffer(false)} />}
      {justMatched && <MatchMoment member={p} onClose={() => setJustMatched(false)} />}
      {confirmBlock && (
        <Modal title={t('member.block_title', { name: p.name })} onDismiss={() => setConfirmBlock(false)} onClose={() => setConfirmBlock(false)} closeLabel={t('common.close')}>
          <p>{t('member.block_body', { name: p.name })}</p>
          <div style={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            <Button type="button" onClick={block} data-testid="block-confirm">
              {t('member.block_confirm')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirmBlock(false)}>
              {t('member.cancel')}
            </Button>
          </div>
        </Modal>
      )}
    </Wrap>
  )
}

function FactRow({ field, value }: { field: string; value: string }) {
  const { t } = useTranslation()
  return (
    <>
      <dt>{t(`member.fields.${field}`)}</dt>
      <dd>{t(`profile.${field}.${value}`, { defaultValue: value })}</dd>
    </>
  )
}
