// One conversation: the header with the other member (and the fictional label), the messages with older
// history upward, the typing indicator, and the composer for text, photos, gifts and GIFs.
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import styled from '../../ui/styled'
import { useSnapshot } from 'valtio'
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
import { clockTime, dayLabel } from './chat-format'
import { Avatar } from './avatar'
import { ConfirmRemoveModal, IcebreakerModal, RefusalModal, type Refusal } from './chat-modals'
import { GifPicker, GiftPicker } from './pickers'
import { BackIcon, GiftIcon, PhotoIcon, SendIcon } from './icons'
import { OverflowItem, OverflowMenu } from '../../ui/overflow-menu'
import { primaryFill } from '../../ui/button'
import { removeChatsNow } from './chat-actions'
import { useNow } from './use-now'
import { LockIcon } from '../../ui/member-card'

type ConversationMeta = ConversationAnswer['conversation']

const Column = styled.section({ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, width: '100%' })

const Header = styled.header(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '10px 12px',
  borderBottom: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  minHeight: 64,
  boxSizing: 'border-box',
}))

const IconButton = styled.button(({ theme }) => ({
  // A tap target of at least 44 × 44 px.
  width: 44,
  height: 44,
  flex: '0 0 44px',
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: theme.colors.primaryDark,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: 13,
  fontFamily: 'inherit',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, outline: 'none' },
  '&:disabled': { opacity: 0.5, cursor: 'progress' },
}))
const IconLink = IconButton.withComponent('a')

/** The way to the icebreakers under an empty conversation: a button of full tap height, not a line of text. */
const HelpButton = styled.button(({ theme }) => ({
  minHeight: 44,
  padding: '0 18px',
  border: `2px solid ${theme.colors.primary}`,
  borderRadius: 999,
  background: theme.colors.surface,
  color: theme.colors.primaryDark,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft },
}))

const BackLink = styled(IconLink)(({ theme }) => ({ [theme.mq.md]: { display: 'none' } }))

const Who = styled.a({ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0, flex: 1, color: 'inherit', textDecoration: 'none' })
const WhoText = styled.span({ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 })
const WhoName = styled.span({ fontWeight: 800, fontSize: 17, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'flex', alignItems: 'center', gap: 8 })
const WhoSub = styled.span<{ typing?: boolean }>(({ theme, typing }) => ({ fontSize: 13, color: typing ? theme.colors.primary : theme.colors.muted, fontStyle: typing ? 'italic' : 'normal', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }))

const FictionalTag = styled.span(({ theme }) => ({
  fontSize: 11,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: 0.4,
  color: theme.colors.onSecondary,
  background: theme.colors.secondary,
  borderRadius: 6,
  padding: '1px 6px',
}))

const FictionalWarning = styled.p(({ theme }) => ({
  margin: 0,
  padding: '8px 14px',
  fontSize: 13,
  background: '#fff8e1',
  borderBottom: `1px solid ${theme.colors.secondary}`,
  color: '#5d4300',
}))

const Scroller = styled.div(({ theme }) => ({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: '12px 12px 4px',
  background: theme.colors.background,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  [theme.mq.md]: { padding: '16px 24px 6px' },
}))

const Day = styled.div(({ theme }) => ({
  alignSelf: 'center',
  fontSize: 12,
  fontWeight: 600,
  color: theme.colors.muted,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 999,
  padding: '2px 10px',
  margin: '10px 0 6px',
}))

