// /complete-signup: steps 0 to 4 with step dots, then a complete step. Each step is a route of a MemoryRouter
// (its own back) and saves its fields with PUT /api/profile.php.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { ownProfileEndpoint, updateOwnProfileEndpoint } from './endpoints'
import type { OwnProfile } from '../../shared/contracts'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextAreaField } from '../../ui/form'
import { APPEARANCE_FIELDS, AppearanceFields, InterestsField, LocationFields, ValueChoice } from './profile-fields'
import { Button, ButtonLink } from '../../ui/button'
import { LoginRequired } from '../../ui/login-required'
import { PhotosManager } from '../photos'
import { FormSkeleton } from '../discovery'

// New profiles had no text: the "Over mij" step asks for a few sentences before the photo.
const STEPS = ['about', 'looks', 'interests', 'location', 'text', 'photo'] as const

const Dots = styled.ol(({ theme }) => ({
  listStyle: 'none',
  display: 'flex',
  gap: 8,
  padding: 0,
  margin: '0 0 20px',
  li: { width: 12, height: 12, borderRadius: '50%', background: theme.colors.border },
  'li[aria-current="step"]': { background: theme.colors.primary, transform: 'scale(1.25)' },
  'li[data-done="true"]': { background: theme.colors.primaryLight },
}))
const Actions = styled.div({ display: 'flex', gap: 12, justifyContent: 'space-between', marginTop: 20 })

/** A step's title; it takes the focus when the step opens (see useStepStart). */
const StepHeading = styled.h2({ marginTop: 0, '&:focus': { outline: 'none' } })

/**
 * A new step starts at the top: the MemoryRouter keeps the window's scroll position, which on a phone left the
 * step's title under the sticky header. The page scrolls back up and the step's title takes the focus (screen
 * readers announce the new step); the first step, shown on arrival, is left alone.
 */
function useStepStart(): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    window.scrollTo({ top: 0, left: 0 })
    container.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
  }, [pathname])
  return container
}

type Save = (patch: Partial<OwnProfile>) => Promise<boolean>

