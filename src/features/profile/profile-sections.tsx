// Editing the member's own profile in place (/profile and the settings screen): one hook that reads and saves
// GET/PUT /api/profile.php, and a section per group of fields, each with its own save, per-field errors and
// success feedback.
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { useSessionStore } from '../../shared/session/session-context'
import type { OwnProfile } from '../../shared/contracts'
import { ownProfileEndpoint, updateOwnProfileEndpoint } from './endpoints'
import type { EndpointResponse } from '../../shared/endpoint'
import { onModeration } from '../../shared/moderation-events'
import { Card } from '../../ui/page'
import { Alert, TextAreaField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { SavedNote } from '../../ui/toast'
import { APPEARANCE_FIELDS, AppearanceFields, InterestsField, LocationFields, ValueChoice, type ProfileErrors } from './profile-fields'

/** The own profile with the review of its texts (approved, pending, rejected; decision 037 addendum). */
export type ReviewedProfile = NonNullable<EndpointResponse<typeof ownProfileEndpoint>['profile']>
export type SaveResult = { ok: true; profile: ReviewedProfile } | { ok: false; fields: Record<string, string>; message: string }
export interface OwnProfileApi {
  profile: ReviewedProfile | undefined
  /** The moderator's verdict on the texts, when it arrived live while the page was open. */
  verdict: 'approved' | 'rejected' | undefined
  /** Set when the profile could not be loaded. */
  error: string | undefined
  save: (patch: Partial<OwnProfile>) => Promise<SaveResult>
}

/** Field errors of the API by field: "interests.0" belongs to interests. */
function byField(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(fields ?? {})) out[key.split('.')[0]] ??= message
  return out
}

/** The member's own profile, and a save that keeps the navigation's name and country in step. */
export function useOwnProfile(): OwnProfileApi {
  const { t } = useTranslation()
  const store = useSessionStore()
  const [profile, setProfile] = useState<ReviewedProfile>()
  const [error, setError] = useState<string>()
  const [verdict, setVerdict] = useState<'approved' | 'rejected'>()
  useEffect(() => {
    callEndpoint(ownProfileEndpoint)
      .then((r) => setProfile(r.profile))
      .catch(() => setError(t('errors.generic')))
  }, [t])
  // A moderator's verdict on the texts arrives live: the review note changes at once (the texts themselves stay).
  useEffect(
    () =>
      onModeration((event) => {
        if (event.subject !== 'text') return
        setVerdict(event.status)
        setProfile((p) => (p ? { ...p, text_status: event.status } : p))
      }),
    [],
  )
  const save = useCallback(
    async (patch: Partial<OwnProfile>): Promise<SaveResult> => {
      try {
        const r = await callEndpoint(updateOwnProfileEndpoint, { body: patch })
        // A member without a profile row gets none back; the save creates it, so the answer has one.
        if (!r.profile) return { ok: false, fields: {}, message: t('errors.generic') }
        setProfile(r.profile)
        setVerdict(undefined)
        if (store.user?.profile) store.user.profile = { ...store.user.profile, name: r.profile.name, country: r.profile.country }
        return { ok: true, profile: r.profile }
      } catch (err) {
        if (err instanceof HttpError) return { ok: false, fields: byField(err.fields), message: err.message || t('errors.generic') }
        return { ok: false, fields: {}, message: t('errors.generic') }
      }
    },
    [store, t],
  )
  return { profile, error, save, verdict }
}

const SectionCard = styled(Card)({ marginBottom: 20, h2: { marginTop: 0 } })
const Actions = styled.div({ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginTop: 8 })

type Keys = keyof OwnProfile
const pick = <K extends Keys>(p: OwnProfile, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, p[k]])) as Pick<OwnProfile, K>