const Bubble = styled.div<{ mine: boolean; bare: boolean }>(({ theme, mine, bare }) => ({
  alignSelf: mine ? 'flex-end' : 'flex-start',
  maxWidth: '78%',
  padding: bare ? 4 : '8px 12px',
  borderRadius: 18,
  borderBottomRightRadius: mine ? 6 : 18,
  borderBottomLeftRadius: mine ? 18 : 6,
  background: bare ? 'transparent' : mine ? primaryFill(theme).bg : theme.colors.surface,
  color: mine && !bare ? primaryFill(theme).fg : theme.colors.text,
  boxShadow: bare ? 'none' : '0 1px 2px rgba(0,0,0,0.08)',
  border: bare || mine ? 'none' : `1px solid ${theme.colors.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 15,
  lineHeight: 1.4,
  img: { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 14 },
}))

const Meta = styled.div<{ mine: boolean }>(({ theme, mine }) => ({
  alignSelf: mine ? 'flex-end' : 'flex-start',
  fontSize: 11,
  color: theme.colors.muted,
  margin: '0 6px 6px',
  display: 'flex',
  gap: 6,
  alignItems: 'center',
}))

const GiftCard = styled.figure(({ theme }) => ({
  margin: 0,
  padding: '10px 16px 8px',
  borderRadius: 18,
  background: `linear-gradient(160deg, ${theme.colors.surface}, ${theme.colors.primarySoft})`,
  border: `1px solid ${theme.colors.border}`,
  textAlign: 'center',
  figcaption: { fontSize: 13, fontWeight: 600, color: theme.colors.primaryDark, marginTop: 4 },
  img: { margin: '0 auto' },
}))

const LockedPhoto = styled.figure(({ theme }) => ({
  position: 'relative',
  margin: 0,
  width: 220,
  minHeight: 160,
  borderRadius: 14,
  overflow: 'hidden',
  background: theme.colors.muted,
  img: { display: 'block', width: '100%', maxHeight: 280, objectFit: 'cover' },
}))
const LockedNote = styled.figcaption({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  padding: 12,
  textAlign: 'center',
  fontSize: 13,
  lineHeight: 1.3,
  color: '#fff',
  background: 'rgba(0, 0, 0, 0.45)',
  a: { color: '#fff', fontWeight: 800, textDecoration: 'underline' },
})
const Typing = styled.div(({ theme }) => ({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  gap: 4,
  padding: '10px 14px',
  borderRadius: 18,
  borderBottomLeftRadius: 6,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  margin: '4px 0',
  span: { width: 7, height: 7, borderRadius: '50%', background: theme.colors.muted, animation: 'chat-dot 1.2s infinite ease-in-out' },
  'span:nth-of-type(2)': { animationDelay: '0.15s' },
  'span:nth-of-type(3)': { animationDelay: '0.3s' },
  '@keyframes chat-dot': { '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.4 }, '40%': { transform: 'translateY(-4px)', opacity: 1 } },
}))

const Notice = styled.div<{ tone: 'danger' | 'info' }>(({ theme, tone }) => ({
  margin: '8px 12px 0',
  padding: '8px 12px',
  borderRadius: 10,
  fontSize: 14,
  background: tone === 'danger' ? '#fdecea' : '#fff8e1',
  color: tone === 'danger' ? theme.colors.danger : '#5d4300',
  border: `1px solid ${tone === 'danger' ? theme.colors.danger : theme.colors.secondary}`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  alignItems: 'center',
  button: { font: 'inherit', fontWeight: 700, border: 'none', background: 'none', color: 'inherit', textDecoration: 'underline', cursor: 'pointer', padding: 0 },
}))

const Composer = styled.form(({ theme }) => ({
  borderTop: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  padding: '8px 8px calc(8px + env(safe-area-inset-bottom))',
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
}))

const ComposerRow = styled.div({ display: 'flex', alignItems: 'flex-end', gap: 2 })

const TextArea = styled.textarea<{ over: boolean }>(({ theme, over }) => ({
  flex: 1,
  minWidth: 0,
  resize: 'none',
  font: 'inherit',
  fontSize: 16,
  lineHeight: 1.35,
  padding: '10px 12px',
  borderRadius: 22,
  border: `1px solid ${over ? theme.colors.danger : theme.colors.border}`,
  background: theme.colors.background,
  maxHeight: 140,
  minHeight: 44,
  boxSizing: 'border-box',
  '&:focus': { outline: `2px solid ${over ? theme.colors.danger : theme.colors.primary}`, outlineOffset: 0 },
}))

const SendButton = styled.button(({ theme }) => ({
  width: 44,
  height: 44,
  flex: '0 0 44px',
  borderRadius: '50%',
  border: 'none',
  background: primaryFill(theme).bg,
  color: primaryFill(theme).fg,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  '&:hover': { background: theme.colors.primaryDark },
  '&:disabled': { opacity: 0.45, cursor: 'default' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.secondary}`, outlineOffset: 2 },
}))

const Hint = styled.div<{ over?: boolean }>(({ theme, over }) => ({ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 12, color: over ? theme.colors.danger : theme.colors.muted, padding: '0 8px' }))

