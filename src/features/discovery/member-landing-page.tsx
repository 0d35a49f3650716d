// The member landings (lander layout): one member shown to a visitor with a call to sign up, in three designs.
// /members/{id}/landing and /members/{id}/signup: a spotlight (the signup variant with the form on the page);
// /members/{id}/landing2/{slug?}: a personal invitation on a dark stage; /members/{id}/landing3/{slug?}: a gallery.
import styled from '../../ui/styled'
import { darken } from 'polished'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext, useData } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import type { MemberCard, MemberLandingResponse } from '../../shared/discovery-contracts'
import { FictionalLabel, MemberPhoto, placeOf, useCountryName } from '../../ui/member-card'
import { ButtonLink } from '../../ui/button'
import { Heart } from '../../ui/heart'
import { SignupForm } from '../accounts'
import { useOpenSignup } from '../accounts'

type Design = 'landing' | 'signup' | 'landing2' | 'landing3'

/** The call to action: for visitors the signup (modal on desktop, /signup on phones), for members the profile. */
function Cta({ member, big = false, variant = 'primary' }: { member: MemberCard; big?: boolean; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const openSignup = useOpenSignup()
  const style = big ? { minHeight: 54, fontSize: 18, padding: '10px 28px', lineHeight: 1.25, textAlign: 'center' as const } : undefined
  if (user)
    return (
      <ButtonLink href={`/members/${member.id}`} variant={variant} style={style} data-testid="landing-cta">
        {t('landing_member.view_profile', { name: member.name })}
      </ButtonLink>
    )
  return (
    <ButtonLink href="/signup" onClick={openSignup} variant={variant} style={style} data-testid="landing-cta">
      {t('landing_member.cta', { name: member.name })}
    </ButtonLink>
  )
}

function Login() {
  const { t } = useTranslation()
  const { user } = useSession()
  if (user) return null
  return (
    <p style={{ margin: '14px 0 0', fontSize: 15 }}>
      {t('landing.already_member')}{' '}
      <a href="/login" style={{ color: 'inherit', fontWeight: 700 }}>
        {t('nav.login')}
      </a>
    </p>
  )
}

function FictionalNote({ data }: { data: MemberLandingResponse }) {
  const { tenant } = usePageContext()
  if (!data.profile.fictional) return null
  return (
    <p data-testid="fictional-warning" style={{ fontSize: 13, opacity: 0.85, margin: '14px 0 0' }}>
      {data.fictional_label?.warning ?? tenant.settings.fictional_warning}
    </p>
  )
}

export function MemberLandingPage() {
  const data = useData<MemberLandingResponse>()
  const { routeParams } = usePageContext()
  const design = (routeParams.design ?? 'landing') as Design
  return (
    <div data-testid={`member-landing-${design}`}>
      {design === 'landing2' ? <Invitation data={data} /> : design === 'landing3' ? <Gallery data={data} /> : <Spotlight data={data} withForm={design === 'signup'} />}
    </div>
  )
}

function usePlace(m: MemberCard) {
  return placeOf(m, useCountryName()(m.country))
}

/* Design 1: a spotlight, photo beside the introduction (and the signup form on /signup). */
const SpotWrap = styled.section<{ withForm: boolean }>(({ theme, withForm }) => ({
  maxWidth: 1060,
  margin: '0 auto',
  padding: '20px 16px 48px',
  display: 'grid',
  gap: 24,
  [theme.mq.md]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', padding: '48px 16px 72px', alignItems: withForm ? 'start' : 'center', gap: 48 },
}))
const SpotPhoto = styled.div(({ theme }) => ({
  borderRadius: 24,
  overflow: 'hidden',
  boxShadow: `0 24px 60px ${theme.colors.primarySoft}, 0 10px 30px rgba(0,0,0,0.15)`,
  transform: 'rotate(-1.5deg)',
  border: '6px solid #fff',
}))
const Kicker = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.primaryDark, fontWeight: 800, textTransform: 'uppercase', letterSpacing: 0.6, fontSize: 14 }))
const SpotName = styled.h1(({ theme }) => ({ fontSize: 36, margin: '6px 0 6px', color: theme.colors.text, [theme.mq.md]: { fontSize: 52 } }))
const Quote = styled.blockquote(({ theme }) => ({ margin: '16px 0 20px', padding: '12px 16px', borderLeft: `4px solid ${theme.colors.secondary}`, background: theme.colors.surface, borderRadius: 8, fontStyle: 'italic' }))
const FormCard = styled.div(({ theme }) => ({ background: theme.colors.surface, borderRadius: theme.radius, padding: 20, border: `1px solid ${theme.colors.border}`, marginTop: 16 }))

