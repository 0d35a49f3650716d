// /admin/texts: moderators and admins approve or reject the profile texts (about, looking for) members wrote, in
// this brand's pool, oldest first (decision 037 addendum). The owner sees the verdict live; a rejected text stays
// hidden from others until its owner rewrites it.
import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { HttpError } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import type { EndpointResponse } from '../../shared/endpoint'
import { PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { ConsoleFrame } from '../console'
import { pendingTextsEndpoint, reviewTextsEndpoint } from './endpoints'

const List = styled.ul({ listStyle: 'none', padding: 0, display: 'grid', gap: 16 })
const Item = styled.li(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: 12,
  border: `1px solid ${theme.colors.border}`,
  padding: 14,
  h3: { margin: '10px 0 4px', fontSize: 15 },
  blockquote: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
}))

type Pending = EndpointResponse<typeof pendingTextsEndpoint>['texts'][number]

export function AdminTextsPage() {
  return <ConsoleFrame action="texts.review" path="/admin/texts">{() => <TextQueue />}</ConsoleFrame>
}

function TextQueue() {
  const { t, i18n } = useTranslation()
  const [items, setItems] = useState<Pending[]>()
  const [error, setError] = useState<string>()
  const load = () =>
    callEndpoint(pendingTextsEndpoint)
      .then((r) => setItems(r.texts))
      .catch((err) => setError(err instanceof HttpError ? err.message : t('errors.generic')))
  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t])
  const review = async (item: Pending, action: 'approve' | 'reject') => {
    setError(undefined)
    try {
      await callEndpoint(reviewTextsEndpoint, { body: { account_id: item.account_id, action, submitted_at: item.submitted_at } })
      setItems((list) => list?.filter((p) => p.account_id !== item.account_id))
    } catch (err) {
      setError(err instanceof HttpError && err.message ? err.message : t('errors.generic'))
      // Rewritten meanwhile (409 changed): the queue shows the new version.
      void load()
    }
  }
  return (
    <>
      <PageTitle>{t('admin.texts.title')}</PageTitle>
      <p>{t('admin.texts.intro')}</p>
      {error && <Alert role="alert">{error}</Alert>}
      {items && items.length === 0 && <p>{t('admin.texts.none')}</p>}
      <List>
        {items?.map((p) => (
          <Item key={p.account_id} data-testid="pending-text">
            <strong>{p.name}</strong> <small>{p.email}</small>{' '}
            <small>{new Date(p.submitted_at).toLocaleString(i18n.language)}</small>
            {p.about && (
              <>
                <h3>{t('profile_fields.about')}</h3>
                <blockquote>{p.about}</blockquote>
              </>
            )}
            {p.looking_for && (
              <>
                <h3>{t('profile_fields.looking_for')}</h3>
                <blockquote>{p.looking_for}</blockquote>
              </>
            )}
            <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
              <Button onClick={() => review(p, 'approve')}>{t('admin.texts.approve')}</Button>
              <Button variant="ghost" onClick={() => review(p, 'reject')}>
                {t('admin.texts.reject')}
              </Button>
            </div>
          </Item>
        ))}
      </List>
    </>
  )
}
