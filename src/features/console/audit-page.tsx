// /admin/audit: every staff action, newest first: who, what, when, on what, before and after (decision 028).
import { useState } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { useEndpoint } from '../../shared/api-client'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Table, TableWrap } from './console-frame'
import { auditEndpoint } from './endpoints'

export function AuditPage() {
  return <ConsoleFrame action="audit.view" path="/admin/audit">{() => <Audit />}</ConsoleFrame>
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v))

function Audit() {
  const { t } = useTranslation()
  const [before, setBefore] = useState<number>()
  const { data, error } = useEndpoint(auditEndpoint, { query: before ? { before } : {} })
  const entries = data?.entries ?? []
  return (
    <>
      <PageTitle>{t('admin.audit.title')}</PageTitle>
      {error && <Alert role="alert">{error.message}</Alert>}
      {data && entries.length === 0 && <p>{t('admin.none')}</p>}
      {entries.length > 0 && (
        <TableWrap>
          <Table style={{ minWidth: 900 }}>
            <thead>
              <tr>
                <th>{t('admin.member.when')}</th>
                <th>{t('admin.audit.who')}</th>
                <th>{t('admin.audit.action')}</th>
                <th>{t('admin.audit.target')}</th>
                <th>{t('admin.audit.before')}</th>
                <th>{t('admin.audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td style={{ whiteSpace: 'nowrap' }}>{e.created_at.slice(0, 19).replace('T', ' ')}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>
                    {e.staff_email}
                    {e.staff_role && <small> ({t(`admin.role.${e.staff_role}`, { defaultValue: e.staff_role })})</small>}
                  </td>
                  <td>{t(`admin.action.${e.action}`, { defaultValue: e.action })}</td>
                  <td>
                    {e.target_type === 'member' ? (
                      <a href={`/admin/members/${e.target_id}`}>{t('admin.target.member', { id: e.target_id })}</a>
                    ) : e.target_type ? (
                      t(`admin.target.${e.target_type}`, { id: e.target_id, defaultValue: `${e.target_type} ${e.target_id}` })
                    ) : (
                      ''
                    )}
                  </td>
                  <td style={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>{json(e.before)}</td>
                  <td style={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>{json(e.after)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
      {entries.length === 100 && <Button onClick={() => setBefore(entries[entries.length - 1].id)}>{t('admin.audit.older')}</Button>}
    </>
  )
}
