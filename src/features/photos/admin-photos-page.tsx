import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { pendingPhotosEndpoint, reviewPhotoEndpoint } from './endpoints'
import type { EndpointResponse } from '../../shared/endpoint'
import { PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { ConsoleFrame } from '../console'

const List = styled.ul({ listStyle: 'none', padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' })
const Item = styled.li(({ theme }) => ({ background: theme.colors.surface, borderRadius: 12, overflow: 'hidden', border: `1px solid ${theme.colors.border}`, img: { width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }, div: { padding: 10 } }))

type Pending = EndpointResponse<typeof pendingPhotosEndpoint>['photos'][number]

/** /admin/photos: moderators and admins approve or reject photos under review in this brand's pool (console session). */
export function AdminPhotosPage() {
  return <ConsoleFrame action="photos.review" path="/admin/photos">{() => <PhotoQueue />}</ConsoleFrame>
}

function PhotoQueue() {
  const { t } = useTranslation()
  const [items, setItems] = useState<Pending[]>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    callEndpoint(pendingPhotosEndpoint)
      .then((r) => setItems(r.photos))
      .catch((err) => setError(err instanceof HttpError ? err.message : t('errors.generic')))
  }, [t])
  const review = async (id: number, action: 'approve' | 'reject') => {
    await callEndpoint(reviewPhotoEndpoint, { body: { id, action } })
    setItems((list) => list?.filter((p) => p.id !== id))
  }
  return (
    <>
      <PageTitle>{t('photos.admin_title')}</PageTitle>
      {error && <Alert role="alert">{error}</Alert>}
      {items && items.length === 0 && <p>{t('photos.admin_none')}</p>}
      <List>
        {items?.map((p) => (
          <Item key={p.id} data-testid="pending-photo">
            <img src={p.filename} alt="" />
            <div>
              <strong>{p.name}</strong> <small>{p.email}</small>
              <p style={{ margin: '4px 0 8px' }}>{p.visibility === 'private' ? t('photos.private') : t('photos.public')}</p>
              <div style={{ display: 'flex', gap: 8, padding: 0 }}>
                <Button onClick={() => review(p.id, 'approve')}>{t('photos.approve')}</Button>
                <Button variant="ghost" onClick={() => review(p.id, 'reject')}>
                  {t('photos.reject')}
                </Button>
              </div>
            </div>
          </Item>
        ))}
      </List>
    </>
  )
}
