// The console's frame (decision 028): the staff login when there is no console session, else the navigation of
// the sections the staff member's role may use (the policy table, read here only to show links; the server
// checks every call) and the section itself, or a refusal when the role may not use it.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { navigate } from 'vike/client/router'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { HttpError } from '../../shared/http'
import { Alert, TextField } from '../../ui/form'
import { Button } from '../../ui/button'
import { Card, PageColumn, PageTitle } from '../../ui/page'
import type { StaffAction } from '../../shared/staff-policy'
import { usePageContext } from '../../../renderer/page-context'
import { staffLoginEndpoint, staffLogoutEndpoint, staffSessionEndpoint, type StaffMe } from './endpoints'

const SECTIONS: { href: string; action: StaffAction; key: string }[] = [
  { href: '/admin', action: 'overview.view', key: 'admin.nav.overview' },
  { href: '/admin/members', action: 'members.search', key: 'admin.nav.members' },
  { href: '/admin/photos', action: 'photos.review', key: 'admin.nav.photos' },
  { href: '/admin/texts', action: 'texts.review', key: 'admin.nav.texts' },
  { href: '/admin/complaints', action: 'complaints.view', key: 'admin.nav.complaints' },
  { href: '/admin/payments', action: 'payments.view', key: 'admin.nav.payments' },
  { href: '/admin/chats', action: 'operator.queue', key: 'admin.nav.chats' },
  { href: '/admin/tenants', action: 'tenants.view', key: 'admin.nav.tenants' },
  { href: '/admin/landers', action: 'landers.view', key: 'admin.nav.landers' },
  { href: '/admin/staff', action: 'staff.manage', key: 'admin.nav.staff' },
  { href: '/admin/audit', action: 'audit.view', key: 'admin.nav.audit' },
]

const Bar = styled.nav(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '8px 16px',
  padding: '10px 16px',
  background: theme.colors.surface,
  borderBottom: `1px solid ${theme.colors.border}`,
  a: { color: theme.colors.primaryDark, fontWeight: 600, textDecoration: 'none', padding: '6px 0' },
  'a[aria-current="page"]': { textDecoration: 'underline', textUnderlineOffset: 4 },
}))
const Brand = styled.strong(({ theme }) => ({ color: theme.colors.primaryDark, fontSize: 18, marginRight: 8 }))
/**
 * The sections. On a phone one row under the brand and the staff member, scrolled sideways (ten links took four
 * rows, a quarter of the screen, on every console page); from the lg breakpoint in the bar's own row, wrapping.
 */
