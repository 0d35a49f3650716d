// /complete-signup: steps 0 to 4 with step dots, then a complete step. Each step is a route of a MemoryRouter
// (its own back) and saves its fields with PUT /api/profile.php.
import { useEffect, useState, type ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import styled from '@emotion/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { http, HttpError } from '../../shared/http'
import { PROFILE_VALUES, type ProfileValueField } from '../../shared/profile-values'
import type { OwnProfile } from '../../shared/contracts'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert, TextField } from '../../ui/form'
import { Button, ButtonLink } from '../../ui/button'
import { LoginRequired } from '../../ui/login-required'
import { PhotosManager } from '../photos/photos-manager'

const STEPS = ['about', 'looks', 'interests', 'location', 'photo'] as const

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
const Choices = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0 18px' })
const Chip = styled.label(({ theme }) => ({
  padding: '8px 14px',
  borderRadius: 999,
  border: `1.5px solid ${theme.colors.border}`,
  cursor: 'pointer',
  fontWeight: 600,
  input: { position: 'absolute', opacity: 0, pointerEvents: 'none' },
  '&:has(input:checked)': { borderColor: theme.colors.primary, background: theme.colors.primarySoft, color: theme.colors.primaryDark },
  '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.secondary}` },
}))
const Label = styled.label({ display: 'block', fontWeight: 600, marginBottom: 14, select: { display: 'block', width: '100%', minHeight: 44, marginTop: 6, borderRadius: 10, padding: '0 10px', fontSize: 16 } })
const Actions = styled.div({ display: 'flex', gap: 12, justifyContent: 'space-between', marginTop: 20 })

type Save = (patch: Partial<OwnProfile>) => Promise<boolean>

function StepFrame({ index, children, onNext, busy }: { index: number; children: ReactNode; onNext: () => void; busy: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div data-testid={`step-${index}`}>
      <h2 style={{ marginTop: 0 }}>{t(`complete_signup.steps.${STEPS[index]}`)}</h2>
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

function ValueChoice({ field, value, onChange }: { field: ProfileValueField; value: string | null; onChange: (v: string) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 700 }}>{t(`complete_signup.${field === 'gender' ? 'gender' : field}`)}</legend>
      <Choices>
        {PROFILE_VALUES[field].map((v) => (
          <Chip key={v}>
            <input type="radio" name={field} value={v} checked={value === v} onChange={() => onChange(v)} />
            {t(`profile.${field}.${v}`)}
          </Chip>
        ))}
      </Choices>
    </fieldset>
  )
}