function Spotlight({ data, withForm }: { data: MemberLandingResponse; withForm: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const m = data.profile
  const place = usePlace(m)
  return (
    <SpotWrap withForm={withForm && !user}>
      <SpotPhoto>
        <MemberPhoto image={m.main_image} alt={t('members.photo_of', { name: m.name })} size="full" ratio="4 / 5" eager />
      </SpotPhoto>
      <div>
        <Kicker>{t('landing_member.kicker', { site: tenant.settings.name })}</Kicker>
        <SpotName>
          {m.name}, {m.age}
        </SpotName>
        <p style={{ margin: 0, fontSize: 18 }}>
          {place} {m.fictional && <FictionalLabel style={{ marginLeft: 8, verticalAlign: 'middle' }} />}
        </p>
        {m.notes.about ? <Quote>{m.notes.about}</Quote> : <p style={{ fontSize: 18 }}>{t('landing_member.spotlight_body', { name: m.name })}</p>}
        {withForm && !user ? (
          <FormCard data-testid="landing-signup-form">
            <h2 style={{ marginTop: 0 }}>{t('landing_member.form_title', { name: m.name })}</h2>
            <SignupForm />
          </FormCard>
        ) : (
          <>
            <Cta member={m} big />
            <Login />
          </>
        )}
        <FictionalNote data={data} />
      </div>
    </SpotWrap>
  )
}

/* Design 2: a personal invitation on a dark stage, round portrait and a speech bubble. */
const Stage = styled.section(({ theme }) => ({
  background: `radial-gradient(circle at 50% 0%, ${theme.colors.primary} 0%, ${darken(0.25, theme.colors.primaryDark)} 70%)`,
  color: '#fff',
  textAlign: 'center',
  padding: '36px 16px 56px',
  [theme.mq.md]: { padding: '64px 16px 88px' },
}))
const Portrait = styled.div(({ theme }) => ({
  width: 180,
  height: 180,
  margin: '0 auto',
  borderRadius: '50%',
  overflow: 'hidden',
  border: `5px solid ${theme.colors.secondary}`,
  boxShadow: '0 0 0 10px rgba(255,255,255,0.12), 0 16px 40px rgba(0,0,0,0.35)',
  [theme.mq.md]: { width: 240, height: 240 },
}))
const Bubble = styled.div(({ theme }) => ({
  position: 'relative',
  maxWidth: 520,
  margin: '28px auto 24px',
  padding: '16px 20px',
  background: '#fff',
  color: theme.colors.text,
  borderRadius: 18,
  fontSize: 18,
  textAlign: 'left',
  boxShadow: '0 10px 30px rgba(0,0,0,0.25)',
  '&::before': { content: '""', position: 'absolute', top: -10, left: '50%', marginLeft: -10, borderWidth: '0 10px 12px', borderStyle: 'solid', borderColor: 'transparent transparent #fff' },
}))
const Others = styled.div({ display: 'flex', justifyContent: 'center', gap: 10, marginTop: 32, flexWrap: 'wrap' })
const OtherFace = styled.div({ width: 64, height: 64, borderRadius: '50%', overflow: 'hidden', border: '3px solid rgba(255,255,255,0.7)' })

function Invitation({ data }: { data: MemberLandingResponse }) {
  const { t } = useTranslation()
  const m = data.profile
  const place = usePlace(m)
  return (
    <Stage>
      <Portrait>
        <MemberPhoto image={m.main_image} alt={t('members.photo_of', { name: m.name })} eager />
      </Portrait>
      <h1 style={{ fontSize: 34, margin: '20px 0 4px' }}>
        {m.name}, {m.age}
      </h1>
      <p style={{ margin: 0, opacity: 0.9 }}>
        {place} {m.fictional && <FictionalLabel style={{ marginLeft: 6 }} />}
      </p>
      <Bubble>{m.notes.about || t('landing_member.invitation_body', { name: m.name })}</Bubble>
      <Cta member={m} big variant="secondary" />
      <Login />
      <FictionalNote data={data} />
      {data.others.length > 0 && (
        <>
          <p style={{ margin: '36px 0 0', fontWeight: 700 }}>{t('landing_member.others', { count: data.others.length })}</p>
          <Others>
            {data.others.slice(0, 6).map((o) => (
              <OtherFace key={o.id} title={`${o.name}, ${o.age}`}>
                <MemberPhoto image={o.main_image} alt={t('members.photo_of', { name: o.name })} />
              </OtherFace>
            ))}
          </Others>
        </>
      )}
    </Stage>
  )
}

/* Design 3: a gallery, the member large among others of the pool. */
const GalleryWrap = styled.section(({ theme }) => ({ maxWidth: 1100, margin: '0 auto', padding: '24px 12px 56px', [theme.mq.md]: { padding: '40px 16px 72px' } }))
const GalleryHead = styled.div(({ theme }) => ({
  textAlign: 'center',
  marginBottom: 20,
  h1: { fontSize: 28, margin: '0 0 8px', color: theme.colors.primaryDark, [theme.mq.md]: { fontSize: 40 } },
  p: { margin: 0, color: theme.colors.muted, fontSize: 17 },
}))
const Mosaic = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 8,
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  [theme.mq.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 12 },
}))
const Featured = styled.figure(({ theme }) => ({
  gridColumn: 'span 2',
  gridRow: 'span 2',
  margin: 0,
  position: 'relative',
  borderRadius: 16,
  overflow: 'hidden',
  boxShadow: `0 0 0 4px ${theme.colors.primary}`,
  figcaption: { position: 'absolute', left: 0, right: 0, bottom: 0, padding: '32px 12px 12px', color: '#fff', background: 'linear-gradient(transparent, rgba(0,0,0,0.7))', fontWeight: 800, fontSize: 20 },
}))
/** Phones (3 columns) show five others and desktops (5 columns) six, so the mosaic's rows are full. */
const Tile = styled.div(({ theme }) => ({
  position: 'relative',
  borderRadius: 12,
  overflow: 'hidden',
  opacity: 0.92,
  '&:nth-of-type(n+6)': { display: 'none' },
  [theme.mq.md]: { '&:nth-of-type(n+6)': { display: 'block' } },
}))
const GalleryCta = styled.div(({ theme }) => ({ textAlign: 'center', marginTop: 28, padding: '24px 16px', background: theme.colors.primarySoft, borderRadius: theme.radius }))

