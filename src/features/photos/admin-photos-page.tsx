import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { pendingPhotosEndpoint, reviewPhotoEndpoint } from './endpoints'
import type { EndpointResponse } from '../../shared/endpoint'
import { PageColumn, PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { LoginRequired } from '../../ui/login-required'

const List = styled.ul({ listStyle: 'none', padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' })
const Item = styled.li(({ theme }) => ({ background: theme.colors.surface, borderRadius: 12, overflow: 'hidden', border: `1px solid ${theme.colors.border}`, img: { width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }, div: { padding: 10 } }))

type Pending = EndpointResponse<typeof pendingPhotosEndpoint>['photos'][number]

/** /admin/photos: staff approve or reject photos under review in their pool. */
export function AdminPhotosPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [items, setItems] = useState<Pending[]>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    if (!user) return
    callEndpoint(pendingPhotosEndpoint)
      .then((r) => setItems(r.photos))
      .catch((err) => setError(err instanceof HttpError ? err.message : t('errors.generic')))
  }, [user, t])
  if (!user) return <LoginRequired title={t('photos.admin_title')} message={t('photos.staff_only')} />
  const review = async (id: number, action: 'approve' | 'reject') => {
    await callEndpoint(reviewPhotoEndpoint, { body: { id, action } })
    setItems((list) => list?.filter((p) => p.id !== id))
  }
  return (
    <PageColumn width={1100}>
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
    </PageColumn>
  )
}
