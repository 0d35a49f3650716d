// /admin/tenants: every brand of the staff member's pools with its domains, niche, pool, languages and state, and
// for the roles allowed it the maintenance switch (the tenant file's `maintenance`, decisions 027 and 037 addendum).
import { useState } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { HttpError } from '../../shared/http'
import { usePageContext } from '../../../renderer/page-context'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Table, TableWrap } from './console-frame'
import type { StaffMe } from './endpoints'
import { tenantMaintenanceEndpoint, tenantsListEndpoint, type ConsoleTenant } from './tenant-endpoints'
import { TenantDetail } from './tenant-detail'

export function TenantsPage() {
  return <ConsoleFrame action="tenants.view" path="/admin/tenants">{(staff) => <Tenants staff={staff} />}</ConsoleFrame>
}

const Swatch = ({ colour }: { colour: string }) => (
  <span aria-hidden="true" style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: colour, border: '1px solid rgba(0,0,0,.2)', verticalAlign: 'middle' }} />
)

function Tenants({ staff }: { staff: StaffMe }) {
  const { t } = useTranslation()
  const { tenant: current } = usePageContext()
  const { data, error, mutate } = useEndpoint(tenantsListEndpoint, {})
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string }>()
  const [busy, setBusy] = useState<string>()
  const [shown, setShown] = useState<string>()
  const maySwitch = staff.actions.includes('tenants.maintenance')
  const flip = async (x: ConsoleTenant) => {
    setBusy(x.id)
    setNotice(undefined)
    try {
      const out = await callEndpoint(tenantMaintenanceEndpoint, { body: { id: x.id, maintenance: !x.maintenance } })
      setNotice({ tone: 'success', text: t(out.tenant.maintenance ? 'admin.tenants.switched_off' : 'admin.tenants.switched_on', { name: out.tenant.name }) })
      await mutate()
    } catch (err) {
      setNotice({ tone: 'danger', text: err instanceof HttpError ? err.message : t('errors.generic') })
    } finally {
      setBusy(undefined)
    }
  }
  return (
    <>
      <PageTitle>{t('admin.tenants.title')}</PageTitle>
      {maySwitch && <p style={{ margin: '0 0 12px' }}>{t('admin.tenants.explain')}</p>}
      {notice && (
        <Alert role={notice.tone === 'danger' ? 'alert' : 'status'} tone={notice.tone}>
          {notice.text}
        </Alert>
      )}
      {error && <Alert role="alert">{error.message}</Alert>}
      {data && (
        <TableWrap>
          <Table style={{ minWidth: 860 }}>
            <thead>
              <tr>
                <th>{t('admin.tenants.name')}</th>
                <th>{t('admin.overview.domains')}</th>
                <th>{t('admin.overview.niche')}</th>
                <th>{t('admin.overview.pool')}</th>
                <th>{t('admin.tenants.languages')}</th>
                <th>{t('admin.tenants.colours')}</th>
                <th>{t('admin.members.status')}</th>
                {maySwitch && <th>{t('admin.member.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.tenants.map((x) => (
                <tr key={x.id} data-testid="tenant-row">
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <strong>{x.name}</strong>
                    <br />
                    <small>{x.id}</small>
                    <br />
                    <Button type="button" variant="ghost" aria-expanded={shown === x.id} onClick={() => setShown(shown === x.id ? undefined : x.id)} data-testid="tenant-details">
                      {shown === x.id ? t('admin.tenants.hide_details') : t('admin.tenants.details')}
                    </Button>
                  </td>
                  <td style={{ overflowWrap: 'anywhere' }}>{x.domains.join(', ')}</td>
                  <td>{x.niche}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{x.pool}</td>
                  <td>{x.languages.join(', ')}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Swatch colour={x.primary} /> <Swatch colour={x.secondary} />
                  </td>
                  <td data-testid="tenant-state">{x.maintenance ? t('admin.tenants.maintenance') : t('admin.tenants.live')}</td>
                  {maySwitch && (
                    <td>
                      {x.id === current.id && !x.maintenance ? (
                        <small>{t('admin.tenants.this_console')}</small>
                      ) : (
                        <Button type="button" variant={x.maintenance ? 'primary' : 'secondary'} disabled={busy === x.id} onClick={() => void flip(x)}>
                          {x.maintenance ? t('admin.tenants.switch_on') : t('admin.tenants.switch_off')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
      {data && shown && data.tenants.some((x) => x.id === shown) && (
        <div style={{ marginTop: 16 }}>
          <TenantDetail key={shown} tenant={data.tenants.find((x) => x.id === shown)!} />
        </div>
      )}
    </>
  )
}