function StepFrame({ index, children, onNext, busy }: { index: number; children: ReactNode; onNext: () => void; busy: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div data-testid={`step-${index}`}>
      <StepHeading tabIndex={-1}>{t(`complete_signup.steps.${STEPS[index]}`)}</StepHeading>
      {children}
      <Actions>
        {index > 0 ? (
          <Button variant="ghost" onClick={() => navigate(-1)}>
            {t('complete_signup.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onNext} disabled={busy}>
          {busy ? t('complete_signup.saving') : t('complete_signup.next')}
        </Button>
      </Actions>
    </div>
  )
}

function Steps({ profile, setProfile, save, busy }: { profile: OwnProfile; setProfile: (p: OwnProfile) => void; save: Save; busy: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const { tenant } = usePageContext()
  const set = (patch: Partial<OwnProfile>) => setProfile({ ...profile, ...patch })
  const next = (index: number, patch: Partial<OwnProfile>) => async () => {
    if (await save(patch)) navigate(index + 1 < STEPS.length ? `/${index + 1}` : '/complete')
  }
  const current = Number(location.pathname.slice(1)) || 0
  const container = useStepStart()
  return (
    <div ref={container}>
      {location.pathname !== '/complete' && (
        <>
          <p style={{ margin: '0 0 8px' }}>{t('complete_signup.step_label', { n: current + 1, total: STEPS.length })}</p>
          <Dots aria-label={t('complete_signup.step_label', { n: current + 1, total: STEPS.length })}>
            {STEPS.map((s, i) => (
              <li key={s} aria-current={i === current ? 'step' : undefined} data-done={i < current} />
            ))}
          </Dots>
        </>
      )}
      <Routes>
        <Route
          path="/"
          element={
            <StepFrame index={0} busy={busy} onNext={next(0, { gender: profile.gender, sexuality: profile.sexuality })}>
              <ValueChoice field="gender" value={profile.gender} onChange={(v) => set({ gender: v })} />
              <ValueChoice field="sexuality" value={profile.sexuality} onChange={(v) => set({ sexuality: v })} />
            </StepFrame>
          }
        />
        <Route
          path="/1"
          element={
            <StepFrame
              index={1}
              busy={busy}
              onNext={next(1, Object.fromEntries(APPEARANCE_FIELDS.map((f) => [f, profile[f]])))}
            >
              <AppearanceFields profile={profile} set={set} />
            </StepFrame>
          }
        />
        <Route
          path="/2"
          element={
            <StepFrame index={2} busy={busy} onNext={next(2, { interests: profile.interests })}>
              <InterestsField value={profile.interests} onChange={(interests) => set({ interests })} />
            </StepFrame>
          }
        />
        <Route
          path="/3"
          element={
            <StepFrame index={3} busy={busy} onNext={next(3, { country: profile.country, region: profile.region, city: profile.city })}>
              <LocationFields profile={profile} set={set} />
            </StepFrame>
          }
        />
        <Route
          path="/4"
          element={
            <StepFrame index={4} busy={busy} onNext={next(4, { about: profile.about, looking_for: profile.looking_for })}>
              <p style={{ marginTop: 0 }}>{t('complete_signup.text_hint')}</p>
              <TextAreaField label={t('profile_fields.about')} name="about" rows={5} maxLength={2000} value={profile.about ?? ''} onChange={(e) => set({ about: e.target.value.trim() ? e.target.value : null })} />
              <TextAreaField label={t('profile_fields.looking_for')} name="looking_for" rows={3} maxLength={2000} value={profile.looking_for ?? ''} onChange={(e) => set({ looking_for: e.target.value.trim() ? e.target.value : null })} />
            </StepFrame>
          }
        />
        <Route
          path="/5"
          element={
            <StepFrame index={5} busy={busy} onNext={() => navigate('/complete')}>
              <PhotosManager />
            </StepFrame>
          }
        />
        <Route
          path="/complete"
          element={
            <div data-testid="step-complete">
              <StepHeading tabIndex={-1}>{t('complete_signup.complete_title')}</StepHeading>
              <p>{t('complete_signup.complete_body')}</p>
              {/* SPEC.md section 2: the member search is the home after login (the landing page is for visitors). */}
              <ButtonLink href="/members">{t('complete_signup.to_site', { site: tenant.settings.name })}</ButtonLink>
            </div>
          }
        />
      </Routes>
    </div>
  )
}

export function CompleteSignupPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [profile, setProfile] = useState<OwnProfile>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  // Loaded once per member: the live client replaces the user object when its socket opens (the same member), and
  // loading again then would throw away the answers chosen on the step so far.
  const userId = user?.id
  useEffect(() => {
    if (userId !== undefined) callEndpoint(ownProfileEndpoint).then((r) => setProfile(r.profile)).catch(() => setError(t('errors.generic')))
  }, [userId, t])
  if (!user) return <LoginRequired title={t('complete_signup.title')} message={t('complete_signup.login_required')} />
  const save: Save = async (patch) => {
    setBusy(true)
    setError(undefined)
    try {
      const r = await callEndpoint(updateOwnProfileEndpoint, { body: patch })
      setProfile(r.profile)
      return true
    } catch (err) {
      setError(err instanceof HttpError ? Object.values(err.fields ?? {})[0] ?? err.message : t('errors.generic'))
      return false
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageColumn width={640}>
      <PageTitle>{t('complete_signup.title')}</PageTitle>
      <Card>
        {error && <Alert role="alert">{error}</Alert>}
        {profile ? (
          <MemoryRouter>
            <Steps profile={profile} setProfile={setProfile} save={save} busy={busy} />
          </MemoryRouter>
        ) : (
          !error && <FormSkeleton />
        )}
      </Card>
    </PageColumn>
  )
}
