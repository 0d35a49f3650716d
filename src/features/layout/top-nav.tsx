import { useEffect } from 'react'
import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { TAB_BAR_HEIGHT } from '../../ui/tab-bar'
import { usePageContext, usePathname } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { Badge } from '../../ui/badge'
import { ButtonLink, primaryFill } from '../../ui/button'
import { callEndpoint } from '../../shared/endpoint-call'
import { leaveAfterSessionEnd } from '../../shared/http'
import { logoutRef } from '../accounts/endpoint-refs'
import { LocaleDropdown } from './locale-dropdown'
import { Heart } from '../../ui/heart'
import { useNewLikesBadge } from '../discovery'
import { useDismissibleMenu } from '../../ui/overflow-menu'
import { ChatsIcon, LikesIcon, MatchIcon, MeIcon, SearchIcon, SwipeIcon } from './nav-icons'
import { useKeptContent } from '../../shared/fragment-cache'

const Bar = styled.header<{ compact?: boolean }>(({ theme, compact }) => ({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: theme.colors.surface,
  borderBottom: `1px solid ${theme.colors.border}`,
  boxShadow: '0 2px 10px rgba(0,0,0,0.05)',
  // Only the tab bar below lg: the brand, balance and account give way to the chat's own header.
  ...(compact && {
    [`@media (max-width: ${theme.breakpoints.lg - 0.02}px)`]: {
      position: 'static',
      border: 'none',
      boxShadow: 'none',
      nav: { minHeight: 0, padding: 0 },
      'nav > :not([data-testid="member-tabs"])': { display: 'none' },
    },
  }),
}))

const Inner = styled.div(({ theme }) => ({
  // A little wider than the pages: brand, five links, premium, language and account share one row at 1280 px.
  maxWidth: 1280,
  margin: '0 auto',
  padding: '8px 12px',
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 60,
  flexWrap: 'wrap',
  [theme.mq.sm]: { gap: 12, padding: '8px 16px' },
}))

const Brand = styled.a(({ theme }) => ({
  fontWeight: 800,
  fontSize: 17,
  [theme.mq.sm]: { fontSize: 22 },
  color: theme.colors.primary,
  textDecoration: 'none',
  letterSpacing: -0.5,
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  marginRight: 'auto',
}))


/**
 * The member links. On phones and small tablets a tab bar fixed at the bottom, within thumb reach as in dating
 * apps (search, likes, swipe game, chats, me); from the lg breakpoint a row in the top navigation. One set of
 * links for both, so each link (and its test id) exists once.
 */
const MemberLinks = styled.div<{ hideTabs: boolean }>(({ theme, hideTabs }) => ({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 60,
  display: hideTabs ? 'none' : 'flex',
  justifyContent: 'space-around',
  background: theme.colors.surface,
  borderTop: `1px solid ${theme.colors.border}`,
  boxShadow: '0 -2px 10px rgba(0,0,0,0.06)',
  paddingBottom: 'env(safe-area-inset-bottom)',
  [theme.mq.lg]: { position: 'static', display: 'flex', background: 'none', border: 'none', boxShadow: 'none', padding: 0, gap: 2 },
}))

const NavLink = styled.a(({ theme }) => ({
  position: 'relative',
  color: theme.colors.text,
  textDecoration: 'none',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 10,
  // Tabs: icon over label, the whole fifth of the width to tap.
  flex: '1 1 0',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: 2,
  minHeight: TAB_BAR_HEIGHT,
  minWidth: 44,
  fontSize: 11,
  '&[aria-current="page"]': { color: theme.colors.primaryDark },
  '&[aria-current="page"] svg': { strokeWidth: 2.6 },
  [theme.mq.lg]: {
    flex: '0 0 auto',
    flexDirection: 'row',
    gap: 6,
    minHeight: 44,
    padding: '0 8px',
    fontSize: 16,
    svg: { display: 'none' },
    '&:hover': { background: theme.colors.primarySoft },
    '&[aria-current="page"]': { color: theme.colors.primaryDark, boxShadow: `inset 0 -3px 0 ${theme.colors.primary}` },
  },
}))

/** Only on phones (the me tab) or only on desktop (the match finder, which phones reach from the account menu). */
const PhoneOnly = styled.span(({ theme }) => ({ display: 'contents', [theme.mq.lg]: { display: 'none' } }))
const DesktopOnly = styled.span(({ theme }) => ({ display: 'none', [theme.mq.lg]: { display: 'contents' } }))