function Steps({ profile, setProfile, save, busy }: { profile: OwnProfile; setProfile: (p: OwnProfile) => void; save: Save; busy: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const { tenant } = usePageContext()
  const [interests, setInterests] = useState<{ id: string; name: string }[]>([])
  const [regions, setRegions] = useState<{ country: string; name: string; regions: { code: string; name: string }[] }[]>([])
  useEffect(() => {
    http<{ interests: { id: string; name: string }[] }>('/api/interests.php').then((r) => setInterests(r.interests)).catch(() => undefined)
    http<{ countries: typeof regions }>('/api/regions.php').then((r) => setRegions(r.countries)).catch(() => undefined)
  }, [])
  const set = (patch: Partial<OwnProfile>) => setProfile({ ...profile, ...patch })
  const next = (index: number, patch: Partial<OwnProfile>) => async () => {
    if (await save(patch)) navigate(index + 1 < STEPS.length ? `/${index + 1}` : '/complete')
  }
  const current = Number(location.pathname.slice(1)) || 0
  const countryRegions = regions.find((c) => c.country === profile.country)?.regions ?? []
  return (
    <>
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
              onNext={next(1, { hair_colour: profile.hair_colour, eye_colour: profile.eye_colour, body_type: profile.body_type, relationship_status: profile.relationship_status, tattoos: profile.tattoos })}
            >
              {(['hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos'] as const).map((f) => (
                <Label key={f}>
                  {t(`complete_signup.${f}`)}
                  <select value={profile[f] ?? ''} onChange={(e) => set({ [f]: e.target.value || null })}>
                    <option value="">{t('complete_signup.choose')}</option>
                    {PROFILE_VALUES[f].map((v) => (
                      <option key={v} value={v}>
                        {t(`profile.${f}.${v}`)}
                      </option>
                    ))}
                  </select>
                </Label>
              ))}
            </StepFrame>
          }
        />
        <Route
          path="/2"
          element={
            <StepFrame index={2} busy={busy} onNext={next(2, { interests: profile.interests })}>
              <p>{t('complete_signup.interests_intro')}</p>
              <Choices>
                {interests.map((i) => (
                  <Chip key={i.id}>
                    <input
                      type="checkbox"
                      checked={profile.interests.includes(i.id)}
                      onChange={(e) => set({ interests: e.target.checked ? [...profile.interests, i.id] : profile.interests.filter((x) => x !== i.id) })}
                    />
                    {i.name}
                  </Chip>
                ))}
              </Choices>
            </StepFrame>
          }
        />
        <Route
          path="/3"
          element={
            <StepFrame index={3} busy={busy} onNext={next(3, { country: profile.country, region: profile.region, city: profile.city })}>
              <UseMyLocation onPlace={(p) => set(p)} />
              <Label>
                {t('complete_signup.country')}
                <select value={profile.country} onChange={(e) => set({ country: e.target.value, region: null })}>
                  {tenant.settings.countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Label>
              <Label>
                {t('complete_signup.region')}
                <select value={profile.region ?? ''} onChange={(e) => set({ region: e.target.value || null })}>
                  <option value="">{t('complete_signup.choose')}</option>
                  {countryRegions.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </Label>
              <TextField label={t('complete_signup.city')} name="city" autoComplete="address-level2" maxLength={80} value={profile.city ?? ''} onChange={(e) => set({ city: e.target.value || null })} />
            </StepFrame>
          }
        />
        <Route
          path="/4"
          element={
            <StepFrame index={4} busy={busy} onNext={() => navigate('/complete')}>
              <PhotosManager />
            </StepFrame>
          }
        />
        <Route
          path="/complete"
          element={
            <div data-testid="step-complete">
              <h2 style={{ marginTop: 0 }}>{t('complete_signup.complete_title')}</h2>
              <p>{t('complete_signup.complete_body')}</p>
              <ButtonLink href="/">{t('complete_signup.to_site', { site: tenant.settings.name })}</ButtonLink>
            </div>
          }
        />
      </Routes>
    </>
  )
}

const GEO_CACHE_KEY = 'geolocation'
/** SPEC.md section 9: a position is reused for an hour. */
const GEO_CACHE_MS = 60 * 60 * 1000

function currentPosition(): Promise<{ lat: number; lon: number }> {
  try {
    const cached = JSON.parse(window.localStorage.getItem(GEO_CACHE_KEY) ?? 'null') as { lat: number; lon: number; at: number } | null
    if (cached && Date.now() - cached.at < GEO_CACHE_MS) return Promise.resolve(cached)
  } catch {
    // a broken cache entry is simply replaced
  }
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('unsupported'))
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const p = { lat: pos.coords.latitude, lon: pos.coords.longitude }
        window.localStorage.setItem(GEO_CACHE_KEY, JSON.stringify({ ...p, at: Date.now() }))
        resolve(p)
      },
      reject,
      { timeout: 10000, maximumAge: GEO_CACHE_MS },
    )
  })
}

/** Fills country, region and town from the browser's position, reverse-geocoded offline by the server. */
function UseMyLocation({ onPlace }: { onPlace: (p: Pick<OwnProfile, 'country' | 'region' | 'city'>) => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'outside'>('idle')
  const locate = async () => {
    setState('busy')
    try {
      const { lat, lon } = await currentPosition()
      const place = await http<{ country: string; region: string | null; city: string; served: boolean }>(`/api/geocode.php?lat=${lat}&lon=${lon}`)
      if (!place.served) return setState('outside')
      onPlace({ country: place.country, region: place.region, city: place.city })
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  return (
    <div style={{ marginBottom: 16 }}>
      <Button variant="secondary" onClick={locate} disabled={state === 'busy'}>
        {state === 'busy' ? t('complete_signup.locating') : t('complete_signup.use_location')}
      </Button>
      {state === 'failed' && <Alert style={{ marginTop: 12 }}>{t('complete_signup.location_failed')}</Alert>}
      {state === 'outside' && <Alert style={{ marginTop: 12 }}>{t('complete_signup.outside', { site: tenant.settings.name })}</Alert>}
    </div>
  )
}

export function CompleteSignupPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [profile, setProfile] = useState<OwnProfile>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (user) http<{ profile: OwnProfile }>('/api/profile.php').then((r) => setProfile(r.profile)).catch(() => setError(t('errors.generic')))
  }, [user, t])
  if (!user) return <LoginRequired title={t('complete_signup.title')} message={t('complete_signup.login_required')} />
  const save: Save = async (patch) => {
    setBusy(true)
    setError(undefined)
    try {
      const r = await http<{ profile: OwnProfile }>('/api/profile.php', { method: 'PUT', body: patch })
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
          <p>{t('common.loading')}</p>
        )}
      </Card>
    </PageColumn>
  )
}
