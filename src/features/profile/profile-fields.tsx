// The fields of the member's own profile (SPEC.md section 3), shared by /complete-signup, /profile and the
// settings screen. Each field is controlled (value, onChange) and shows its own localized error.
import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import type { EndpointResponse } from '../../shared/endpoint'
import { interestsEndpoint, regionsEndpoint } from '../settings/endpoints'
import { geocodeEndpoint } from './endpoints'
import { useStoreSnapshot } from '../../shared/store'
import { geoStore, locatePlace, refreshGeoPermission } from '../../shared/geolocation-state'
import { PROFILE_VALUES, type ProfileValueField } from '../../shared/profile-values'
import type { OwnProfile } from '../../shared/contracts'
import { Alert, FieldError, SelectField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'

export const Choices = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0 18px' })
export const Chip = styled.label(({ theme }) => ({
  position: 'relative',
  padding: '8px 14px',
  borderRadius: 999,
  border: `1.5px solid ${theme.colors.border}`,
  cursor: 'pointer',
  fontWeight: 600,
  input: { position: 'absolute', opacity: 0, pointerEvents: 'none' },
  '&:has(input:checked)': { borderColor: theme.colors.primary, background: theme.colors.primarySoft, color: theme.colors.primaryDark },
  '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.secondary}` },
}))
const Fieldset = styled.fieldset({ border: 'none', padding: 0, margin: 0, legend: { fontWeight: 700, padding: 0 } })

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const

export type ProfileErrors = Record<string, string | undefined>
type Patch = (patch: Partial<OwnProfile>) => void

/** One value of a short list as chips (gender, sexuality). */
export function ValueChoice({ field, value, onChange, error }: { field: ProfileValueField; value: string | null; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation()
  return (
    <Fieldset aria-invalid={Boolean(error)}>
      <legend>{t(`profile_fields.${field}`)}</legend>
      <Choices>
        {PROFILE_VALUES[field].map((v) => (
          <Chip key={v}>
            <input type="radio" name={field} value={v} checked={value === v} onChange={() => onChange(v)} />
            {t(`profile.${field}.${v}`)}
          </Chip>
        ))}
      </Choices>
      {error && <FieldError role="alert">{error}</FieldError>}
    </Fieldset>
  )
}

/** One value of a longer list as a select, with an empty choice. */
export function ValueSelect({ field, value, onChange, error }: { field: ProfileValueField; value: string | null; onChange: (v: string | null) => void; error?: string }) {
  const { t } = useTranslation()
  return (
    <SelectField label={t(`profile_fields.${field}`)} name={field} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} error={error}>
      <option value="">{t('profile_fields.choose')}</option>
      {PROFILE_VALUES[field].map((v) => (
        <option key={v} value={v}>
          {t(`profile.${field}.${v}`)}
        </option>
      ))}
    </SelectField>
  )
}

export const APPEARANCE_FIELDS = ['hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos'] as const

/** Hair colour, eye colour, body type, relationship status and tattoos. */
export function AppearanceFields({ profile, set, errors = {} }: { profile: Pick<OwnProfile, (typeof APPEARANCE_FIELDS)[number]>; set: Patch; errors?: ProfileErrors }) {
  return (
    <>
      {APPEARANCE_FIELDS.map((f) => (
        <ValueSelect key={f} field={f} value={profile[f]} onChange={(v) => set({ [f]: v })} error={errors[f]} />
      ))}
    </>
  )
}

type Interest = EndpointResponse<typeof interestsEndpoint>['interests'][number]
export type CountryRegions = EndpointResponse<typeof regionsEndpoint>['countries'][number]

/** The tenant's interests (GET /api/interests.php, loaded once per page). */
function useInterestOptions(): Interest[] {
  const [interests, setInterests] = useState<Interest[]>([])
  useEffect(() => {
    callEndpoint(interestsEndpoint).then((r) => setInterests(r.interests)).catch(() => undefined)
  }, [])
  return interests
}

/**
 * The regions of the tenant's countries (GET /api/regions.php), the one regions hook of the site (profile location
 * and search filters): SWR, so every field on a page shares one request and its cache. Empty until loaded.
 */
export function useRegions(): CountryRegions[] {
  const { data } = useEndpoint(regionsEndpoint, {}, { revalidateOnFocus: false })
  return data?.countries ?? []
}

/** Interests from the tenant's list, as chips. */
export function InterestsField({ value, onChange, error }: { value: readonly string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation()
  const interests = useInterestOptions()
  return (
    <Fieldset aria-invalid={Boolean(error)}>
      {/* The step or section around it shows the title; the legend names the group for screen readers. */}
      <legend style={visuallyHidden}>{t('profile_fields.interests')}</legend>
      <p style={{ margin: 0 }}>{t('profile_fields.interests_intro')}</p>
      <Choices>
        {interests.map((i) => (
          <Chip key={i.id}>
            <input type="checkbox" name="interests" value={i.id} checked={value.includes(i.id)} onChange={(e) => onChange(e.target.checked ? [...value, i.id] : value.filter((x) => x !== i.id))} />
            {i.name}
          </Chip>
        ))}
      </Choices>
      {error && <FieldError role="alert">{error}</FieldError>}
    </Fieldset>
  )
}

type Place = Pick<OwnProfile, 'country' | 'region' | 'city'>

/** Country (among the tenant's), region of that country, town, and "use my location". */
export function LocationFields({ profile, set, errors = {} }: { profile: Place; set: Patch; errors?: ProfileErrors }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const regions = useRegions()
  const countryRegions = regions.find((c) => c.country === profile.country)?.regions ?? []
  return (
    <>
      <UseMyLocation onPlace={(p) => set(p)} />
      <SelectField label={t('profile_fields.country')} name="country" value={profile.country} onChange={(e) => set({ country: e.target.value, region: null })} error={errors.country}>
        {tenant.settings.countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('profile_fields.region')} name="region" value={profile.region ?? ''} onChange={(e) => set({ region: e.target.value || null })} error={errors.region}>
        <option value="">{t('profile_fields.choose')}</option>
        {countryRegions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('profile_fields.city')}
        name="city"
        autoComplete="address-level2"
        maxLength={80}
        value={profile.city ?? ''}
        error={errors.city}
        onChange={(e) => set({ city: e.target.value || null })}
      />
    </>
  )
}

/** Fills country, region and town from the browser's position, reverse-geocoded offline by the server. */
export function UseMyLocation({ onPlace }: { onPlace: (p: Place) => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { permission } = useStoreSnapshot(geoStore)
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'outside'>('idle')
  useEffect(() => {
    void refreshGeoPermission()
  }, [])
  // A browser without geolocation gets no button that cannot work.
  if (permission === 'unsupported') return null
  const locate = async () => {
    setState('busy')
    try {
      const place = await locatePlace(({ lat, lon }) => callEndpoint(geocodeEndpoint, { query: { lat, lon } }))
      if (!place.served) return setState('outside')
      onPlace({ country: place.country, region: place.region, city: place.city })
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  return (
    <div style={{ marginBottom: 16 }}>
      <Button type="button" variant="secondary" onClick={locate} disabled={state === 'busy' || permission === 'denied'}>
        {state === 'busy' ? t('profile_fields.locating') : t('profile_fields.use_location')}
      </Button>
      {permission === 'denied' ? (
        <Alert style={{ marginTop: 12 }}>{t('profile_fields.location_denied')}</Alert>
      ) : (
        state === 'failed' && <Alert style={{ marginTop: 12 }}>{t('profile_fields.location_failed')}</Alert>
      )}
      {state === 'outside' && <Alert style={{ marginTop: 12 }}>{t('profile_fields.outside', { site: tenant.settings.name })}</Alert>}
    </div>
  )
}
