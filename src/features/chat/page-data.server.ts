// The +data of /chats/{id} and /members/{id}/chat: the conversation the page would fetch from GET /api/chat.php, read on the server by the
// endpoint's own handler in process as the visitor (pageContext.services.call, decision 026): the same reader,
// access rules (the member's own conversations in their own pool, else 404) and JSON as the API, nothing more.
// The page renders the messages at once (the LCP is the first message, not the API round trip after hydration);
// the browser's chat store is filled from it after hydration, never on the server (decision 041).
import type { PageContextServer } from 'vike/types'
import { conversationEndpoint } from './endpoints'
import type { ConversationAnswer } from './chat-api'

export interface ConversationPageData {
  /** The conversation and its newest messages; null for a visitor, a refused id or an answer to load in the browser. */
  conversation: ConversationAnswer | null
  /** Not the member's conversation (or no such id): the page says so, and the document's status is 404. */
  notFound?: true
  /** The document's HTTP status when it is not 200 (src/server/vike.server.ts). */
  httpStatus?: number
}

/** /chats/{id}: the conversation by its id. */
export const conversationPageData = (pageContext: PageContextServer) => read(pageContext, (id) => ({ id }))

/** /members/{id}/chat: the conversation with that member (conversation.id null when there is none yet). */
export const memberChatPageData = (pageContext: PageContextServer) => read(pageContext, (id) => ({ member_id: id }))

async function read(pageContext: PageContextServer, query: (id: number) => { id: number } | { member_id: number }): Promise<ConversationPageData> {
  // A visitor sees the login card (ChatsScreen), as before.
  if (!pageContext.user) return { conversation: null }
  const id = Number(pageContext.routeParams.id)
  if (!Number.isSafeInteger(id) || id <= 0) return { conversation: null, notFound: true, httpStatus: 404 }
  const res = await pageContext.services!.call(conversationEndpoint, { query: query(id) })
  if (res.status === 200 && res.body) return { conversation: res.body }
  if (res.status === 404) return { conversation: null, notFound: true, httpStatus: 404 }
  // Anything else (a rate limit, a session refused meanwhile): the browser loads it as before and shows its error.
  return { conversation: null }
}
