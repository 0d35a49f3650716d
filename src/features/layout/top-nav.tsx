import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { Badge } from '../../ui/badge'
import { ButtonLink } from '../../ui/button'
import { callEndpoint } from '../../shared/api-client'
import { logoutEndpoint } from '../accounts/endpoints'
import { LocaleDropdown } from './locale-dropdown'
import { Heart } from '../../ui/heart'
import { useNewLikesBadge } from '../../shared/use-likes-badge'

const Bar = styled.header(({ theme }) => ({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: theme.colors.surface,
  borderBottom: `1px solid ${theme.colors.border}`,
  boxShadow: '0 2px 10px rgba(0,0,0,0.05)',
}))

const Inner = styled.div(({ theme }) => ({
  maxWidth: 1200,
  margin: '0 auto',
  padding: '8px 16px',
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 60,
  flexWrap: 'wrap',
  [theme.mq.sm]: { gap: 12 },
}))

const Brand = styled.a(({ theme }) => ({
  fontWeight: 800,
  fontSize: 19,
  [theme.mq.sm]: { fontSize: 22 },
  color: theme.colors.primary,
  textDecoration: 'none',
  letterSpacing: -0.5,
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  marginRight: 'auto',
}))

/** Member links: a row of their own under the brand on phones, inline from the md breakpoint. */
const MemberLinks = styled.div(({ theme }) => ({
  order: 10,
  width: '100%',
  display: 'flex',
  justifyContent: 'space-around',
  borderTop: `1px solid ${theme.colors.border}`,
  paddingTop: 4,
  [theme.mq.md]: { order: 0, width: 'auto', borderTop: 'none', paddingTop: 0, gap: 4 },
}))

const NavLink = styled.a(({ theme }) => ({
  color: theme.colors.text,
  textDecoration: 'none',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  // Four links and their badges fit a 360 px phone.
  padding: '6px 4px',
  fontSize: 14,
  [theme.mq.sm]: { fontSize: 15, padding: '6px 6px', gap: 6 },
  [theme.mq.md]: { fontSize: 16, padding: '6px 8px' },
  borderRadius: 8,
  '&:hover': { background: theme.colors.primarySoft },
}))

/** The login button: a little narrower on phones, so it stays on the brand's row. */
const LoginLink = styled(ButtonLink)(({ theme }) => ({
  minHeight: 38,
  padding: '0 12px',
  [theme.mq.sm]: { padding: '0 20px' },
}))

const Menu = styled.div(({ theme }) => ({
  position: 'absolute',
  right: 0,
  top: '100%',
  marginTop: 4,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 10,
  minWidth: 180,
  boxShadow: '0 8px 24px rgba(0,0,0,0.12)',
  display: 'flex',
  flexDirection: 'column',
  padding: 6,
}))

/** The balance at or below which the navigation shows it. */
const LOW_BALANCE = 10

/** SPEC.md sections 2 and 9: the balance as a badge at 10 or less, in the warning colour above 0 and the danger colour at 0. */
export function LowBalanceBadge({ credits, label }: { credits: number; label: string }) {
  if (credits > LOW_BALANCE) return null
  return <Badge count={Math.max(credits, 0)} showZero tone={credits > 0 ? 'warning' : 'danger'} label={label} />
}

/** An item of the account menu: links and the logout button look alike. */
const MenuItem = styled.a(({ theme }) => ({
  display: 'block',
  width: '100%',
  padding: '10px 12px',
  border: 'none',
  borderRadius: 8,
  background: 'none',
  color: theme.colors.text,
  font: 'inherit',
  fontSize: 15,
  fontWeight: 600,
  lineHeight: 1.5,
  textAlign: 'left',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft },
}))

/**
 * The account menu: closes when an item is chosen, on a click or tap outside, on Escape (focus back on its
 * button) and when the page changes (the navigation stays mounted across client-side page changes).
 */
function AccountMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  const { t } = useTranslation()
  const { urlPathname } = usePageContext()
  const [open, setOpen] = useState(false)
  const wrap = useRef<HTMLDivElement>(null)
  useEffect(() => setOpen(false), [urlPathname])
  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      wrap.current?.querySelector('button')?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [open])
  const close = () => setOpen(false)
  return (
    <div ref={wrap} style={{ position: 'relative' }}>
      <NavLink as="button" type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} style={{ border: 'none', background: 'none', cursor: 'pointer', font: 'inherit' }}>
        {name} ▾
      </NavLink>
      {open && (
        <Menu role="menu">
          <MenuItem role="menuitem" href="/profile" onClick={close}>
            {t('nav.my_profile')}
          </MenuItem>
          <MenuItem role="menuitem" href="/settings" onClick={close}>
            {t('nav.settings')}
          </MenuItem>
          <MenuItem
            role="menuitem"
            as="button"
            type="button"
            onClick={() => {
              close()
              onLogout()
            }}
          >
            {t('nav.logout')}
          </MenuItem>
        </Menu>
      )}
    </div>
  )
}

/** The brand alone (lander layout) or the full navigation (default layout). */
export function TopNav({ brandOnly = false }: { brandOnly?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const session = useSession()
  const user = session.user
  const newLikes = useNewLikesBadge(Boolean(user) && !brandOnly)

  const logout = async () => {
    await callEndpoint(logoutEndpoint).catch(() => undefined)
    // A full load of the home page shows the logged-out site (no flash of a half-logged-out page first).
    window.location.href = '/'
  }

  return (
    <Bar>
      <Inner as="nav" aria-label={t('nav.main_navigation')}>
        <Brand href="/">
          <Heart />
          {tenant.settings.name}
        </Brand>
        {!brandOnly && user && (
          <MemberLinks>
            <NavLink href="/members">{t('nav.search')}</NavLink>
            <NavLink href="/chats" data-testid="nav-messages">
              {t('nav.messages')} <Badge count={session.unreadMessages} />
            </NavLink>
            <NavLink href="/likes" data-testid="nav-likes">
              {t('nav.likes')} <Badge count={newLikes} tone="primary" label={t('likes_page.new_likes_badge', { count: newLikes })} />
            </NavLink>
            {user.paid_user ? (
              <NavLink href="/credits" data-testid="nav-credits">
                {t('nav.credits')}
                <LowBalanceBadge credits={user.credits} label={t('nav.credits_left', { count: user.credits })} />
              </NavLink>
            ) : (
              <NavLink href="/premium" data-testid="nav-premium">
                {t('nav.get_premium')}
              </NavLink>
            )}
          </MemberLinks>
        )}
        {!brandOnly && <LocaleDropdown />}
        {!brandOnly && user && (
          <AccountMenu name={user.profile?.name ?? t('nav.account')} onLogout={logout} />
        )}
        {!brandOnly && !user && (
          <LoginLink href="/login" variant="ghost">
            {t('nav.login')}
          </LoginLink>
        )}
      </Inner>
    </Bar>
  )
}
