// Mounts the live client for a logged-in member on every page and keeps the session's unread total (the
// navigation badge and the title prefix) and the app badge in step with it.
import { useEffect } from 'react'
import { subscribe } from 'valtio'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { callEndpoint } from '../../shared/api-client'
import { currentUserEndpoint } from '../accounts/endpoints'
import { chatStore, badgeTotal, setChats } from './chat-store'
import { startChatLive, type ChatLive } from './chat-live'
import { loadChats, loadConversation, markRead } from './chat-api'
import { resetLikes } from '../../shared/likes-store'
import { handleLikeEvent, reloadLikes } from '../discovery'
import { useNewLikes } from '../../shared/use-likes-badge'
import { updateAppBadge } from './app-badge'
import { applyBalanceEvent, refreshUser } from '../../shared/session/session-store'
import { emitModeration } from '../../shared/moderation-events'
import { BAN_PAGE } from '../../shared/next-path'

let current: ChatLive | undefined

/** Tells the other member that the viewer is typing (at most once a second). */
export function sendTyping(conversationId: number) {
  current?.sendTyping(conversationId)
}

/** Loads the conversation list (shared with the live client's own load when it runs). */
export function ensureChats(): Promise<void> {
  if (current) return current.refreshChats()
  return loadChats().then((a) => setChats(chatStore, a.chats, a.unread_total))
}

async function pushSubscribed(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false
  const registration = await navigator.serviceWorker.getRegistration('/')
  return Boolean(await registration?.pushManager?.getSubscription())
}

export function ChatLiveClient() {
  const session = useSessionStore()
  const { user, unreadMessages } = useSession()
  const newLikes = useNewLikes(user !== null)
  const userId = user?.id

  useEffect(() => {
    if (userId === undefined) return
    const live = startChatLive({
      state: chatStore,
      viewerId: userId,
      url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`,
      api: {
        loadChats,
        loadConversation: (o) => loadConversation(o),
        markRead,
        loadUser: () => callEndpoint(currentUserEndpoint),
        // The new likes live in the shared likes store, which the badge and the title prefix read.
        reloadNewLikes: reloadLikes,
      },
      onUser: (u) => {
        refreshUser(session, u)
      },
      onEvent: (event) => {
        // Banned by staff (decision 028): the sessions are gone on the server; this tab shows the ban page now.
        if (event.type === 'banned') {
          session.user = null
          window.location.assign(BAN_PAGE)
          return
        }
        // A moderator's verdict on the member's photo or texts: their open photos and profile pages reload.
        if (emitModeration(event)) return
        handleLikeEvent(event)
        // The balance after a purchase, a spend elsewhere or a refund: the navigation's credits and premium state.
        applyBalanceEvent(session, event)
      },
      pushSubscribed,
    })
    current = live
    session.unreadMessages = chatStore.unreadTotal
    const unsubscribe = subscribe(chatStore, () => {
      if (session.unreadMessages !== chatStore.unreadTotal) session.unreadMessages = chatStore.unreadTotal
    })
    const nudge = () => {
      if (document.visibilityState === 'visible') live.socket.nudge()
    }
    window.addEventListener('online', nudge)
    document.addEventListener('visibilitychange', nudge)
    return () => {
      unsubscribe()
      window.removeEventListener('online', nudge)
      document.removeEventListener('visibilitychange', nudge)
      live.stop()
      if (current === live) current = undefined
      // The count belonged to this member: after a logout (or another login) it is loaded afresh.
      resetLikes()
    }
  }, [userId, session])

  useEffect(() => {
    if (userId === undefined) return
    void updateAppBadge(badgeTotal(unreadMessages, newLikes))
  }, [userId, unreadMessages, newLikes])

  return null
}
