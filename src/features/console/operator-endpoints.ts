// The chat operators' console (/admin/chats, decision 037): the queue of conversations waiting for a fictional
// profile's reply, taking one (a claim with a timeout, so two operators never answer the same conversation), the
// reply as the fictional profile through the chat's own send path, the typing indicator and the private notes.
// Handlers: operator-routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { CLIENT_ID, chatMessageSchema, gifsRequest, gifsResponse } from '../../shared/chat-contracts'
import { memberCardSchema } from '../../shared/discovery-contracts'

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** How long a claim holds without a reply (seconds); opening the conversation again renews it. */
export const OPERATOR_CLAIM_S = 300

export const operatorQueueItem = z.object({
  conversation_id: z.number(),
  tenant_id: z.string(),
  pool: z.string(),
  member: z.object({ id: z.number(), name: z.string() }),
  fictional: z.object({ id: z.number(), name: z.string() }),
  /** The member's first message since the fictional profile last wrote (the waiting-time clock starts here). */
  waiting_since: z.string(),
  /** The member's messages since the fictional profile last wrote. */
  waiting_messages: z.number(),
  /** Another operator has it open (until claimed_until). */
  claimed_by_other: z.boolean(),
  claimed_until: z.string().nullable(),
})
export type OperatorQueueItem = z.infer<typeof operatorQueueItem>

export const operatorQueueEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operator-queue.php',
  summary: 'Conversations of the staff member\'s pools waiting for a fictional profile\'s reply, oldest first',
  session: 'staff',
  staffAction: 'operator.queue',
  response: z.object({ queue: z.array(operatorQueueItem), claim_seconds: z.number() }),
  errors: [],
})

const profileSide = z.object({
  card: memberCardSchema,
  about: z.string().nullable(),
  birth_date: z.string().nullable(),
  language: z.string(),
})

export const operatorConversationResponse = z.object({
  conversation_id: z.number(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  claimed_until: z.string(),
  member: profileSide,
  fictional: profileSide.extend({
    /** The brand's label and warning for fictional profiles, in the member's language (shown to the member too). */
    label: z.string(),
    warning: z.string(),
  }),
  /** The whole conversation as the fictional profile sees it (mine = written as the fictional profile). */
  messages: z.array(chatMessageSchema),
  /** The operators' private note about this member for this fictional profile. */
  note: z.string(),
  /** The truthful answer to "am I talking to a real person?", in the member's language (the ACM commitment). */
  honest_answer: z.string(),
})
export type OperatorConversation = z.infer<typeof operatorConversationResponse>

export const operatorClaimEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-claim.php',
  summary: 'Takes a waiting conversation (released after the claim time without a reply) and answers it in full',
  session: 'staff',
  staffAction: 'operator.queue',
  body: z.object({ conversation_id: id }),
  response: operatorConversationResponse,
  errors: ['not_found', 'claimed'],
})

export const operatorReplyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-reply.php',
  summary: 'Sends a message as the fictional profile of a conversation the operator has claimed (audited)',
  session: 'staff',
  staffAction: 'operator.reply',
  body: z.object({ conversation_id: id, client_id: CLIENT_ID, text: z.string().trim().min(1).max(5000) }),
  response: z.object({ message: chatMessageSchema }),
  errors: ['not_found', 'not_claimed', 'message_too_long', 'blocked'],
})

export const operatorTypingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-typing.php',
  summary: 'Shows the member that the fictional profile is typing (a claimed conversation)',
  session: 'staff',
  staffAction: 'operator.reply',
  body: z.object({ conversation_id: id }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_claimed'],
})

export const operatorNoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-note.php',
  summary: 'Saves the private note about the member of a claimed conversation, kept per fictional profile (audited)',
  session: 'staff',
  staffAction: 'operator.reply',
  body: z.object({ conversation_id: id, note: z.string().trim().max(5000) }),
  response: z.object({ note: z.string() }),
  errors: ['not_claimed'],
})

export const operatorReplyGifEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-reply-gif.php',
  summary: 'Sends a GIF as the fictional profile of a conversation the operator has claimed (the chat\'s GIFs; audited)',
  session: 'staff',
  staffAction: 'operator.reply',
  body: z.object({ conversation_id: id, client_id: CLIENT_ID, gif_id: z.string().max(80) }),
  response: z.object({ message: chatMessageSchema }),
  errors: ['not_found', 'not_claimed', 'blocked', 'unknown_gif', 'gif_unavailable'],
})

export const operatorReplyImageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-reply-image.php',
  summary: 'Sends a photo as the fictional profile of a claimed conversation (multipart/form-data with one file, as a member sends one; audited)',
  session: 'staff',
  staffAction: 'operator.reply',
  query: z.object({ conversation_id: id, client_id: CLIENT_ID }),
  response: z.object({ message: chatMessageSchema }),
  errors: ['not_found', 'not_claimed', 'blocked', 'not_an_image', 'too_large'],
})

export const operatorGifsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operator-gifs.php',
  summary: 'The chat\'s GIFs for an operator\'s reply: trending, or those matching q',
  session: 'staff',
  staffAction: 'operator.reply',
  query: gifsRequest,
  response: gifsResponse,
  errors: [],
})

export const OPERATOR_ENDPOINTS = [
  operatorQueueEndpoint, operatorClaimEndpoint, operatorReplyEndpoint, operatorTypingEndpoint, operatorNoteEndpoint, operatorReplyGifEndpoint, operatorReplyImageEndpoint, operatorGifsEndpoint,
] as const