function Gallery({ data }: { data: MemberLandingResponse }) {
  const { t } = useTranslation()
  const m = data.profile
  const place = usePlace(m)
  return (
    <GalleryWrap>
      <GalleryHead>
        <h1>{t('landing_member.gallery_title', { name: m.name, count: data.others.length })}</h1>
        <p>{t('landing_member.gallery_body', { place })}</p>
      </GalleryHead>
      <Mosaic>
        <Featured>
          <MemberPhoto image={m.main_image} alt={t('members.photo_of', { name: m.name })} size="full" eager>
            {m.fictional && (
              <span style={{ position: 'absolute', left: 8, top: 8 }}>
                <FictionalLabel />
              </span>
            )}
          </MemberPhoto>
          <figcaption>
            <Heart size={18} /> {m.name}, {m.age}
          </figcaption>
        </Featured>
        {data.others.slice(0, 6).map((o) => (
          <Tile key={o.id} title={`${o.name}, ${o.age}`}>
            <MemberPhoto image={o.main_image} alt={t('members.photo_of', { name: o.name })}>
              {o.fictional && (
                <span style={{ position: 'absolute', left: 6, top: 6 }}>
                  <FictionalLabel />
                </span>
              )}
            </MemberPhoto>
          </Tile>
        ))}
      </Mosaic>
      <GalleryCta>
        <Cta member={m} big />
        <Login />
        <FictionalNote data={data} />
      </GalleryCta>
    </GalleryWrap>
  )
}
