// zod contracts of the chat API: conversations, messages, gifts, GIFs and the live socket's events.
import { z } from 'zod'
import { memberCardSchema } from './discovery-contracts'

export const MESSAGE_KINDS = ['text', 'image', 'gift', 'gif'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

export const chatMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  /** True when the viewer sent it. */
  mine: z.boolean(),
  client_id: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string().nullable(),
  /**
   * A photo message. For a recipient who is not premium `locked` is true and both addresses are the server-made
   * blurred copy (null for a photo sent before blurred copies were named in messages): the original's address
   * never reaches them. The sender always sees their own photo.
   */
  image: z.object({ thumb_filename: z.string().nullable(), filename: z.string().nullable(), locked: z.boolean() }).nullable(),
  gift: z.object({ id: z.string(), image: z.string() }).nullable(),
  gif: z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() }).nullable(),
  created_at: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

export const chatListItemSchema = z.object({
  profile: memberCardSchema,
  conversation: z.object({ id: z.number(), last_message: chatMessageSchema.nullable(), last_message_at: z.string(), last_read_by_other: z.number().nullable() }),
  num_unread_messages: z.number(),
})
export type ChatListItem = z.infer<typeof chatListItemSchema>
export const chatsResponse = z.object({ chats: z.array(chatListItemSchema), unread_total: z.number() })

export const conversationResponse = z.object({
  /** id is null with a member the viewer has no conversation with yet (GET /api/chat.php?member_id=). */
  conversation: z.object({ id: z.number().nullable(), profile: memberCardSchema, last_read_by_other: z.number().nullable(), started_by_me: z.boolean() }),
  messages: z.array(chatMessageSchema),
  /** More older messages exist (load them with before = the first id). */
  has_more: z.boolean(),
})
export const deleteChatRequest = z.union([z.object({ id: z.coerce.number().int().positive() }), z.object({ profile_id: z.coerce.number().int().positive() })])

export const CLIENT_ID = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)
export const sendMessageRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), client_id: CLIENT_ID, text: z.string().trim().min(1).max(10_000) }),
  z.object({ kind: z.literal('gift'), client_id: CLIENT_ID, gift_id: z.string().max(40) }),
  z.object({ kind: z.literal('gif'), client_id: CLIENT_ID, gif_id: z.string().max(80) }),
])
export type SendMessageRequest = z.infer<typeof sendMessageRequest>
export const sendMessageResponse = z.object({ message: chatMessageSchema, credits: z.number() })
export const readRequest = z.object({ id: z.coerce.number().int().positive() })

export const giftSchema = z.object({ id: z.string(), image: z.string(), credits: z.number() })
export const giftsResponse = z.object({ gifts: z.array(giftSchema) })
export const gifSchema = z.object({ id: z.string(), url: z.string(), preview: z.string(), width: z.number(), height: z.number(), title: z.string() })
export const gifsRequest = z.object({ q: z.string().trim().max(60).optional() })
export const gifsResponse = z.object({ gifs: z.array(gifSchema), source: z.enum(['builtin', 'giphy']) })

/** Events on /api/ws, server to client. */
export type LiveServerEvent =
  | { type: 'message'; conversation_id: number; message: ChatMessage }
  | { type: 'typing'; conversation_id: number; member_id: number }
  | { type: 'read'; conversation_id: number; member_id: number; last_read_message_id: number }
  | { type: 'unread'; total: number }
  | { type: 'chat_removed'; conversation_id: number }
  /** Something the session shows changed elsewhere (the e-mail address confirmed in another tab): reload the user. */
  | { type: 'account_changed' }
  /** Staff banned the member: every session is refused; the tab goes to /pages/ban (decision 028). */
  | { type: 'banned' }
  /**
   * A moderator approved or rejected the member's photo (id) or profile texts: the owner's open pages show the
   * result at once (decision 037 addendum).
   */
  | { type: 'moderated'; subject: 'photo' | 'text'; id?: number; status: 'approved' | 'rejected' }
/**
 * The close code of a socket opened with a banned member's session (a tab that reconnects after the ban missed the
 * banned event): the client takes it as that event.
 */
export const BANNED_CLOSE_CODE = 4403
/** Events on /api/ws, client to server. */
export const liveClientEvent = z.discriminatedUnion('type', [z.object({ type: z.literal('typing'), conversation_id: z.number().int().positive() }), z.object({ type: z.literal('ping') })])
