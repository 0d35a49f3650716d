// One conversation: the header with the other member (and the fictional label), the messages with older
// history upward, the typing indicator, and the composer for text, photos, gifts and GIFs. Its state lives in a store
// of its own (conversation-store.ts), its messages in the chat store (chat-store.ts).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useStoreSnapshot } from '../../shared/store'
import { navigate } from 'vike/client/router'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { HttpError, SilentAbort } from '../../shared/http'
import { callEndpoint } from '../../shared/api-client'
import { activateResendEndpoint } from '../accounts/endpoints'
import type { ChatMessage, SendMessageRequest } from '../../shared/chat-contracts'
import { chatStore, isTyping, markOpened, mergeMessages, upsertMessage, type ShownMessage } from './chat-store'
import { loadConversation, markRead, newClientId, sendImage, sendMessage, type ChatTarget, type ConversationAnswer, type SendAnswer } from './chat-api'
import { sendTyping } from './chat-live-client'
import { ConfirmRemoveModal, IcebreakerModal, RefusalModal } from './chat-modals'
import { GifPicker, GiftPicker } from './pickers'
import { removeChatsNow } from './chat-actions'
import { useNow } from './use-now'
import { Center, Column, Notice } from './conversation-parts'
import { BareHeader, ConversationHeader } from './conversation-header'
import { MessageList } from './message-list'
import { MessageComposer } from './message-composer'
import * as conversation from './conversation-store'

const EMPTY: ShownMessage[] = []
/** The key under which a conversation that does not exist yet keeps its messages until the first is stored. */
const NEW = 0

/**
 * initial: the conversation as the page's +data read it on the server (/chats/{id}, /members/{id}/chat); the first
 * render shows it (so the server's markup and the browser's first render match), and the chat store takes it over
 * after hydration. Without it (a data read that failed) the conversation loads from the API after mounting.
 * notFound: the server found no such conversation of this member; the page says so at once.
 */