/** A tab's badge: on the corner of its icon on phones, after the label on desktop. */
const BadgeSpot = styled.span(({ theme }) => ({
  position: 'absolute',
  top: 4,
  left: 'calc(50% + 6px)',
  lineHeight: 0,
  '&:empty': { display: 'none' },
  [theme.mq.lg]: { position: 'static' },
}))

/** The link to premium or to the balance, beside the account in the top bar at every width. */
const TopLink = styled.a(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 44,
  padding: '0 10px',
  borderRadius: 999,
  fontWeight: 700,
  fontSize: 14,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  color: theme.colors.primaryDark,
  background: theme.colors.primarySoft,
  [theme.mq.lg]: { fontSize: 16, background: 'none', color: theme.colors.text, '&:hover': { background: theme.colors.primarySoft } },
}))

/** "Premium" on phones (the top row holds brand, premium, language and account down to 360 px), "Word premium" wider. */
const PhoneText = styled.span(({ theme }) => ({ [theme.mq.sm]: { display: 'none' } }))
const WideText = styled.span(({ theme }) => ({ display: 'none', [theme.mq.sm]: { display: 'inline' } }))
const Caret = styled.span(({ theme }) => ({ display: 'none', [theme.mq.sm]: { display: 'inline' } }))

/** The account button: the initial in a circle on phones, with the name from the sm breakpoint. */
const AccountButton = styled.button(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 44,
  minWidth: 44,
  padding: 0,
  border: 'none',
  borderRadius: 999,
  background: 'none',
  color: theme.colors.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover .initial, &[aria-expanded="true"] .initial': { background: primaryFill(theme).hover },
  [theme.mq.sm]: { padding: '0 10px 0 0', '&:hover': { background: theme.colors.primarySoft } },
}))

const Initial = styled.span(({ theme }) => ({
  width: 36,
  height: 36,
  margin: 4,
  borderRadius: '50%',
  background: primaryFill(theme).bg,
  color: primaryFill(theme).fg,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 800,
  fontSize: 16,
  textTransform: 'uppercase',
}))

/** The name beside the initial: for screen readers only on phones, shown from the sm breakpoint. */
const AccountName = styled.span(({ theme }) => ({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  [theme.mq.sm]: { position: 'static', width: 'auto', height: 'auto', clipPath: 'none', maxWidth: 160, textOverflow: 'ellipsis' },
}))

