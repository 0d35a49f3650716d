// /admin/members: look members up by e-mail, name or id across the staff member's pools (decision 028).
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { useEndpoint } from '../../shared/api-client'
import { usePageContext } from '../../../renderer/page-context'
import { Alert, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Table, TableWrap } from './console-frame'
import { memberSearchEndpoint } from './endpoints'

export function MembersPage() {
  return <ConsoleFrame action="members.search" path="/admin/members">{() => <MemberSearch />}</ConsoleFrame>
}

function MemberSearch() {
  const { t } = useTranslation()
  const { urlParsed } = usePageContext()
  const [q, setQ] = useState(String(urlParsed?.search?.q ?? ''))
  const { data, error } = useEndpoint(memberSearchEndpoint, q.trim() ? { query: { q: q.trim() } } : null)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const value = String(new FormData(e.currentTarget).get('q') ?? '')
    setQ(value)
    window.history.replaceState(null, '', `/admin/members?q=${encodeURIComponent(value)}`)
  }
  return (
    <>
      <PageTitle>{t('admin.members.title')}</PageTitle>
      <form method="post" onSubmit={submit} role="search" style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 240px' }}>
          <TextField name="q" type="search" label={t('admin.members.search_label')} defaultValue={q} maxLength={254} />
        </div>
        <Button type="submit">{t('admin.members.search')}</Button>
      </form>
      {error && <Alert role="alert">{error.message}</Alert>}
      {data && data.members.length === 0 && <p>{t('admin.members.none')}</p>}
      {data && data.members.length > 0 && (
        <TableWrap>
          <Table>
            <thead>
              <tr>
                <th>{t('admin.members.id')}</th>
                <th>{t('admin.members.name')}</th>
                <th>{t('admin.members.email')}</th>
                <th>{t('admin.members.tenant')}</th>
                <th>{t('admin.members.status')}</th>
                <th>{t('admin.members.credits')}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <tr key={m.id} data-testid="member-row">
                  <td>
                    <a href={`/admin/members/${m.id}`}>{m.id}</a>
                  </td>
                  <td>
                    <a href={`/admin/members/${m.id}`}>{m.name ?? '—'}</a>
                    {m.fictional && <> ({t('admin.members.fictional')})</>}
                  </td>
                  <td style={{ overflowWrap: 'anywhere' }}>{m.email}</td>
                  <td>{m.tenant_id}</td>
                  <td>{t(`admin.status.${m.status}`, { defaultValue: m.status })}</td>
                  <td>{m.credits}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </>
  )
}