const Links = styled.div(({ theme }) => ({
  order: 3,
  flex: '1 0 100%',
  display: 'flex',
  gap: 16,
  overflowX: 'auto',
  whiteSpace: 'nowrap',
  scrollbarWidth: 'thin',
  margin: '0 -16px',
  padding: '0 16px',
  [theme.mq.lg]: { order: 0, flex: '1 1 auto', flexWrap: 'wrap', overflowX: 'visible', margin: 0, padding: 0 },
}))
// minWidth 0 and overflowWrap: a long e-mail address wraps on a phone instead of running off the screen.
const Who = styled.span(({ theme }) => ({ marginLeft: 'auto', minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere', color: theme.colors.muted, fontSize: 14, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }))
const SmallButton = styled.button(({ theme }) => ({
  border: `1px solid ${theme.colors.border}`, background: 'transparent', borderRadius: 999, padding: '6px 12px', cursor: 'pointer', color: theme.colors.text, font: 'inherit', fontSize: 14,
}))

/** The current section's link, scrolled into the sideways row on a phone (a no-op where the row wraps). */
const showCurrent = (el: HTMLAnchorElement | null) => el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })

/** A console page: `action` is the policy action the section needs; children get the staff member. */
export function ConsoleFrame({ action, path, width = 1100, children }: { action: StaffAction; path: string; width?: number; children: (staff: StaffMe) => ReactNode }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const me = useEndpoint(staffSessionEndpoint, {}, { shouldRetryOnError: false, revalidateOnFocus: false })
  const landing = me.data?.staff ? landingOf(me.data.staff, path, action) : undefined
  // /admin is the overview; a role without it (a chat operator, support, a moderator) lands on its first section.
  useEffect(() => {
    if (landing) void navigate(landing)
  }, [landing])
  if (me.error) {
    return (
      <PageColumn>
        <Alert role="alert">{me.error instanceof HttpError ? me.error.message : t('errors.generic')}</Alert>
      </PageColumn>
    )
  }
  if (!me.data) return <PageColumn aria-busy="true">{t('admin.loading')}</PageColumn>
  if (!me.data.staff) return <StaffLogin onDone={() => void me.mutate()} />
  const staff = me.data.staff
  const logout = async () => {
    await callEndpoint(staffLogoutEndpoint).catch(() => undefined)
    await me.mutate(undefined, { revalidate: true })
  }
  return (
    <>
      <Bar aria-label={t('admin.title')}>
        <Brand>{tenant.settings.name}</Brand>
        <Links data-testid="console-sections">
          {SECTIONS.filter((s) => staff.actions.includes(s.action)).map((s) => (
            <a key={s.href} href={s.href} aria-current={s.href === path ? 'page' : undefined} ref={s.href === path ? showCurrent : undefined}>
              {t(s.key)}
            </a>
          ))}
        </Links>
        <Who>
          <span data-testid="staff-who">{t('admin.signed_in_as', { email: staff.email, role: t(`admin.role.${staff.role}`) })}</span>
          <SmallButton type="button" onClick={logout}>
            {t('admin.logout')}
          </SmallButton>
        </Who>
      </Bar>
      <PageColumn width={width}>
        {staff.actions.includes(action) ? (
          children(staff)
        ) : landing ? (
          <p aria-busy="true">{t('admin.loading')}</p>
        ) : (
          <Alert role="alert" data-testid="console-forbidden">
            {t('admin.errors.forbidden')}
          </Alert>
        )}
      </PageColumn>
    </>
  )
}

/** Where a staff member who opened /admin without the overview belongs: the first section their role may use. */
export function landingOf(staff: Pick<StaffMe, 'actions'>, path: string, action: StaffAction): string | undefined {
  if (path !== '/admin' || staff.actions.includes(action)) return undefined
  return SECTIONS.find((s) => staff.actions.includes(s.action))?.href
}

function StaffLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setBusy(true)
    setError(undefined)
    try {
      await callEndpoint(staffLoginEndpoint, { body: { email: String(form.get('email')), password: String(form.get('password')) } })
      onDone()
    } catch (err) {
      setError(err instanceof HttpError ? err.message : t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageColumn width={480}>
      <Card>
        <PageTitle>{t('admin.login.title')}</PageTitle>
        {error && <Alert role="alert">{error}</Alert>}
        <form method="post" onSubmit={submit} style={{ display: 'grid', gap: 12 }}>
          <TextField name="email" type="email" label={t('admin.login.email')} autoComplete="username" required />
          <TextField name="password" type="password" label={t('admin.login.password')} autoComplete="current-password" required />
          <Button type="submit" disabled={busy}>
            {t('admin.login.submit')}
          </Button>
        </form>
      </Card>
    </PageColumn>
  )
}

/** A table that scrolls sideways inside itself on a phone, never the page. */
export const TableWrap = styled.div({ overflowX: 'auto', WebkitOverflowScrolling: 'touch', margin: '8px 0 24px' })
// A table keeps columns a reader can read (min 560 px) and scrolls inside its TableWrap on a phone, instead of
// squeezing an e-mail address into a column of two letters per line.
export const Table = styled.table(({ theme }) => ({
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: 560,
  fontSize: 14,
  'th, td': { textAlign: 'left', padding: '8px 10px', borderBottom: `1px solid ${theme.colors.border}`, verticalAlign: 'top' },
  th: { color: theme.colors.muted, fontWeight: 600, whiteSpace: 'nowrap' },
}))
export const Section = styled.section(({ theme }) => ({
  background: theme.colors.surface, border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius, padding: 16, marginBottom: 16,
  h2: { fontSize: 18, margin: '0 0 10px' },
}))
