// /chats, /chats/{id} and /members/{id}/chat: the list column (300-400 px) beside the conversation column
// (at most 800 px) on wider screens; on a phone one column at a time, with a way back to the list.
import { useEffect } from 'react'
import styled from '../../ui/styled'
import { useStoreSnapshot } from '../../shared/store'
import { useTranslation } from '../../shared/use-translation'
import { useData, usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { LoginRequired } from '../../ui/login-required'
import { Badge } from '../../ui/badge'
import { Heart } from '../../ui/heart'
import { chatStore } from './chat-store'
import { ensureChats } from './chat-live-client'
import { ChatList } from './chat-list'
import { Conversation } from './conversation'
import { BackIcon, ChatBubblesIcon } from './icons'
import type { ConversationAnswer } from './chat-api'
import type { ConversationPageData } from './page-data.server'

const Shell = styled.div(({ theme }) => ({
  display: 'flex',
  // The chat layout gives the screen below the navigation (and above the phone's tab bar).
  flex: 1,
  minHeight: 0,
  background: theme.colors.background,
}))

const ListColumn = styled.aside<{ hideOnPhone: boolean }>(({ theme, hideOnPhone }) => ({
  display: hideOnPhone ? 'none' : 'flex',
  flexDirection: 'column',
  width: '100%',
  minHeight: 0,
  background: theme.colors.surface,
  [theme.mq.md]: {
    display: 'flex',
    width: `clamp(${theme.chat.listMin}px, 34vw, ${theme.chat.listMax}px)`,
    flex: '0 0 auto',
    borderRight: `1px solid ${theme.colors.border}`,
  },
}))

const ListHeader = styled.header(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '10px 12px 10px 8px',
  borderBottom: `1px solid ${theme.colors.border}`,
  minHeight: 64,
  boxSizing: 'border-box',
  h1: { margin: 0, fontSize: 22, color: theme.colors.primaryDark, display: 'flex', alignItems: 'center', gap: 8 },
}))

const HomeLink = styled.a(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  color: theme.colors.primaryDark,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 14,
  padding: '8px 6px',
  minWidth: 44,
  minHeight: 44,
  justifyContent: 'center',
  boxSizing: 'border-box',
  borderRadius: 10,
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, outline: 'none' },
  // From lg the site's navigation is above the chat.
  [theme.mq.lg]: { display: 'none' },
}))

const Brand = styled.a(({ theme }) => ({
  marginLeft: 'auto',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  color: theme.colors.primary,
  fontWeight: 800,
  textDecoration: 'none',
  fontSize: 15,
  minHeight: 44,
  [theme.mq.lg]: { display: 'none' },
}))

const ChatColumn = styled.main<{ hideOnPhone: boolean }>(({ theme, hideOnPhone }) => ({
  display: hideOnPhone ? 'none' : 'flex',
  flex: 1,
  minWidth: 0,
  minHeight: 0,
  justifyContent: 'center',
  [theme.mq.md]: { display: 'flex' },
}))

const ChatInner = styled.div(({ theme }) => ({
  width: '100%',
  maxWidth: theme.chat.chatMax,
  display: 'flex',
  minHeight: 0,
  background: theme.colors.surface,
  [theme.mq.md]: { borderLeft: `1px solid ${theme.colors.border}`, borderRight: `1px solid ${theme.colors.border}` },
}))

const Placeholder = styled.div(({ theme }) => ({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  color: theme.colors.muted,
  textAlign: 'center',
  padding: 24,
  svg: { color: theme.colors.primaryLight },
  p: { margin: 0, maxWidth: 320 },
}))

/** initial and notFound: what the conversation page's +data read on the server (page-data.server.ts). */
export function ChatsScreen({ conversationId, memberId, openGift, openIcebreaker, initial, notFound }: { conversationId?: number; memberId?: number; openGift?: boolean; openIcebreaker?: boolean; initial?: ConversationAnswer | null; notFound?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const snap = useStoreSnapshot(chatStore)
  const selected = conversationId !== undefined || memberId !== undefined

  // The list is loaded once per page session; the live client keeps it current.
  useEffect(() => {
    if (!user || chatStore.chats !== null) return
    ensureChats().catch(() => {
      chatStore.chats ??= []
    })
  }, [user])

  if (!user) return <LoginRequired title={t('chats.title')} message={t('chats.login_required')} />
  const invalid = (conversationId !== undefined && !(conversationId > 0)) || (memberId !== undefined && !(memberId > 0))

  return (
    <Shell>
      <ListColumn hideOnPhone={selected} aria-label={t('chats.title')}>
        <ListHeader>
          <HomeLink href="/members" aria-label={t('chats.to_site')}>
            <BackIcon />
          </HomeLink>
          <h1>
            {t('chats.title')} <Badge count={snap.unreadTotal} label={t('chats.unread_label', { count: snap.unreadTotal })} />
          </h1>
          <Brand href="/members">
            <Heart />
            {tenant.settings.name}
          </Brand>
        </ListHeader>
        <ChatList activeId={conversationId ?? (snap.openConversationId || null)} />
      </ListColumn>
      <ChatColumn hideOnPhone={!selected}>
        <ChatInner>
          {invalid ? (
            <Placeholder role="alert">
              <p>{t('chats.not_found')}</p>
            </Placeholder>
          ) : selected ? (
            <Conversation key={conversationId ?? `m${memberId}`} conversationId={conversationId} memberId={memberId} openGift={openGift} openIcebreaker={openIcebreaker} initial={initial} notFound={notFound} />
          ) : (
            <Placeholder>
              <ChatBubblesIcon />
              <strong style={{ fontSize: 18, color: 'inherit' }}>{t('chats.pick_title')}</strong>
              <p>{t('chats.pick_body')}</p>
            </Placeholder>
          )}
        </ChatInner>
      </ChatColumn>
    </Shell>
  )
}

/** /chats */
export function ChatsPage() {
  return <ChatsScreen />
}

/** /chats/{id} */
export function ConversationPage() {
  const { routeParams } = usePageContext()
  const data = useData<ConversationPageData | undefined>()
  return <ChatsScreen conversationId={Number(routeParams.id)} initial={data?.conversation} notFound={data?.notFound} />
}

/** /members/{id}/chat (?gift=1 opens the gift picker, ?icebreaker=1 the icebreakers: the way on from a match). */
export function MemberChatPage() {
  const { routeParams, urlParsed } = usePageContext()
  const data = useData<ConversationPageData | undefined>()
  return <ChatsScreen memberId={Number(routeParams.id)} openGift={urlParsed.search.gift === '1'} openIcebreaker={urlParsed.search.icebreaker === '1'} initial={data?.conversation} notFound={data?.notFound} />
}
