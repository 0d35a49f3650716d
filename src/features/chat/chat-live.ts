// The live client of a logged-in tab: the socket to /api/ws feeds the chat store; after a reconnect it catches
// up from the API so nothing is missed; without the socket it refreshes the user and the chats every 60 s
// (300 s when push is subscribed), starting after 5 s (SPEC.md section 9). New likes refresh on the same beat.
import type { ChatMessage } from '../../shared/chat-contracts'
import type { PresentedUser } from '../../shared/contracts'
import { SilentAbort } from '../../shared/http'
import { applyLiveEvent, markOpened, mergeMessages, setChats, type ChatState } from './chat-store'
import { LiveSocket, type SocketLike } from './live-socket'
import type { ChatsAnswer, ConversationAnswer } from './chat-api'

export const POLL_START_MS = 5_000
export const POLL_MS = 60_000
export const POLL_PUSH_MS = 300_000

export interface ChatLiveDeps {
  state: ChatState
  viewerId: number
  url: string
  api: {
    loadChats(): Promise<ChatsAnswer>
    loadConversation(opts: { id: number; after: number }): Promise<ConversationAnswer>
    markRead(id: number): Promise<unknown>
    loadUser(): Promise<{ user: PresentedUser }>
    /** Reloads the new-likes count into its own store (src/shared/likes-store.ts). */
    reloadNewLikes(): Promise<void>
  }
  onUser(user: PresentedUser): void
  /** Every live event, for the features beside the chat (likes and matches refresh the new-likes badge). */
  onEvent?(event: { type: string }): void
  pushSubscribed(): Promise<boolean>
  createSocket?: (url: string) => SocketLike
  /** Jitter of the reconnect delay (tests fix it). */
  random?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (id: unknown) => void
  now?: () => number
  /** Whether the member sees the page (an open conversation is only marked read then). */
  visible?: () => boolean
}

export interface ChatLive {
  socket: LiveSocket
  /** Loads the list and unread total again. */
  refreshChats(): Promise<void>
  /** Fetches what a conversation missed after its last stored message. */
  catchUp(): Promise<void>
  /** One poll: what the socket would have brought (used while it is down). */
  poll(): Promise<void>
  sendTyping(conversationId: number): void
  stop(): void
}

const ignore = (err: unknown) => {
  if (err instanceof SilentAbort) return
}

export function startChatLive(deps: ChatLiveDeps): ChatLive {
  const { state, api } = deps
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
  const clearTimer = deps.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>))
  const now = deps.now ?? Date.now
  const visible = deps.visible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible')
  let stopped = false
  let pollTimer: unknown
  let reloadTimer: unknown
  let lastTyping = 0

  // One list request at a time: a page asking while the start-up load runs shares it.
  let listing: Promise<void> | undefined
  const refreshChats = () =>
    (listing ??= api
      .loadChats()
      .then((answer) => {
        if (!stopped) setChats(state, answer.chats, answer.unread_total)
      })
      .finally(() => {
        listing = undefined
      }))

  /** Marks the open conversation read while the member sees it (a hidden tab leaves it unread, title and all). */
  const markReadNow = (id: number) => {
    if (!visible()) return
    markOpened(state, id)
    api.markRead(id).catch(ignore)
  }

  const catchUp = async () => {
    await refreshChats().catch(ignore)
    for (const key of Object.keys(state.messages)) {
      const id = Number(key)
      const stored = state.messages[id].filter((m) => !m.pending && !m.failed)
      const after = stored.length ? stored[stored.length - 1].id : 0
      try {
        const answer = await api.loadConversation({ id, after })
        mergeMessages(state, id, answer.messages as ChatMessage[])
        state.lastReadByOther[id] = answer.conversation.last_read_by_other
        if (id === state.openConversationId && answer.messages.some((m) => !m.mine)) markReadNow(id)
      } catch (err) {
        ignore(err)
      }
    }
  }

  const poll = async () => {
    const jobs: Array<Promise<unknown>> = [api.reloadNewLikes()]
    if (!socket.connected) {
      jobs.push(api.loadUser().then(({ user }) => !stopped && deps.onUser(user)))
      jobs.push(catchUp())
    }
    await Promise.allSettled(jobs)
  }

  const schedulePoll = async (first: boolean) => {
    const delay = first ? POLL_START_MS : (await deps.pushSubscribed().catch(() => false)) ? POLL_PUSH_MS : POLL_MS
    if (stopped) return
    pollTimer = setTimer(async () => {
      await poll()
      if (!stopped) void schedulePoll(false)
    }, delay)
  }

  const socket = new LiveSocket({
    url: deps.url,
    createSocket: deps.createSocket,
    random: deps.random,
    setTimer,
    clearTimer,
    onOpen: (reconnected) => {
      state.live = true
      // What the account became while no socket listened (the page's render, a reconnect): the e-mail address
      // confirmed in another tab before this one's socket opened was otherwise only seen after a reload.
      void api.loadUser().then(({ user }) => !stopped && deps.onUser(user)).catch(ignore)
      if (reconnected) void catchUp()
    },
    onDown: () => {
      state.live = false
    },
    onEvent: (event) => {
      deps.onEvent?.(event)
      const outcome = applyLiveEvent(state, event, now(), deps.viewerId)
      if (outcome === 'mark_read' && event.type === 'message') markReadNow(event.conversation_id)
      // The session store follows (the activation reminder leaves this tab once the e-mail is confirmed elsewhere).
      if (outcome === 'reload_user') void api.loadUser().then(({ user }) => !stopped && deps.onUser(user)).catch(ignore)
      if (outcome === 'reload_chats') {
        // Several messages of a new conversation in a burst: one reload.
        clearTimer(reloadTimer)
        reloadTimer = setTimer(() => void refreshChats().catch(ignore), 150)
      }
    },
  })

  socket.start()
  void refreshChats().catch(ignore)
  void api.reloadNewLikes().catch(ignore)
  void schedulePoll(true)

  return {
    socket,
    refreshChats,
    catchUp,
    poll,
    sendTyping(conversationId) {
      const t = now()
      if (t - lastTyping < 1000) return
      if (socket.send({ type: 'typing', conversation_id: conversationId })) lastTyping = t
    },
    stop() {
      stopped = true
      clearTimer(pollTimer)
      clearTimer(reloadTimer)
      socket.stop()
      state.live = false
    },
  }
}
