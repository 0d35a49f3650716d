// The chat calls of the browser, through the typed client of the definitions in ./endpoints.ts: addresses, inputs
// and answers come from there (docs/decisions/016-endpoint-contracts.md).
import type { ChatMessage, SendMessageRequest } from '../../shared/chat-contracts'
import { callEndpoint } from '../../shared/api-client'
import type { EndpointResponse } from '../../shared/endpoint'
import * as api from './endpoints'

export type ChatsAnswer = EndpointResponse<typeof api.chatsEndpoint>
export type SendAnswer = EndpointResponse<typeof api.sendMessageEndpoint>
export type GiftsAnswer = EndpointResponse<typeof api.giftsEndpoint>
export type GifsAnswer = EndpointResponse<typeof api.gifsEndpoint>
/** GET /api/chat.php: a conversation with a member who has none yet answers conversation.id null. */
export type ConversationAnswer = EndpointResponse<typeof api.conversationEndpoint>

/** Where a message goes: an existing conversation or the member a first message starts one with. */
export type ChatTarget = { conversationId: number } | { memberId: number }

const targetQuery = (to: ChatTarget) => ('conversationId' in to ? { conversation_id: to.conversationId } : { member_id: to.memberId })

export const loadChats = () => callEndpoint(api.chatsEndpoint)

export function loadConversation(opts: { id: number; before?: number; after?: number } | { memberId: number }) {
  if ('memberId' in opts) return callEndpoint(api.conversationEndpoint, { query: { member_id: opts.memberId } })
  return callEndpoint(api.conversationEndpoint, { query: { id: opts.id, before: opts.before, after: opts.after } })
}

export const sendMessage = (to: ChatTarget, body: SendMessageRequest) => callEndpoint(api.sendMessageEndpoint, { query: targetQuery(to), body })

/** POST /api/message-image.php: the photo as multipart; the server checks and re-encodes it. */
export function sendImage(to: ChatTarget, clientId: string, file: Blob, fetchImpl?: typeof fetch): Promise<SendAnswer> {
  const form = new FormData()
  form.append('file', file)
  return callEndpoint(api.sendImageEndpoint, { query: { ...targetQuery(to), client_id: clientId } }, { form, fetchImpl })
}

export const markRead = (id: number) => callEndpoint(api.chatReadEndpoint, { body: { id } })

/** DELETE /api/chat.php by conversation id, or every conversation with a profile. */
export const removeChats = (by: { id: number } | { profileId: number }) =>
  callEndpoint(api.deleteChatEndpoint, { query: 'id' in by ? { id: by.id } : { profile_id: by.profileId } }, { retries: 0 })


/** A client message id: a retried send with the same id is stored and charged once. */
export function newClientId(): string {
  const c = globalThis.crypto
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '')
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
}

export type { ChatMessage }