export function Conversation({ conversationId, memberId, openGift = false, openIcebreaker = false, initial = null, notFound = false }: { conversationId?: number; memberId?: number; openGift?: boolean; openIcebreaker?: boolean; initial?: ConversationAnswer | null; notFound?: boolean }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const session = useSessionStore()
  const { user } = useSession()
  const settings = tenant.settings
  // The server's answer counts only for the conversation asked for (by its id, or by the other member's).
  const given = initial && (conversationId !== undefined ? initial.conversation.id === conversationId : initial.conversation.profile.id === memberId) ? initial : null
  const [state] = useState(() => {
    const created = conversation.createConversationStore(conversationId, given)
    if (notFound) conversation.loadFailed(created, t('chats.not_found'))
    return created
  })
  // sync: the composer's text is a controlled field (an asynchronous snapshot would move its caret).
  const { meta, convId, hasMore, loadError, refusal, error, needsConfirmation, resent, picker, icebreaker, confirmRemove, text, loadingOlder } = useStoreSnapshot(state, { sync: true })
  const textRef = useRef<HTMLTextAreaElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const stickToBottom = useRef(true)
  const retries = useRef(new Map<string, () => void>())
  // The conversation messages go to (sends and retries read it when they run, after a first message made it).
  const convRef = useRef<number | null>(conversationId ?? null)
  convRef.current = convId

  const snap = useStoreSnapshot(chatStore)
  const key = convId ?? NEW
  // The chat store is the browser's (it is never filled on the server, where it is shared between requests): until
  // the effect below moves the server's messages into it, they are shown from the page's data.
  const messages = (snap.messages[key] ?? (given && convId === given.conversation.id ? given.messages : EMPTY)) as readonly ShownMessage[]
  const typingActive = isTyping(snap, convId, Date.now())
  const now = useNow(typingActive)
  const typing = isTyping(snap, convId, now)
  const lastReadByOther = convId !== null ? (snap.lastReadByOther[convId] ?? meta?.last_read_by_other ?? null) : null

  // Loading the conversation; opening it marks it read (SPEC.md section 4).
  useEffect(() => {
    if (notFound) return
    let cancelled = false
    stickToBottom.current = true
    const show = (answer: ConversationAnswer) => {
      const id = answer.conversation.id
      if (id === null) chatStore.messages[NEW] = []
      conversation.loaded(state, answer, { openGift, openIcebreaker })
      if (id === null) return
      chatStore.messages[id] = []
      mergeMessages(chatStore, id, answer.messages as ChatMessage[])
      chatStore.lastReadByOther[id] = answer.conversation.last_read_by_other
      chatStore.openConversationId = id
      markOpened(chatStore, id)
      markRead(id).catch(() => undefined)
    }
    if (given) {
      // Rendered from the server's read: the chat store takes it over, and what arrived between that read and the
      // live socket is fetched once (as the live client catches up after a reconnect).
      show(given)
      const id = given.conversation.id
      const last = given.messages[given.messages.length - 1]
      if (id !== null) {
        loadConversation({ id, after: last?.id ?? 0 })
          .then((answer) => {
            if (cancelled) return
            mergeMessages(chatStore, id, answer.messages as ChatMessage[])
            chatStore.lastReadByOther[id] = answer.conversation.last_read_by_other
            if (answer.messages.some((m) => !m.mine)) markRead(id).catch(() => undefined)
          })
          .catch(() => undefined)
      }
    } else {
      conversation.startLoading(state, conversationId)
      const load = conversationId !== undefined ? loadConversation({ id: conversationId }) : loadConversation({ memberId: memberId! })
      load
        .then((answer) => {
          if (!cancelled) show(answer)
        })
        .catch((err) => {
          if (cancelled || err instanceof SilentAbort) return
          conversation.loadFailed(state, err instanceof HttpError && err.status === 404 ? t('chats.not_found') : t('errors.generic'))
        })
    }
    if (openGift) state.picker = 'gift'
    return () => {
      cancelled = true
      if (chatStore.openConversationId === conversationId) chatStore.openConversationId = null
    }
  }, [conversationId, memberId, openGift, openIcebreaker, t, state, given, notFound])

  useEffect(
    () => () => {
      chatStore.openConversationId = null
    },
    [],
  )

  // Back in a tab that was hidden: what arrived meanwhile in this conversation counts as read now.
  useEffect(() => {
    if (convId === null) return
    const onVisible = () => {
      const item = chatStore.chats?.find((c) => c.conversation.id === convId)
      if (document.visibilityState !== 'visible' || !item || item.num_unread_messages === 0) return
      markOpened(chatStore, convId)
      markRead(convId).catch(() => undefined)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [convId])

  // New messages keep the view at the bottom unless the member scrolled up to read history.
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight
  }, [messages.length, typing, meta])

  const onScroll = () => {
    const el = scrollRef.current
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80
  }

  const loadOlder = async () => {
    if (convId === null || state.loadingOlder) return
    const first = messages.find((m) => !m.pending && !m.failed)
    if (!first) return
    state.loadingOlder = true
    const el = scrollRef.current
    const before = el ? el.scrollHeight - el.scrollTop : 0
    try {
      const answer = await loadConversation({ id: convId, before: first.id })
      stickToBottom.current = false
      mergeMessages(chatStore, convId, answer.messages as ChatMessage[])
      state.hasMore = answer.has_more
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - before
      })
    } catch {
      state.error = t('errors.generic')
    } finally {
      state.loadingOlder = false
    }
  }

  /** The stored first message of a new conversation: from now on it is a conversation with an id. */
  const adopt = useCallback((stored: ChatMessage) => {
    const id = stored.conversation_id
    const draft = chatStore.messages[NEW] ?? []
    chatStore.messages[id] = draft.map((m) => ({ ...m, conversation_id: id }))
    delete chatStore.messages[NEW]
    chatStore.openConversationId = id
    convRef.current = id
    conversation.adopt(state, id)
  }, [state])

  const afterStored = (answer: SendAnswer) => {
    if (session.user) session.user.credits = answer.credits
    if (chatStore.messages[answer.message.conversation_id] === undefined) adopt(answer.message)
    upsertMessage(chatStore, answer.message)
    const item = chatStore.chats?.find((c) => c.conversation.id === answer.message.conversation_id)
    if (item && (!item.conversation.last_message || item.conversation.last_message.id < answer.message.id)) {
      item.conversation.last_message = answer.message
      item.conversation.last_message_at = answer.message.created_at
      const list = chatStore.chats!
      const i = list.indexOf(item)
      if (i > 0) list.unshift(...list.splice(i, 1))
    }
  }

  /** Sends one message: shown at once as pending, replaced by the stored one, or refused with the API's reason. */
  const deliver = (shown: Omit<ShownMessage, 'id' | 'conversation_id' | 'mine' | 'created_at' | 'pending'>, run: (to: ChatTarget) => Promise<SendAnswer>, restoreText?: string) => {
    const meta = state.meta
    if (!meta) return
    const clientId = shown.client_id!
    const attempt = async () => {
      const currentKey = convRef.current ?? NEW
      const to: ChatTarget = currentKey !== NEW ? { conversationId: currentKey } : { memberId: meta.profile.id }
      upsertMessage(chatStore, { ...shown, id: Number.MAX_SAFE_INTEGER, conversation_id: currentKey, mine: true, created_at: new Date().toISOString(), pending: true })
      stickToBottom.current = true
      state.error = null
      try {
        afterStored(await run(to))
        retries.current.delete(clientId)
      } catch (err) {
        if (err instanceof SilentAbort) return
        const list = chatStore.messages[currentKey]
        if (err instanceof HttpError && err.status >= 400 && err.status < 500) {
          // Refused: the message is not kept; its text goes back into the field.
          if (list) chatStore.messages[currentKey] = list.filter((m) => m.client_id !== clientId)
          retries.current.delete(clientId)
          conversation.sendRefused(state, err, restoreText, { emailNotConfirmed: t('chat.errors.email_not_confirmed'), generic: t('errors.generic') })
          return
        }
        // Not delivered (network): kept with a retry that sends the same client id (stored and charged once).
        const m = list?.find((x) => x.client_id === clientId)
        if (m) {
          m.pending = false
          m.failed = true
        }
      }
    }
    retries.current.set(clientId, () => void attempt())
    void attempt()
  }

  const submitText = () => {
    const value = conversation.takeText(state, settings.message_length)
    if (value === null) return
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'text', text: value, image: null, gift: null, gif: null }, (to) => sendMessage(to, { kind: 'text', client_id: clientId, text: value } satisfies SendMessageRequest), value)
    textRef.current?.focus()
  }

  const sendGift = (giftId: string) => {
    state.picker = null
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'gift', text: null, image: null, gift: { id: giftId, image: `/static/gifts/${giftId}.svg` }, gif: null }, (to) => sendMessage(to, { kind: 'gift', client_id: clientId, gift_id: giftId }))
  }

  const sendGif = (gifId: string) => {
    state.picker = null
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'gif', text: null, image: null, gift: null, gif: { id: gifId, url: `/static/gifs/${gifId}.gif`, width: 240, height: 240 } }, (to) => sendMessage(to, { kind: 'gif', client_id: clientId, gif_id: gifId }))
  }

  // A photo is a paid message (photo_credits) for free and premium members alike; the server answers a short balance.
  const sendPhoto = (file: File) => {
    const clientId = newClientId()
    const localImage = URL.createObjectURL(file)
    deliver({ client_id: clientId, kind: 'image', text: null, image: null, gift: null, gif: null, localImage }, (to) => sendImage(to, clientId, file))
  }

  const resend = async () => {
    await callEndpoint(activateResendEndpoint).catch(() => undefined)
    state.resent = true
  }

  const removeConversation = async () => {
    state.confirmRemove = false
    const meta = state.meta
    if (!meta) return
    // Removing by profile removes every chat with this member (SPEC.md section 4).
    await navigate('/chats')
    await removeChatsNow({ profileId: meta.profile.id }, t('chats.remove.failed'))
  }

  if (loadError) {
    return (
      <Column>
        <BareHeader />
        <Center role="alert">
          <p>{loadError}</p>
          <a href="/chats">{t('chats.back_to_list')}</a>
        </Center>
      </Column>
    )
  }

  if (!meta) {
    return (
      <Column aria-busy="true">
        <BareHeader />
        <Center>{t('common.loading')}</Center>
      </Column>
    )
  }

  const profile = meta.profile

  return (
    <Column aria-label={t('chats.conversation_with', { name: profile.name })} data-testid="conversation">
      <ConversationHeader profile={profile} typing={typing} canRemove={convId !== null} onRemove={() => (state.confirmRemove = true)} />
      <MessageList
        profile={profile}
        messages={messages}
        lastReadByOther={lastReadByOther}
        typing={typing}
        hasMore={hasMore}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
        onIcebreaker={() => (state.icebreaker = true)}
        onRetry={(clientId) => retries.current.get(clientId)?.()}
        scrollRef={scrollRef}
        onScroll={onScroll}
      />
      {needsConfirmation && (
        <Notice tone="info" role="alert" data-testid="confirm-email-notice">
          <span>{needsConfirmation}</span>
          {resent ? <span role="status">{t('activation_reminder.sent')}</span> : <button type="button" onClick={resend}>{t('activation_reminder.resend')}</button>}
        </Notice>
      )}
      {error && (
        <Notice tone="danger" role="alert" data-testid="chat-error">
          <span>{error}</span>
        </Notice>
      )}
      <MessageComposer
        text={text}
        textRef={textRef}
        onText={(value) => {
          state.text = value
          if (convId !== null && value.trim()) sendTyping(convId)
        }}
        onSubmit={submitText}
        onPicker={(which) => (state.picker = which)}
        onPhoto={sendPhoto}
      />
      {refusal && <RefusalModal refusal={refusal} fictional={profile.fictional} onClose={() => (state.refusal = null)} />}
      {picker === 'gift' && <GiftPicker name={profile.name} fictional={profile.fictional} credits={user?.credits ?? null} onPick={sendGift} onClose={() => (state.picker = null)} />}
      {picker === 'gif' && <GifPicker onPick={sendGif} onClose={() => (state.picker = null)} />}
      {icebreaker && (
        <IcebreakerModal
          name={profile.name}
          fictional={profile.fictional}
          onClose={() => (state.icebreaker = false)}
          onPick={(line) => {
            conversation.pickIcebreaker(state, line)
            requestAnimationFrame(() => textRef.current?.focus())
          }}
        />
      )}
      {confirmRemove && <ConfirmRemoveModal name={profile.name} onConfirm={removeConversation} onClose={() => (state.confirmRemove = false)} />}
    </Column>
  )
}
