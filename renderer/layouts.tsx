// The four layouts of SPEC.md section 2, and the staff console's own.
import type { ReactNode } from 'react'
import styled from '../src/ui/styled'
import { TabBarSpace, TopNav } from '../src/features/layout/top-nav'
import { useSession } from '../src/shared/session/session-context'
import { Footer } from '../src/features/layout/footer'
import { EntryWarning } from '../src/features/layout/entry-warning'
import { SignupModal } from '../src/features/accounts/signup-modal'
import { useMemberChrome } from '../src/features/layout/member-chrome-slot'
import { usePageContext, usePathname } from './page-context'
import type { LayoutName } from './types'

/** Chat, lander and empty layouts show the entry warning only for these countries. */
const FIXED_ENTRY_COUNTRIES = ['NL', 'DE'] as const

const Frame = styled.div({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })
const Main = styled.main({ flex: 1, width: '100%' })
/**
 * The banners above a page, most important first (activation, e-mails off, profile photo, time bonus): at most one
 * shows at a time, the first that has something to say; the next shows once it is gone.
 */
const Warnings = styled.div({ maxWidth: 1200, margin: '0 auto', width: '100%', '& > :not(:first-child)': { display: 'none' } })
/** The chat layout fills the screen exactly: the navigation, then the chat columns in what is left. */
const ChatFrame = styled.div({ height: '100vh', '@supports (height: 100dvh)': { height: '100dvh' }, display: 'flex', flexDirection: 'column' })
const ChatMain = styled.main({ flex: 1, minHeight: 0, width: '100%', display: 'flex', flexDirection: 'column', overflowY: 'auto' })

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const { tenant } = usePageContext()
  const urlPathname = usePathname()
  const { user } = useSession()
  const member = useMemberChrome(Boolean(user))
  switch (name) {
    case 'chat': {
      // The list keeps the tab bar on phones; an open conversation has the screen to itself, with a way back.
      const inConversation = urlPathname !== '/chats'
      return (
        <ChatFrame>
          <TopNav tabsOnly hideTabs={inConversation} />
          <ChatMain>{children}</ChatMain>
          {user && !inConversation && <TabBarSpace />}
          <EntryWarning countries={FIXED_ENTRY_COUNTRIES} byVisitorCountry />
        </ChatFrame>
      )
    }
    case 'lander':
      return (
        <Frame>
          <TopNav brandOnly />
          <Main>{children}</Main>
          <Footer />
          <EntryWarning countries={FIXED_ENTRY_COUNTRIES} byVisitorCountry />
          {/* The member landings' call to sign up opens it on desktop. */}
          <SignupModal />
        </Frame>
      )
    case 'console':
      // The staff console (/admin) has its own bar (src/features/console/console-frame.tsx): no member navigation,
      // member banners, signup or like pop-ups, nor the visitors' entry warning.
      return (
        <Frame>
          <Main>{children}</Main>
        </Frame>
      )
    case 'empty':
      return (
        <Frame>
          <Main>{children}</Main>
          <EntryWarning countries={FIXED_ENTRY_COUNTRIES} byVisitorCountry />
          <SignupModal />
        </Frame>
      )
    default:
      return (
        <Frame>
          <TopNav />
          <Warnings role="region" aria-live="polite" data-testid="warnings">
            {member && <member.MemberBanners />}
          </Warnings>
          <Main>{children}</Main>
          <Footer />
          {user && <TabBarSpace />}
          <EntryWarning countries={tenant.settings.site_entry_countries} />
          <SignupModal />
          {member && <member.LikePopup />}
        </Frame>
      )
  }
}
