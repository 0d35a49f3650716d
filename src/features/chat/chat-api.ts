// The chat calls of the browser, typed from the zod contracts in src/shared/chat-contracts.ts.
import type { z } from 'zod'
import { http, HttpError } from '../../shared/http'
import type { ChatMessage, SendMessageRequest, chatsResponse, conversationResponse, giftsResponse, gifsResponse, sendMessageResponse } from '../../shared/chat-contracts'

export type ChatsAnswer = z.infer<typeof chatsResponse>
export type SendAnswer = z.infer<typeof sendMessageResponse>
export type GiftsAnswer = z.infer<typeof giftsResponse>
export type GifsAnswer = z.infer<typeof gifsResponse>
/** GET /api/chat.php: a conversation with a member who has none yet answers conversation.id null. */
export type ConversationAnswer = Omit<z.infer<typeof conversationResponse>, 'conversation'> & {
  conversation: Omit<z.infer<typeof conversationResponse>['conversation'], 'id'> & { id: number | null }
}

/** Where a message goes: an existing conversation or the member a first message starts one with. */
export type ChatTarget = { conversationId: number } | { memberId: number }

const targetQuery = (to: ChatTarget) => ('conversationId' in to ? `conversation_id=${to.conversationId}` : `member_id=${to.memberId}`)

export const loadChats = () => http<ChatsAnswer>('/api/chats.php')

export function loadConversation(opts: { id: number; before?: number; after?: number } | { memberId: number }) {
  if ('memberId' in opts) return http<ConversationAnswer>(`/api/chat.php?member_id=${opts.memberId}`)
  const q = new URLSearchParams({ id: String(opts.id) })
  if (opts.before !== undefined) q.set('before', String(opts.before))
  if (opts.after !== undefined) q.set('after', String(opts.after))
  return http<ConversationAnswer>(`/api/chat.php?${q}`)
}

export const sendMessage = (to: ChatTarget, body: SendMessageRequest) => http<SendAnswer>(`/api/message.php?${targetQuery(to)}`, { method: 'POST', body })

/** POST /api/message-image.php: the photo as multipart; the server checks and re-encodes it. */
export async function sendImage(to: ChatTarget, clientId: string, file: Blob, fetchImpl: typeof fetch = fetch): Promise<SendAnswer> {
  const form = new FormData()
  form.append('file', file)
  const res = await fetchImpl(`/api/message-image.php?${targetQuery(to)}&client_id=${encodeURIComponent(clientId)}`, { method: 'POST', body: form, credentials: 'same-origin' })
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) throw new HttpError(res.status, String(data.error ?? 'error'), String(data.message ?? ''), undefined, data)
  return data as unknown as SendAnswer
}

export const markRead = (id: number) => http<{ ok: true }>('/api/chat-read.php', { method: 'POST', body: { id } })

/** DELETE /api/chat.php by conversation id, or every conversation with a profile. */
export const removeChats = (by: { id: number } | { profileId: number }) =>
  http<{ removed: number[] }>(`/api/chat.php?${'id' in by ? `id=${by.id}` : `profile_id=${by.profileId}`}`, { method: 'DELETE', retries: 0 })

export const loadGifts = () => http<GiftsAnswer>('/api/gifts.php')
export const searchGifs = (q: string) => http<GifsAnswer>(`/api/gifs.php${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`)

/** A client message id: a retried send with the same id is stored and charged once. */
export function newClientId(): string {
  const c = globalThis.crypto
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '')
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
}

export type { ChatMessage }