/** A card with a group of profile fields and its own save button. */
export function EditSection<K extends Keys>({
  id,
  title,
  own,
  keys,
  children,
}: {
  id: string
  title: string
  own: OwnProfileApi & { profile: ReviewedProfile }
  keys: readonly K[]
  children: (draft: Pick<OwnProfile, K>, set: (patch: Partial<OwnProfile>) => void, errors: ProfileErrors) => ReactNode
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(() => pick(own.profile, keys))
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [message, setMessage] = useState<string>()
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const hideSaved = useCallback(() => setSaved(false), [])
  const set = (patch: Partial<OwnProfile>) => {
    setDraft((d) => ({ ...d, ...pick({ ...own.profile, ...d, ...patch }, keys) }))
    setSaved(false)
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    setMessage(undefined)
    setSaved(false)
    const result = await own.save(pick({ ...own.profile, ...draft }, keys))
    setBusy(false)
    if (result.ok) {
      setDraft(pick(result.profile, keys))
      setSaved(true)
    } else {
      setErrors(result.fields)
      // Errors of fields this section shows appear under them; anything else goes in the alert.
      const shown = Object.keys(result.fields).some((f) => (keys as readonly string[]).includes(f))
      setMessage(shown ? t('errors.invalid_input') : (Object.values(result.fields)[0] ?? result.message))
    }
  }
  return (
    <SectionCard aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form method="post" onSubmit={submit} noValidate>
        {children(draft, set, errors)}
        {message && <Alert role="alert">{message}</Alert>}
        <Actions>
          <Button type="submit" disabled={busy}>
            {busy ? t('profile_edit.saving') : t('profile_edit.save')}
          </Button>
          {saved && (
            <SavedNote onDone={hideSaved} testId={`${id}-saved`}>
              {t('profile_edit.saved')}
            </SavedNote>
          )}
        </Actions>
      </form>
    </SectionCard>
  )
}

type Loaded = OwnProfileApi & { profile: ReviewedProfile }

/** Loads the own profile and renders the sections once it is there. */
export function OwnProfileSections({ children }: { children: (own: Loaded) => ReactNode }) {
  const { t } = useTranslation()
  const own = useOwnProfile()
  if (!own.profile) return own.error ? <Alert role="alert">{own.error}</Alert> : <p>{t('common.loading')}</p>
  return <>{children({ ...own, profile: own.profile })}</>
}
const nullIfEmpty = (v: string) => (v.trim() === '' ? null : v)

/** Name, gender, sexuality, about and looking for. */
export function AboutSection({ own }: { own: Loaded }) {
  const { t } = useTranslation()
  return (
    <EditSection id="about" title={t('profile_edit.about_title')} own={own} keys={['name', 'gender', 'sexuality', 'about', 'looking_for'] as const}>
      {(d, set, errors) => (
        <>
          <TextField label={t('profile_fields.name')} name="name" autoComplete="nickname" maxLength={60} value={d.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
          <ValueChoice field="gender" value={d.gender} onChange={(v) => set({ gender: v })} error={errors.gender} />
          <ValueChoice field="sexuality" value={d.sexuality} onChange={(v) => set({ sexuality: v })} error={errors.sexuality} />
          <TextAreaField label={t('profile_fields.about')} name="about" rows={5} maxLength={2000} value={d.about ?? ''} error={errors.about} onChange={(e) => set({ about: nullIfEmpty(e.target.value) })} />
          <TextAreaField
            label={t('profile_fields.looking_for')}
            name="looking_for"
            rows={3}
            maxLength={1000}
            value={d.looking_for ?? ''}
            error={errors.looking_for}
            onChange={(e) => set({ looking_for: nullIfEmpty(e.target.value) })}
          />
          <TextReview status={own.profile.text_status} verdict={own.verdict} />
        </>
      )}
    </EditSection>
  )
}

const ReviewNote = styled.p<{ tone: 'review' | 'rejected' | 'approved' }>(({ theme, tone }) => ({
  margin: '4px 0 12px',
  padding: '8px 12px',
  borderRadius: 8,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  fontWeight: tone === 'rejected' ? 700 : 400,
}))

/**
 * What the owner sees of the review of their texts: under review (others do not see them yet), rejected (hidden
 * until rewritten), or approved when that verdict arrived while the page was open.
 */
function TextReview({ status, verdict }: { status: ReviewedProfile['text_status']; verdict: 'approved' | 'rejected' | undefined }) {
  const { t } = useTranslation()
  const text = status === 'pending' ? t('profile_edit.text_reviewing') : status === 'rejected' ? t('profile_edit.text_rejected') : verdict === 'approved' ? t('profile_edit.text_approved') : null
  return (
    <div role="status" data-testid="text-review">
      {text && <ReviewNote tone={status === 'pending' ? 'review' : status}>{text}</ReviewNote>}
    </div>
  )
}

/** Hair colour, eye colour, body type, relationship status and tattoos. */
export function AppearanceSection({ own }: { own: Loaded }) {
  const { t } = useTranslation()
  return (
    <EditSection id="looks" title={t('profile_edit.looks_title')} own={own} keys={APPEARANCE_FIELDS}>
      {(d, set, errors) => <AppearanceFields profile={d} set={set} errors={errors} />}
    </EditSection>
  )
}

/** Interests from the tenant's list. */
export function InterestsSection({ own }: { own: Loaded }) {
  const { t } = useTranslation()
  return (
    <EditSection id="interests" title={t('profile_edit.interests_title')} own={own} keys={['interests'] as const}>
      {(d, set, errors) => <InterestsField value={d.interests} onChange={(interests) => set({ interests })} error={errors.interests} />}
    </EditSection>
  )
}

/** Country, region and town, or the browser's position. */
export function LocationSection({ own }: { own: Loaded }) {
  const { t } = useTranslation()
  return (
    <EditSection id="location" title={t('profile_edit.location_title')} own={own} keys={['country', 'region', 'city'] as const}>
      {(d, set, errors) => <LocationFields profile={d} set={set} errors={errors} />}
    </EditSection>
  )
}