const Center = styled.div(({ theme }) => ({ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, color: theme.colors.muted, padding: 24, textAlign: 'center' }))

const OlderButton = styled.button(({ theme }) => ({
  alignSelf: 'center',
  font: 'inherit',
  fontSize: 13,
  fontWeight: 600,
  color: theme.colors.primaryDark,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 999,
  padding: '6px 14px',
  cursor: 'pointer',
  margin: '4px 0 8px',
}))

const EMPTY: ShownMessage[] = []
/** The key under which a conversation that does not exist yet keeps its messages until the first is stored. */
const NEW = 0

/** A message's time shows under the last of a run: the next is from the other member or five minutes later. */
function endsRun(m: ShownMessage, next: ShownMessage | undefined): boolean {
  if (!next) return true
  return next.mine !== m.mine || new Date(next.created_at).getTime() - new Date(m.created_at).getTime() > 5 * 60_000
}

function isRefusal(code: string): code is Refusal['code'] {
  return code === 'insufficient_credits' || code === 'premium_required' || code === 'conversation_limit'
}

export function Conversation({ conversationId, memberId, openGift = false, openIcebreaker = false }: { conversationId?: number; memberId?: number; openGift?: boolean; openIcebreaker?: boolean }) {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  const session = useSessionStore()
  const { user } = useSession()
  const settings = tenant.settings
  const [meta, setMeta] = useState<ConversationMeta | null>(null)
  const [convId, setConvId] = useState<number | null>(conversationId ?? null)
  const [hasMore, setHasMore] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [needsConfirmation, setNeedsConfirmation] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const [picker, setPicker] = useState<'gift' | 'gif' | null>(null)
  const [icebreaker, setIcebreaker] = useState(false)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const [text, setText] = useState('')
  const [loadingOlder, setLoadingOlder] = useState(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const stickToBottom = useRef(true)
  const retries = useRef(new Map<string, () => void>())
  // The conversation messages go to (sends and retries read it when they run, after a first message made it).
  const convRef = useRef<number | null>(conversationId ?? null)
  convRef.current = convId

  const snap = useSnapshot(chatStore)
  const key = convId ?? NEW
  const messages = (snap.messages[key] ?? EMPTY) as readonly ShownMessage[]
  const typingActive = isTyping(snap, convId, Date.now())
  const now = useNow(typingActive)
  const typing = isTyping(snap, convId, now)
  const lastReadByOther = convId !== null ? (snap.lastReadByOther[convId] ?? meta?.last_read_by_other ?? null) : null

  // Loading the conversation; opening it marks it read (SPEC.md section 4).
  useEffect(() => {
    let cancelled = false
    setMeta(null)
    setLoadError(null)
    setError(null)
    setConvId(conversationId ?? null)
    stickToBottom.current = true
    const load = conversationId !== undefined ? loadConversation({ id: conversationId }) : loadConversation({ memberId: memberId! })
    load
      .then((answer) => {
        if (cancelled) return
        const id = answer.conversation.id
        setMeta(answer.conversation)
        setHasMore(answer.has_more)
        if (id === null) {
          chatStore.messages[NEW] = []
          setConvId(null)
          setIcebreaker(!openGift)
          return
        }
        setConvId(id)
        chatStore.messages[id] = []
        mergeMessages(chatStore, id, answer.messages as ChatMessage[])
        chatStore.lastReadByOther[id] = answer.conversation.last_read_by_other
        chatStore.openConversationId = id
        markOpened(chatStore, id)
        markRead(id).catch(() => undefined)
        // From a match (?icebreaker=1) or a conversation this member began: the icebreakers for the first words.
        if (answer.messages.length === 0 && (answer.conversation.started_by_me || openIcebreaker) && !openGift) setIcebreaker(true)
      })
      .catch((err) => {
        if (cancelled || err instanceof SilentAbort) return
        setLoadError(err instanceof HttpError && err.status === 404 ? t('chats.not_found') : t('errors.generic'))
      })
    if (openGift) setPicker('gift')
    return () => {
      cancelled = true
      if (chatStore.openConversationId === conversationId) chatStore.openConversationId = null
    }
  }, [conversationId, memberId, openGift, openIcebreaker, t])

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
    if (convId === null || loadingOlder) return
    const first = messages.find((m) => !m.pending && !m.failed)
    if (!first) return
    setLoadingOlder(true)
    const el = scrollRef.current
    const before = el ? el.scrollHeight - el.scrollTop : 0
    try {
      const answer = await loadConversation({ id: convId, before: first.id })
      stickToBottom.current = false
      mergeMessages(chatStore, convId, answer.messages as ChatMessage[])
      setHasMore(answer.has_more)
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - before
      })
    } catch {
      setError(t('errors.generic'))
    } finally {
      setLoadingOlder(false)
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
    setConvId(id)
    setMeta((m) => (m ? { ...m, id } : m))
  }, [])

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
    if (!meta) return
    const clientId = shown.client_id!
    const attempt = async () => {
      const currentKey = convRef.current ?? NEW
      const to: ChatTarget = currentKey !== NEW ? { conversationId: currentKey } : { memberId: meta.profile.id }
      upsertMessage(chatStore, { ...shown, id: Number.MAX_SAFE_INTEGER, conversation_id: currentKey, mine: true, created_at: new Date().toISOString(), pending: true })
      stickToBottom.current = true
      setError(null)
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
          if (restoreText !== undefined) setText(restoreText)
          if (isRefusal(err.code)) setRefusal({ code: err.code, message: err.message })
          else if (err.code === 'email_not_confirmed') setNeedsConfirmation(err.message || t('chat.errors.email_not_confirmed'))
          else setError(err.message || t('errors.generic'))
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

  // The field fits its text (up to 140 px) whenever the text changes, also when code sets it: emptied after
  // sending (it stayed two lines high), an icebreaker picked, a refused message put back.
  useLayoutEffect(() => {
    const el = textRef.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`
  }, [text])

  const over = text.length > settings.message_length
  const nearLimit = text.length > settings.message_length * 0.8

  const submitText = () => {
    const value = text.trim()
    if (!value || over) return
    setText('')
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'text', text: value, image: null, gift: null, gif: null }, (to) => sendMessage(to, { kind: 'text', client_id: clientId, text: value } satisfies SendMessageRequest), value)
    textRef.current?.focus()
  }

  const sendGift = (giftId: string) => {
    setPicker(null)
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'gift', text: null, image: null, gift: { id: giftId, image: `/static/gifts/${giftId}.svg` }, gif: null }, (to) => sendMessage(to, { kind: 'gift', client_id: clientId, gift_id: giftId }))
  }

  const sendGif = (gifId: string) => {
    setPicker(null)
    const clientId = newClientId()
    deliver({ client_id: clientId, kind: 'gif', text: null, image: null, gift: null, gif: { id: gifId, url: `/static/gifs/${gifId}.gif`, width: 240, height: 240 } }, (to) => sendMessage(to, { kind: 'gif', client_id: clientId, gif_id: gifId }))
  }

  // A photo is a paid message (photo_credits) for free and premium members alike; the server answers a short balance.
  const pickImage = () => fileRef.current?.click()

  const sendPhoto = (file: File) => {
    const clientId = newClientId()
    const localImage = URL.createObjectURL(file)
    deliver({ client_id: clientId, kind: 'image', text: null, image: null, gift: null, gif: null, localImage }, (to) => sendImage(to, clientId, file))
  }

  const resend = async () => {
    await callEndpoint(activateResendEndpoint).catch(() => undefined)
    setResent(true)
  }

  const removeConversation = async () => {
    setConfirmRemove(false)
    if (!meta) return
    // Removing by profile removes every chat with this member (SPEC.md section 4).
    await navigate('/chats')
    await removeChatsNow({ profileId: meta.profile.id }, t('chats.remove.failed'))
  }

  if (loadError) {
    return (
      <Column>
        <Header>
          <BackLink href="/chats" aria-label={t('chats.back')}>
            <BackIcon />
          </BackLink>
        </Header>
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
        <Header>
          <BackLink href="/chats" aria-label={t('chats.back')}>
            <BackIcon />
          </BackLink>
        </Header>
        <Center>{t('common.loading')}</Center>
      </Column>
    )
  }

  const profile = meta.profile
  const place = [profile.city, profile.region_name].filter(Boolean).join(', ')
  let lastDay = ''
  const lastMine = [...messages].reverse().find((m) => m.mine && !m.pending && !m.failed)

  return (
    <Column aria-label={t('chats.conversation_with', { name: profile.name })} data-testid="conversation">
      <Header>
        <BackLink href="/chats" aria-label={t('chats.back')} data-testid="chat-back">
          <BackIcon />
        </BackLink>
        <Who href={`/members/${profile.id}`}>
          <Avatar profile={profile} size={44} />
          <WhoText>
            <WhoName>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {profile.name}
                {profile.age ? `, ${profile.age}` : ''}
              </span>
              {profile.fictional && <FictionalTag data-testid="fictional-label">{settings.fictional_singular}</FictionalTag>}
            </WhoName>
            <WhoSub typing={typing} aria-live="polite">
              {typing ? t('chats.typing', { name: profile.name }) : place}
            </WhoSub>
          </WhoText>
        </Who>
        {/* Deleting the conversation waits in a menu, not beside the name as prominent as the gift. */}
        <OverflowMenu label={t('chats.more_options')} testId="conversation-more" disabled={convId === null}>
          {(close) => (
            <OverflowItem
              role="menuitem"
              type="button"
              tone="danger"
              onClick={() => {
                close()
                setConfirmRemove(true)
              }}
              data-testid="conversation-remove"
            >
              {t('chats.remove.label', { name: profile.name })}
            </OverflowItem>
          )}
        </OverflowMenu>
      </Header>
      {profile.fictional && <FictionalWarning role="note">{settings.fictional_warning}</FictionalWarning>}
      <Scroller ref={scrollRef} onScroll={onScroll} data-testid="messages" aria-live="polite">
        {hasMore && (
          <OlderButton type="button" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? t('common.loading') : t('chats.older')}
          </OlderButton>
        )}
        {messages.length === 0 && (
          <Center>
            <Avatar profile={profile} size={88} />
            <p style={{ margin: 0 }}>{t('chats.start_hint', { name: profile.name })}</p>
            <HelpButton type="button" onClick={() => setIcebreaker(true)} data-testid="icebreaker-open">
              {t('chats.icebreaker.open')}
            </HelpButton>
          </Center>
        )}
        {messages.map((m, i) => {
          const day = m.pending || m.failed ? lastDay : dayLabel(m.created_at, lng, t, tenant.timeZone)
          const heading = day !== lastDay ? <Day>{day}</Day> : null
          lastDay = day
          const receipt = m === lastMine && lastReadByOther !== null && lastReadByOther >= m.id
          const showMeta = m.pending || m.failed || receipt || endsRun(m, messages[i + 1])
          return (
            <Fragment key={m.client_id ?? m.id}>
              {heading}
              <MessageBubble message={m} />
              {showMeta && (
                <Meta mine={m.mine}>
                  {m.failed ? (
                    <span style={{ color: 'inherit' }}>
                      {t('chats.not_sent')}{' '}
                      <button type="button" onClick={() => retries.current.get(m.client_id!)?.()} style={{ font: 'inherit', border: 'none', background: 'none', color: 'inherit', fontWeight: 700, textDecoration: 'underline', cursor: 'pointer' }}>
                        {t('chats.retry')}
                      </button>
                    </span>
                  ) : m.pending ? (
                    t('chats.sending')
                  ) : (
                    <>
                      <time dateTime={m.created_at}>{clockTime(m.created_at, lng, tenant.timeZone)}</time>
                      {receipt && <span data-testid="read-receipt">· {t('chats.read')}</span>}
                    </>
                  )}
                </Meta>
              )}
            </Fragment>
          )
        })}
        {typing && (
          <Typing role="status" aria-label={t('chats.typing', { name: profile.name })} data-testid="typing">
            <span />
            <span />
            <span />
          </Typing>
        )}
      </Scroller>
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
      <Composer
        onSubmit={(e) => {
          e.preventDefault()
          submitText()
        }}
      >
        <ComposerRow>
          <IconButton type="button" onClick={pickImage} aria-label={t('chats.actions.photo')} title={t('chats.actions.photo')}>
            <PhotoIcon />
          </IconButton>
          <IconButton type="button" onClick={() => setPicker('gift')} aria-label={t('chats.actions.gift')} title={t('chats.actions.gift')}>
            <GiftIcon />
          </IconButton>
          <IconButton type="button" onClick={() => setPicker('gif')} aria-label={t('chats.actions.gif')} title={t('chats.actions.gif')}>
            GIF
          </IconButton>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            data-testid="chat-photo-input"
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) sendPhoto(file)
            }}
          />
          <TextArea
            ref={textRef}
            rows={1}
            value={text}
            over={over}
            aria-label={t('chats.message_label')}
            aria-invalid={over}
            placeholder={t('chats.placeholder')}
            onChange={(e) => {
              setText(e.target.value)
              if (convId !== null && e.target.value.trim()) sendTyping(convId)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                submitText()
              }
            }}
          />
          <SendButton type="submit" disabled={!text.trim() || over} aria-label={t('chats.send')} title={t('chats.send')}>
            <SendIcon />
          </SendButton>
        </ComposerRow>
        <Hint over={over}>
          <span>{over ? t('chats.too_long') : user ? t('chats.costs', { count: settings.message_credits, balance: user.credits }) : ''}</span>
          {nearLimit && <span aria-live="polite">{over ? t('chats.chars_over', { count: text.length - settings.message_length }) : t('chats.chars_left', { count: settings.message_length - text.length })}</span>}
        </Hint>
      </Composer>
      {refusal && <RefusalModal refusal={refusal} onClose={() => setRefusal(null)} />}
      {picker === 'gift' && <GiftPicker name={profile.name} credits={user?.credits ?? null} onPick={sendGift} onClose={() => setPicker(null)} />}
      {picker === 'gif' && <GifPicker onPick={sendGif} onClose={() => setPicker(null)} />}
      {icebreaker && (
        <IcebreakerModal
          name={profile.name}
          onClose={() => setIcebreaker(false)}
          onPick={(line) => {
            setIcebreaker(false)
            setText(line)
            requestAnimationFrame(() => textRef.current?.focus())
          }}
        />
      )}
      {confirmRemove && <ConfirmRemoveModal name={profile.name} onConfirm={removeConversation} onClose={() => setConfirmRemove(false)} />}
    </Column>
  )
}

function MessageBubble({ message: m }: { message: ShownMessage }) {
  const { t } = useTranslation()
  let content: ReactNode
  let bare = false
  switch (m.kind) {
    case 'text':
      content = m.text
      break
    case 'image': {
      bare = true
      if (m.image?.locked) {
        // A member who is not premium gets the blurred copy only: the lock and how to unlock it.
        content = (
          <LockedPhoto data-testid="message-image-locked">
            {m.image.thumb_filename && <img src={m.image.thumb_filename} alt={t('chats.photo_locked')} width={220} />}
            <LockedNote>
              <LockIcon size={26} />
              <strong>{t('chats.photo_locked')}</strong>
              <span>{t('chats.photo_unlock')}</span>
              <a href="/premium">{t('chats.photo_unlock_link')}</a>
            </LockedNote>
          </LockedPhoto>
        )
        break
      }
      const src = m.image?.thumb_filename ?? m.localImage
      content = src ? (
        <a href={m.image?.filename ?? src} target="_blank" rel="noopener noreferrer" aria-label={t('chats.open_photo')}>
          <img src={src} alt={t('chats.photo_alt')} width={220} style={{ maxHeight: 280, objectFit: 'cover', opacity: m.pending ? 0.6 : 1 }} data-testid="message-image" />
        </a>
      ) : null
      break
    }
    case 'gift':
      bare = true
      content = m.gift ? (
        <GiftCard data-testid="message-gift">
          <img src={m.gift.image} alt="" width={96} height={96} />
          <figcaption>{t('chats.gift_caption', { gift: t(`chats.gift.names.${m.gift.id}`) })}</figcaption>
        </GiftCard>
      ) : null
      break
    case 'gif':
      bare = true
      content = m.gif ? <img src={m.gif.url} alt={t('chats.gif_alt')} width={Math.min(m.gif.width, 200)} height={Math.round((Math.min(m.gif.width, 200) * m.gif.height) / m.gif.width)} data-testid="message-gif" /> : null
      break
  }
  return (
    <Bubble mine={m.mine} bare={bare} data-testid="message" data-kind={m.kind} style={{ opacity: m.failed ? 0.6 : 1 }}>
      {content}
    </Bubble>
  )
}
