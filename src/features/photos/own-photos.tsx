// The member's own photos (/complete-signup, /profile, the settings screen): one hook over /api/photos.php and
// the pieces built on it, the full manager and the main-image chooser.
import { useCallback, useEffect, useRef, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import type { EndpointResponse } from '../../shared/endpoint'
import { useSessionStore } from '../../shared/session/session-context'
import { currentUserEndpoint } from '../accounts/endpoints'
import { deletePhotoEndpoint, mainPhotoEndpoint, ownPhotosEndpoint, uploadPhotoEndpoint } from './endpoints'
import { Alert, SelectInput } from '../../ui/form'
import { onModeration } from '../../shared/moderation-events'
import { Button, primaryFill } from '../../ui/button'

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: '16px 0',
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(2, 1fr)',
  [theme.mq.sm]: { gridTemplateColumns: 'repeat(3, 1fr)' },
}))
const Tile = styled.li(({ theme }) => ({
  position: 'relative',
  borderRadius: 12,
  overflow: 'hidden',
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  img: { display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' },
}))
/** The photo and its tag: the tag is a strip along the bottom edge, never over the face (which sits high in portraits). */
const PhotoBox = styled.span({ position: 'relative', display: 'block' })
const Tag = styled.span<{ tone: 'review' | 'main' | 'private' }>(({ theme, tone }) => ({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '4px 8px',
  fontSize: 12,
  fontWeight: 700,
  textAlign: 'center',
  color: '#fff',
  background: tone === 'review' ? 'rgba(0,0,0,0.68)' : tone === 'main' ? primaryFill(theme).bg : theme.colors.muted,
}))
const TileActions = styled.div({ display: 'flex', flexDirection: 'column', gap: 4, padding: 8, button: { minHeight: 44, fontSize: 13, padding: '0 10px' } })
/** A photo to pick as the main image: the whole tile is the radio's label. */
const PickTile = styled.label(({ theme }) => ({
  display: 'block',
  cursor: 'pointer',
  input: { position: 'absolute', opacity: 0, pointerEvents: 'none' },
  '&:has(input:checked) img': { outline: `4px solid ${theme.colors.primary}`, outlineOffset: -4 },
  '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.secondary}` },
  small: { display: 'block', padding: '6px 8px', fontWeight: 600 },
}))

type PhotosAnswer = EndpointResponse<typeof ownPhotosEndpoint>

/** The member's photos with upload, main image and delete; the session's user follows each change. */
function useOwnPhotos() {
  const { t } = useTranslation()
  const store = useSessionStore()
  const [data, setData] = useState<PhotosAnswer>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    callEndpoint(ownPhotosEndpoint).then(setData).catch(() => setError(t('errors.generic')))
  }, [t])
  // The main image shows in the navigation and decides the profile-photo alert.
  const refreshUser = useCallback(() => {
    callEndpoint(currentUserEndpoint)
      .then((r) => (store.user = r.user))
      .catch(() => undefined)
  }, [store])
  // A moderator's verdict arrives live: the photos reload (the review tag goes, a rejected photo leaves) with a note.
  const [verdict, setVerdict] = useState<'approved' | 'rejected'>()
  useEffect(
    () =>
      onModeration((event) => {
        if (event.subject !== 'photo') return
        setVerdict(event.status)
        callEndpoint(ownPhotosEndpoint).then(setData).catch(() => undefined)
        refreshUser()
      }),
    [refreshUser],
  )

  const upload = async (file: File, visibility: 'public' | 'private') => {
    setBusy(true)
    setError(undefined)
    const form = new FormData()
    form.append('visibility', visibility)
    form.append('file', file)
    try {
      setData(await callEndpoint(uploadPhotoEndpoint, {}, { form }))
      refreshUser()
    } catch (err) {
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }
  const act = async (run: () => Promise<PhotosAnswer>) => {
    setError(undefined)
    try {
      setData(await run())
      refreshUser()
    } catch (err) {
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
    }
  }
  const makeMain = (id: number) => act(() => callEndpoint(mainPhotoEndpoint, { body: { id } }))
  const remove = (id: number) => act(() => callEndpoint(deletePhotoEndpoint, { query: { id } }))
  return { data, error, busy, upload, makeMain, remove, verdict }
}

