// /admin/staff: the staff accounts, and a new one with a role in a brand's pool (the rules of npm run staff:create;
// decision 037 addendum). Admin only.
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { errorText } from './error-text'
import { STAFF_ROLES, type StaffRole } from '../../shared/staff-policy'
import { Alert, SelectField, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section, Table, TableWrap } from './console-frame'
import { staffCreateEndpoint, staffListEndpoint, STAFF_PASSWORD_MIN_LENGTH } from './staff-endpoints'
import { tenantsListEndpoint } from './tenant-endpoints'

export function StaffPage() {
  return <ConsoleFrame action="staff.manage" path="/admin/staff">{() => <Staff />}</ConsoleFrame>
}

function Staff() {
  const { t } = useTranslation()
  const { data, error, mutate } = useEndpoint(staffListEndpoint, {})
  const tenants = useEndpoint(tenantsListEndpoint, {})
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string }>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const formEl = e.currentTarget
    const form = new FormData(formEl)
    setBusy(true)
    setNotice(undefined)
    try {
      const out = await callEndpoint(staffCreateEndpoint, {
        body: { tenant: String(form.get('tenant')), email: String(form.get('email')), password: String(form.get('password')), role: String(form.get('role')) as StaffRole },
      })
      setNotice({ tone: 'success', text: t(out.created ? 'admin.staff.created' : 'admin.staff.promoted', { email: out.staff.email, role: t(`admin.role.${out.staff.role}`) }) })
      formEl.reset()
      await mutate()
    } catch (err) {
      setNotice({ tone: 'danger', text: errorText(err, t) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <PageTitle>{t('admin.staff.title')}</PageTitle>
      <Section aria-labelledby="staff-new">
        <h2 id="staff-new">{t('admin.staff.new')}</h2>
        <p style={{ margin: '0 0 8px' }}>{t('admin.staff.explain')}</p>
        {notice && (
          <Alert role={notice.tone === 'danger' ? 'alert' : 'status'} tone={notice.tone}>
            {notice.text}
          </Alert>
        )}
        <form method="post" onSubmit={submit} style={{ display: 'grid' }}>
          <TextField name="email" type="email" label={t('admin.login.email')} autoComplete="off" required maxLength={254} />
          <TextField name="password" type="password" label={t('admin.staff.password', { min: STAFF_PASSWORD_MIN_LENGTH })} autoComplete="new-password" required minLength={STAFF_PASSWORD_MIN_LENGTH} />
          <SelectField name="role" label={t('admin.staff.role')} defaultValue="moderator">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.role.${r}`)}
              </option>
            ))}
          </SelectField>
          <SelectField name="tenant" label={t('admin.staff.tenant')} required>
            {tenants.data?.tenants.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({x.pool})
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy}>
            {t('admin.staff.submit')}
          </Button>
        </form>
      </Section>
      {error && <Alert role="alert">{error.message}</Alert>}
      {data && (
        <TableWrap>
          <Table style={{ minWidth: 720 }}>
            <thead>
              <tr>
                <th>{t('admin.members.email')}</th>
                <th>{t('admin.staff.role')}</th>
                <th>{t('admin.overview.pool')}</th>
                <th>{t('admin.members.tenant')}</th>
                <th>{t('admin.member.created')}</th>
              </tr>
            </thead>
            <tbody>
              {data.staff.map((s) => (
                <tr key={s.id} data-testid="staff-row">
                  <td style={{ overflowWrap: 'anywhere' }}>{s.email}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{t(`admin.role.${s.role}`, { defaultValue: s.role })}</td>
                  <td>{s.pool}</td>
                  <td>{s.tenant_id}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{s.created_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </>
  )
}
