import { useEffect, useRef, useState } from 'react'
import styled from '@emotion/styled'
import { useTranslation } from '../../shared/use-translation'
import { http, HttpError } from '../../shared/http'
import type { OwnPhoto } from '../../shared/contracts'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'

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
const Tag = styled.span<{ tone: 'review' | 'main' | 'private' }>(({ theme, tone }) => ({
  position: 'absolute',
  left: 8,
  top: 8,
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 700,
  color: '#fff',
  background: tone === 'review' ? 'rgba(0,0,0,0.7)' : tone === 'main' ? theme.colors.primary : theme.colors.muted,
}))
const TileActions = styled.div({ display: 'flex', flexDirection: 'column', gap: 4, padding: 8, button: { minHeight: 34, fontSize: 13, padding: '0 10px' } })

interface PhotosAnswer {
  photos: OwnPhoto[]
  limit: number
}

/** The member's own photos: upload (public or private), review status, main image, delete. */
export function PhotosManager() {
  const { t } = useTranslation()
  const [data, setData] = useState<PhotosAnswer>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [visibility, setVisibility] = useState<'public' | 'private'>('public')
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    http<PhotosAnswer>('/api/photos.php').then(setData).catch(() => setError(t('errors.generic')))
  }, [t])

  const upload = async (file: File) => {
    setBusy(true)
    setError(undefined)
    const form = new FormData()
    form.append('visibility', visibility)
    form.append('file', file)
    try {
      const res = await fetch('/api/photos.php', { method: 'POST', body: form, credentials: 'same-origin' })
      const body = await res.json().catch(() => ({}))
      if (!res.ok) throw new HttpError(res.status, body.error ?? 'error', body.message ?? t('errors.generic'))
      setData(body)
    } catch (err) {
      setError(err instanceof HttpError ? err.message : t('errors.generic'))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }
  const act = async (run: () => Promise<PhotosAnswer>) => {
    setError(undefined)
    try {
      setData(await run())
    } catch (err) {
      setError(err instanceof HttpError ? err.message : t('errors.generic'))
    }
  }

  if (!data) return error ? <Alert role="alert">{error}</Alert> : <p>{t('common.loading')}</p>
  return (
    <div data-testid="photos">
      <p>{t('photos.intro', { limit: data.limit })}</p>
      {error && (
        <Alert role="alert" data-testid="photo-error">
          {error}
        </Alert>
      )}
      {data.photos.length === 0 ? (
        <p>{t('photos.none')}</p>
      ) : (
        <Grid>
          {data.photos.map((p) => (
            <Tile key={p.id} data-testid="own-photo">
              <img src={p.thumb_filename} alt="" loading="lazy" />
              {p.status === 'pending' ? <Tag tone="review">{t('photos.reviewing')}</Tag> : p.main ? <Tag tone="main">{t('photos.main')}</Tag> : null}
              <TileActions>
                <small>{p.visibility === 'private' ? t('photos.private') : t('photos.public')}</small>
                {!p.main && (
                  <Button variant="ghost" onClick={() => act(() => http('/api/photos-main.php', { method: 'POST', body: { id: p.id } }))}>
                    {t('photos.make_main')}
                  </Button>
                )}
                <Button variant="ghost" onClick={() => act(() => http(`/api/photos.php?id=${p.id}`, { method: 'DELETE' }))}>
                  {t('photos.delete')}
                </Button>
              </TileActions>
            </Tile>
          ))}
        </Grid>
      )}
      {data.photos.length < data.limit && (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <select aria-label={t('photos.private')} value={visibility} onChange={(e) => setVisibility(e.target.value as 'public' | 'private')} style={{ minHeight: 44, borderRadius: 10 }}>
            <option value="public">{t('photos.public')}</option>
            <option value="private">{t('photos.private')}</option>
          </select>
          <input ref={input} type="file" accept="image/*" hidden onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} data-testid="photo-input" />
          <Button disabled={busy} onClick={() => input.current?.click()}>
            {busy ? t('photos.uploading') : t('photos.upload')}
          </Button>
        </div>
      )}
    </div>
  )
}