/** The login button: a little narrower on phones, so it stays on the brand's row. */
const LoginLink = styled(ButtonLink)(({ theme }) => ({
  minHeight: 44,
  padding: '0 14px',
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
  const urlPathname = usePathname()
  const { open, setOpen, wrap } = useDismissibleMenu()
  useEffect(() => setOpen(false), [urlPathname, setOpen])
  const close = () => setOpen(false)
  return (
    <div ref={wrap} style={{ position: 'relative' }}>
      <AccountButton type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="account-button">
        <Initial className="initial" aria-hidden="true">
          {Array.from(name)[0]}
        </Initial>
        <AccountName>{name}</AccountName>
        <Caret aria-hidden="true">▾</Caret>
      </AccountButton>
      {open && (
        <Menu role="menu">
          <MenuItem role="menuitem" href="/profile" onClick={close}>
            {t('nav.my_profile')}
          </MenuItem>
          <PhoneOnly>
            <MenuItem role="menuitem" href="/match-finder" onClick={close}>
              {t('match_finder.title')}
            </MenuItem>
          </PhoneOnly>
          <MenuItem role="menuitem" href="/notifications" onClick={close}>
            {t('notifications.title')}
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

/** The member tabs' addresses, in the order they show. */
const TAB_PATHS = ['/members', '/likes', '/swipe-game', '/match-finder', '/chats', '/profile'] as const

/** Whether a member link is the current page's (the search also covers the profiles under /members/). */
function current(pathname: string | undefined, href: string): 'page' | undefined {
  if (!pathname) return undefined
  // A conversation opened from a profile (/members/{id}/chat) belongs to the chats.
  if (/^\/members\/[^/]+\/chat$/.test(pathname)) pathname = '/chats'
  return pathname === href || pathname.startsWith(`${href}/`) ? 'page' : undefined
}

/**
 * The brand alone (lander layout) or the full navigation (default and chat layouts). In the chat layout on phones
 * the top bar gives way to the chat's own header (tabsOnly), and in an open conversation the tab bar too (the
 * message field needs the bottom of the screen).
 */
export function TopNav({ brandOnly = false, tabsOnly = false, hideTabs = false }: { brandOnly?: boolean; tabsOnly?: boolean; hideTabs?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const urlPathname = usePathname()
  const session = useSession()
  const user = session.user
  const newLikes = useNewLikesBadge(Boolean(user) && !brandOnly)
  const compact = tabsOnly && Boolean(user)

  const logout = async () => {
    await callEndpoint(logoutRef).catch(() => undefined)
    // A full load of the home page shows the logged-out site (no flash of a half-logged-out page first).
    leaveAfterSessionEnd('/')
  }

  // The member's tabs are the same markup for every member on the same page with the same counts: kept across server
  // renders (decision 050), with what they show beyond the tenant and language in the key.
  const tabs = () => (
    <>
      <NavLink href="/members" aria-current={current(urlPathname, '/members')}>
        <SearchIcon />
        <span>{t('nav.search')}</span>
      </NavLink>
      <NavLink href="/likes" data-testid="nav-likes" aria-current={current(urlPathname, '/likes')}>
        <LikesIcon />
        <span>{t('nav.likes')}</span>
        <BadgeSpot>
          <Badge count={newLikes} tone="primary" label={t('likes_page.new_likes_badge', { count: newLikes })} />
        </BadgeSpot>
      </NavLink>
      <NavLink href="/swipe-game" data-testid="nav-swipe" aria-current={current(urlPathname, '/swipe-game')}>
        <SwipeIcon />
        <span>{t('nav.swipe')}</span>
      </NavLink>
      <DesktopOnly>
        <NavLink href="/match-finder" data-testid="nav-match-finder" aria-current={current(urlPathname, '/match-finder')}>
          <MatchIcon />
          <span>{t('match_finder.title')}</span>
        </NavLink>
      </DesktopOnly>
      <NavLink href="/chats" data-testid="nav-messages" aria-current={current(urlPathname, '/chats')}>
        <ChatsIcon />
        <span>{t('nav.messages')}</span>
        <BadgeSpot>
          <Badge count={session.unreadMessages} />
        </BadgeSpot>
      </NavLink>
      <PhoneOnly>
        <NavLink href="/profile" data-testid="nav-me" aria-current={current(urlPathname, '/profile')}>
          <MeIcon />
          <span>{t('nav.me')}</span>
        </NavLink>
      </PhoneOnly>
    </>
  )
  const tabsContent = useKeptContent(() => (user && !brandOnly ? `member-tabs\u0000${JSON.stringify([TAB_PATHS.map((href) => current(urlPathname, href)), newLikes, session.unreadMessages])}` : undefined), tabs)

  return (
    <Bar compact={compact}>
      <Inner as="nav" aria-label={t('nav.main_navigation')}>
        <Brand href={user ? '/members' : '/'}>
          <Heart />
          {tenant.settings.name}
        </Brand>
        {!brandOnly && user && <MemberLinks hideTabs={hideTabs} data-testid="member-tabs" data-tab-bar={hideTabs ? undefined : ''} {...tabsContent} />}
        {!brandOnly &&
          user &&
          (user.paid_user ? (
            <TopLink href="/credits" data-testid="nav-credits">
              {t('nav.credits')}
              <LowBalanceBadge credits={user.credits} label={t('nav.credits_left', { count: user.credits })} />
            </TopLink>
          ) : (
            <TopLink href="/premium" data-testid="nav-premium" aria-label={t('nav.get_premium')}>
              <PhoneText>{t('nav.premium_short')}</PhoneText>
              <WideText>{t('nav.get_premium')}</WideText>
            </TopLink>
          ))}
        {!brandOnly && <LocaleDropdown />}
        {!brandOnly && user && <AccountMenu name={user.profile?.name ?? t('nav.account')} onLogout={logout} />}
        {!brandOnly && !user && (
          <LoginLink href="/login" variant="ghost">
            {t('nav.login')}
          </LoginLink>
        )}
      </Inner>
    </Bar>
  )
}

/** Room under a page for the phone's tab bar, so it never covers the end of the page. */
export const TabBarSpace = styled.div(({ theme }) => ({
  height: `calc(${TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom))`,
  flex: '0 0 auto',
  [theme.mq.lg]: { display: 'none' },
}))
