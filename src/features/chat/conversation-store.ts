// The state of one open conversation (src/features/chat/conversation.tsx), out of the component (issue 16): what was
// loaded, the draft, the open picker or modal, the refusal or error to show. Like the chat store beside it
// (chat-store.ts), it is a Valtio proxy changed by plain functions of the state, so the component and the tests share
// them. The messages themselves stay in the chat store, where the live client adds what arrives.
import { createStore } from '../../shared/store'
import type { Refusal } from './chat-modals'
import type { ConversationAnswer } from './chat-api'

export type ConversationMeta = ConversationAnswer['conversation']

export interface ConversationState {
  /** The other member and the conversation's facts; null while it loads. */
  meta: ConversationMeta | null
  /** The conversation's id; null for a conversation that does not exist yet (until its first message is stored). */
  convId: number | null
  /** Whether older messages can be loaded. */
  hasMore: boolean
  loadingOlder: boolean
  /** Why the conversation could not be loaded (not found, or the generic error). */
  loadError: string | null
  /** A send refused for credits, premium or the free members' limit: shown as a modal. */
  refusal: Refusal | null
  /** Any other refused send or a failed load of older messages. */
  error: string | null
  /** A send refused because the address is not confirmed yet: the notice with the resend link. */
  needsConfirmation: string | null
  /** Whether the activation mail was sent again from that notice. */
  resent: boolean
  picker: 'gift' | 'gif' | null
  icebreaker: boolean
  confirmRemove: boolean
  /** The composer's text. */
  text: string
}

/** What the page's +data read on the server (src/features/chat/page-data.server.ts), the API's answer. */
export type InitialConversation = Pick<ConversationAnswer, 'conversation' | 'has_more'>

/**
 * The state of a conversation about to show; with the server's answer (initial) it starts loaded, so the first
 * render in the browser matches the server's markup (the pickers and the icebreakers open after hydration, in
 * loaded()).
 */
export function createConversationState(conversationId?: number, initial?: InitialConversation | null): ConversationState {
  return {
    meta: initial?.conversation ?? null,
    convId: initial ? initial.conversation.id : (conversationId ?? null),
    hasMore: initial?.has_more ?? false,
    loadingOlder: false,
    loadError: null,
    refusal: null,
    error: null,
    needsConfirmation: null,
    resent: false,
    picker: null,
    icebreaker: false,
    confirmRemove: false,
    text: '',
  }
}

/** A store for one mounted conversation. */
export function createConversationStore(conversationId?: number, initial?: InitialConversation | null): ConversationState {
  return createStore(createConversationState(conversationId, initial))
}

/** Another conversation (or the same again) starts loading: what was shown of the last one goes. */
export function startLoading(state: ConversationState, conversationId: number | undefined): void {
  state.meta = null
  state.loadError = null
  state.error = null
  state.convId = conversationId ?? null
}

/**
 * The conversation's answer arrived. A conversation that does not exist yet opens the icebreakers (unless the gift
 * picker was asked for); an empty one this member began, or one opened from a match (?icebreaker=1), too.
 */
export function loaded(state: ConversationState, answer: Pick<ConversationAnswer, 'conversation' | 'has_more'> & { messages: readonly unknown[] }, opts: { openGift: boolean; openIcebreaker: boolean }): void {
  const id = answer.conversation.id
  state.meta = answer.conversation
  state.hasMore = answer.has_more
  state.convId = id
  if (id === null) {
    state.icebreaker = !opts.openGift
    return
  }
  if (answer.messages.length === 0 && (answer.conversation.started_by_me || opts.openIcebreaker) && !opts.openGift) state.icebreaker = true
}

export function loadFailed(state: ConversationState, message: string): void {
  state.loadError = message
}

/** The first message of a new conversation was stored: from now on it is a conversation with this id. */
export function adopt(state: ConversationState, id: number): void {
  state.convId = id
  if (state.meta) state.meta = { ...state.meta, id }
}

const REFUSAL_CODES: readonly string[] = ['insufficient_credits', 'premium_required', 'conversation_limit']
function isRefusal(code: string): code is Refusal['code'] {
  return REFUSAL_CODES.includes(code)
}

/**
 * A send the server refused (4xx): the text goes back into the field, and the refusal is shown where it belongs
 * (the modal for credits, premium and the limit; the notice for an unconfirmed address; else the error line).
 */
export function sendRefused(
  state: ConversationState,
  err: { code: string; message: string },
  restoreText: string | undefined,
  fallback: { emailNotConfirmed: string; generic: string },
): void {
  if (restoreText !== undefined) state.text = restoreText
  if (isRefusal(err.code)) state.refusal = { code: err.code, message: err.message }
  else if (err.code === 'email_not_confirmed') state.needsConfirmation = err.message || fallback.emailNotConfirmed
  else state.error = err.message || fallback.generic
}

/** Whether the draft is longer than the tenant allows (the composer shows it and refuses to send). */
export function isOverLimit(state: Pick<ConversationState, 'text'>, limit: number): boolean {
  return state.text.length > limit
}

/** Takes the draft to send: its trimmed text, and an empty field; null (and the draft kept) when empty or too long. */
export function takeText(state: ConversationState, limit: number): string | null {
  const value = state.text.trim()
  if (!value || isOverLimit(state, limit)) return null
  state.text = ''
  return value
}

/** An icebreaker line was picked: it becomes the draft and the modal closes. */
export function pickIcebreaker(state: ConversationState, line: string): void {
  state.icebreaker = false
  state.text = line
}