/** The upload button (with public or private when asked), shown while the member is under the limit. */
function UploadControl({ busy, onFile, withVisibility }: { busy: boolean; onFile: (file: File, visibility: 'public' | 'private') => void; withVisibility: boolean }) {
  const { t } = useTranslation()
  const [visibility, setVisibility] = useState<'public' | 'private'>('public')
  const input = useRef<HTMLInputElement>(null)
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
      {withVisibility && (
        <SelectInput aria-label={t('photos.private')} value={visibility} onChange={(e) => setVisibility(e.target.value as 'public' | 'private')}>
          <option value="public">{t('photos.public')}</option>
          <option value="private">{t('photos.private')}</option>
        </SelectInput>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) onFile(file, visibility)
          e.target.value = ''
        }}
      />
      <Button type="button" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? t('photos.uploading') : t('photos.upload')}
      </Button>
    </div>
  )
}

/** The moderator's latest verdict on one of the photos, announced politely. */
function PhotoVerdict({ verdict }: { verdict: 'approved' | 'rejected' | undefined }) {
  const { t } = useTranslation()
  return (
    <p role="status" data-testid="photo-verdict" style={verdict ? undefined : { display: 'none' }}>
      {verdict === 'approved' ? t('photos.verdict_approved') : verdict === 'rejected' ? t('photos.verdict_rejected') : ''}
    </p>
  )
}

function PhotoError({ error }: { error: string | undefined }) {
  return error ? (
    <Alert role="alert" data-testid="photo-error">
      {error}
    </Alert>
  ) : null
}

/** The member's own photos: upload (public or private), review status, main image, delete. */
export function PhotosManager() {
  const { t } = useTranslation()
  const { data, error, busy, upload, makeMain, remove, verdict } = useOwnPhotos()
  if (!data) return error ? <Alert role="alert">{error}</Alert> : <p>{t('common.loading')}</p>
  return (
    <div data-testid="photos">
      <p>{t('photos.intro', { limit: data.limit })}</p>
      <PhotoVerdict verdict={verdict} />
      <PhotoError error={error} />
      {data.photos.length === 0 ? (
        <p>{t('photos.none')}</p>
      ) : (
        <Grid>
          {data.photos.map((p) => (
            <Tile key={p.id} data-testid="own-photo">
              <PhotoBox>
                <img src={p.thumb_filename} alt="" loading="lazy" />
                {p.status === 'pending' ? <Tag tone="review">{t('photos.reviewing')}</Tag> : p.main ? <Tag tone="main">{t('photos.main')}</Tag> : null}
              </PhotoBox>
              <TileActions>
                <small>{p.visibility === 'private' ? t('photos.private') : t('photos.public')}</small>
                {!p.main && (
                  <Button variant="ghost" onClick={() => makeMain(p.id)}>
                    {t('photos.make_main')}
                  </Button>
                )}
                <Button variant="ghost" onClick={() => remove(p.id)}>
                  {t('photos.delete')}
                </Button>
              </TileActions>
            </Tile>
          ))}
        </Grid>
      )}
      {data.photos.length < data.limit && <UploadControl busy={busy} onFile={upload} withVisibility />}
    </div>
  )
}

/**
 * The main image of the settings screen: pick one of the own public photos, or upload a new one (it becomes the
 * main image when there is none). A photo under review may be chosen; others see it once it is approved.
 */
export function MainImagePicker() {
  const { t } = useTranslation()
  const { data, error, busy, upload, makeMain, verdict } = useOwnPhotos()
  if (!data) return error ? <Alert role="alert">{error}</Alert> : <p>{t('common.loading')}</p>
  const choices = data.photos.filter((p) => p.visibility === 'public')
  const main = data.photos.find((p) => p.main)
  return (
    <div data-testid="main-image">
      <p>{main ? t('main_image.intro') : t('main_image.none')}</p>
      <PhotoVerdict verdict={verdict} />
      <PhotoError error={error} />
      {choices.length > 0 && (
        <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 700 }}>{t('main_image.choose')}</legend>
          <Grid>
            {choices.map((p, i) => (
              <Tile key={p.id} data-testid="main-image-choice">
                <PickTile>
                  <input type="radio" name="main_image" value={p.id} checked={p.main} onChange={() => makeMain(p.id)} aria-label={t('main_image.photo_n', { n: i + 1 })} />
                  <PhotoBox>
                    <img src={p.thumb_filename} alt="" loading="lazy" />
                    {p.status === 'pending' ? <Tag tone="review">{t('photos.reviewing')}</Tag> : p.main ? <Tag tone="main">{t('photos.main')}</Tag> : null}
                  </PhotoBox>
                  <small>{p.main ? t('main_image.current') : t('photos.make_main')}</small>
                </PickTile>
              </Tile>
            ))}
          </Grid>
        </fieldset>
      )}
      {data.photos.length < data.limit ? (
        <UploadControl busy={busy} onFile={(file) => upload(file, 'public')} withVisibility={false} />
      ) : (
        <p>{t('photos.too_many', { limit: data.limit })}</p>
      )}
    </div>
  )
}
