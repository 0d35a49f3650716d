// Client state of the chat (Valtio): the conversation list, the unread total, who is typing and the messages
// of conversations opened on this page. The functions below change the state; they are plain functions of the
// state so the live client, the pages and the tests share them.
import { proxy } from 'valtio'
import type { ChatListItem, ChatMessage, LiveServerEvent } from '../../shared/chat-contracts'

/** A message as the page shows it: stored, or on its way (pending) or refused (failed) with its client id. */
export type ShownMessage = ChatMessage & { pending?: boolean; failed?: boolean; localImage?: string }

export interface ChatState {
  /** null until the list was loaded once. */
  chats: ChatListItem[] | null
  unreadTotal: number
  /** Conversation id to the time (ms) until which the other member counts as typing. */
  typing: Record<number, number>
  /** Messages of conversations opened on this page, oldest first. */
  messages: Record<number, ShownMessage[]>
  /** The other member's last read message per conversation (read receipts). */
  lastReadByOther: Record<number, number | null>
  /** The conversation on screen (its new messages are marked read at once). */
  openConversationId: number | null
  /** Whether the live socket is connected. */
  live: boolean
  /** An alert over the list (a removal the server refused). */
  notice: string | null
}

/** How long a typing event shows the indicator (the sender repeats it at most once a second while typing). */
export const TYPING_MS = 4000

export function createChatState(): ChatState {
  return { chats: null, unreadTotal: 0, typing: {}, messages: {}, lastReadByOther: {}, openConversationId: null, live: false, notice: null }
}

/** The one store of the browser. The server never changes it (pages render it empty there). */
export const chatStore = proxy<ChatState>(createChatState())

const sumUnread = (chats: readonly ChatListItem[]) => chats.reduce((n, c) => n + c.num_unread_messages, 0)

/** Replaces the list with the server's answer. */
export function setChats(state: ChatState, chats: ChatListItem[], unreadTotal: number) {
  state.chats = chats
  state.unreadTotal = unreadTotal
  for (const c of chats) state.lastReadByOther[c.conversation.id] = c.conversation.last_read_by_other
}

/** Adds a message to its conversation's list once (matched by id, or by client id for one being sent). */
export function upsertMessage(state: ChatState, message: ShownMessage) {
  const list = state.messages[message.conversation_id]
  if (!list) return
  const i = list.findIndex((m) => m.id === message.id || (message.client_id !== null && m.client_id === message.client_id))
  if (i >= 0) list.splice(i, 1)
  // Pending and refused messages stay at the end; stored ones are ordered by id.
  if (message.pending || message.failed) {
    list.push(message)
    return
  }
  let at = list.length
  while (at > 0 && (list[at - 1].pending || list[at - 1].failed || list[at - 1].id > message.id)) at--
  list.splice(at, 0, message)
}

/** Merges a page of stored messages (older history or a catch-up) into a conversation. */
export function mergeMessages(state: ChatState, conversationId: number, page: ChatMessage[]) {
  state.messages[conversationId] ??= []
  for (const m of page) upsertMessage(state, m)
}

/** What the live client must do after an event. */
export type EventOutcome = 'none' | 'reload_chats' | 'mark_read' | 'reload_user'

/** Applies one event of /api/ws. */
export function applyLiveEvent(state: ChatState, event: LiveServerEvent, now: number, viewerId: number): EventOutcome {
  switch (event.type) {
    case 'message': {
      const { message } = event
      upsertMessage(state, message)
      if (!message.mine) delete state.typing[event.conversation_id]
      const chats = state.chats
      if (!chats) return 'none'
      const i = chats.findIndex((c) => c.conversation.id === event.conversation_id)
      if (i < 0) return 'reload_chats'
      const item = chats[i]
      if (item.conversation.last_message && item.conversation.last_message.id > message.id) return 'none'
      const isNew = item.conversation.last_message?.id !== message.id
      item.conversation.last_message = message
      item.conversation.last_message_at = message.created_at
      if (!message.mine && isNew) item.num_unread_messages += 1
      if (i > 0) {
        chats.splice(i, 1)
        chats.unshift(item)
      }
      return !message.mine && state.openConversationId === event.conversation_id ? 'mark_read' : 'none'
    }
    case 'typing':
      state.typing[event.conversation_id] = now + TYPING_MS
      return 'none'
    case 'read': {
      const item = state.chats?.find((c) => c.conversation.id === event.conversation_id)
      if (event.member_id === viewerId) {
        // The viewer read it in another tab: the count clears here too.
        if (item) item.num_unread_messages = 0
      } else {
        state.lastReadByOther[event.conversation_id] = event.last_read_message_id
        if (item) item.conversation.last_read_by_other = event.last_read_message_id
      }
      return 'none'
    }
    case 'unread':
      state.unreadTotal = event.total
      return 'none'
    case 'chat_removed':
      if (state.chats) state.chats = state.chats.filter((c) => c.conversation.id !== event.conversation_id)
      return 'none'
    case 'account_changed':
      return 'reload_user'
    case 'banned':
      // The page leaves (chat-live-client.tsx); nothing of the chat changes here.
      return 'none'
    case 'moderated':
      // The owner's photos and texts reload themselves (src/shared/moderation-events.ts); not the chat's.
      return 'none'
  }
}

/** Whether the other member of a conversation is typing now. */
export function isTyping(state: Pick<ChatState, 'typing'>, conversationId: number | null, now: number): boolean {
  return conversationId !== null && (state.typing[conversationId] ?? 0) > now
}

/** Opening a chat sets its unread count to zero (SPEC.md section 4); the server confirms with the read call. */
export function markOpened(state: ChatState, conversationId: number) {
  const item = state.chats?.find((c) => c.conversation.id === conversationId)
  if (item && item.num_unread_messages > 0) {
    state.unreadTotal = Math.max(0, state.unreadTotal - item.num_unread_messages)
    item.num_unread_messages = 0
  }
}

/** Removes chats from the list at once (SPEC.md section 4); returns what was removed, to put back if needed. */
export function removeLocally(state: ChatState, by: { id: number } | { profileId: number }): ChatListItem[] {
  if (!state.chats) return []
  const gone = (c: ChatListItem) => ('id' in by ? c.conversation.id === by.id : c.profile.id === by.profileId)
  const removed = state.chats.filter(gone)
  state.chats = state.chats.filter((c) => !gone(c))
  state.unreadTotal = Math.max(0, state.unreadTotal - sumUnread(removed))
  return removed
}

/** The total behind the app badge and the title prefix: unread messages plus new likes. */
export const badgeTotal = (unreadMessages: number, newLikes: number) => Math.max(0, unreadMessages) + Math.max(0, newLikes)
