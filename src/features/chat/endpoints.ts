// The chat API, one definition per endpoint (docs/decisions/016-endpoint-contracts.md): conversations, messages,
// read state, gifts and GIFs. Handlers: routes.server.ts. The live socket /api/ws is a WebSocket
// upgrade, not a definition (its events: LiveServerEvent in src/shared/chat-contracts.ts).
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import {
  chatsResponse, CLIENT_ID, conversationResponse, deleteChatRequest, gifsRequest, gifsResponse, giftsResponse, readRequest, sendMessageRequest, sendMessageResponse,
} from '../../shared/chat-contracts'

const id = z.coerce.number().int().positive()

/** The refusals of sending (ChatError codes in src/features/chat/chat.server.ts). */
const SEND_ERRORS = ['not_found', 'blocked', 'email_not_confirmed', 'conversation_limit', 'premium_required', 'insufficient_credits', 'message_too_long', 'unknown_gift', 'unknown_gif', 'gif_unavailable', 'vulnerable_review'] as const

/** Where a message goes: an open conversation, or a member (opening the conversation). One of the two is needed. */
export const messageTarget = z
  .object({ conversation_id: id.optional(), member_id: id.optional() })
  .refine((q) => q.conversation_id !== undefined || q.member_id !== undefined, { message: 'validation.required', path: ['conversation_id'] })

export const chatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/chats.php',
  summary: 'The member\'s conversations, newest first, and the unread total',
  session: 'member',
  response: chatsResponse,
  errors: [],
})

export const conversationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/chat.php',
  summary: 'A conversation and a page of its messages: by id (with before/after for older or newer ones), or with a member by member_id',
  session: 'member',
  query: z
    .object({
      id: id.optional(),
      member_id: id.optional(),
      /** Older history: messages before this id. */
      before: id.optional(),
      /** Catching up after a reconnect: messages after this id. */
      after: z.coerce.number().int().nonnegative().optional(),
    })
    .refine((q) => q.id !== undefined || q.member_id !== undefined, { message: 'validation.required', path: ['id'] }),
  response: conversationResponse,
  errors: ['not_found'],
})

export const deleteChatEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/chat.php',
  summary: 'Hide a conversation from the member\'s list (by id, or the one with profile_id)',
  session: 'member',
  query: deleteChatRequest,
  response: z.object({ removed: z.array(z.number()) }),
  errors: ['not_found'],
})

export const sendMessageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/message.php',
  summary: 'Send a text, gift or GIF (answers 201); ?conversation_id= or ?member_id=. insufficient_credits carries buy, premium_required and conversation_limit carry offer',
  session: 'member',
  query: messageTarget,
  body: sendMessageRequest,
  response: sendMessageResponse,
  errors: SEND_ERRORS,
})

export const sendImageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/message-image.php',
  summary: 'Send a photo (premium; multipart/form-data with one file; answers 201); ?conversation_id= or ?member_id=, and ?client_id=',
  session: 'member',
  query: z
    .object({ conversation_id: id.optional(), member_id: id.optional(), client_id: CLIENT_ID })
    .refine((q) => q.conversation_id !== undefined || q.member_id !== undefined, { message: 'validation.required', path: ['conversation_id'] }),
  response: sendMessageResponse,
  errors: [...SEND_ERRORS, 'not_an_image', 'too_large'],
})

export const chatReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat-read.php',
  summary: 'Mark a conversation read up to its last message',
  session: 'member',
  body: readRequest,
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
})

export const giftsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/gifts.php',
  summary: 'The gifts and their prices in credits as the member (or a visitor, in the tenant\'s first country) pays them',
  session: 'optional',
  response: giftsResponse,
  errors: [],
})

export const gifsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/gifs.php',
  summary: 'GIFs: trending, or those matching q',
  session: 'member',
  query: gifsRequest,
  response: gifsResponse,
  errors: [],
})
