// The conversation's messages: older history upward, a day heading when the day changes, the time (or sending,
// not sent with a retry, read) under the last of a run, the typing dots, and the icebreaker way in while empty.
import { Fragment, type ReactNode, type RefObject } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { LockIcon } from '../../ui/member-card'
import { primaryFill } from '../../ui/button'
import type { ShownMessage } from './chat-store'
import type { ConversationAnswer } from './chat-api'
import { clockTime, dayLabel } from './chat-format'
import { Avatar } from './avatar'
import { Center } from './conversation-parts'

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

/** A message's time shows under the last of a run: the next is from the other member or five minutes later. */
function endsRun(m: ShownMessage, next: ShownMessage | undefined): boolean {
  if (!next) return true
  return next.mine !== m.mine || new Date(next.created_at).getTime() - new Date(m.created_at).getTime() > 5 * 60_000
}

export interface MessageListProps {
  profile: ConversationAnswer['conversation']['profile']
  messages: readonly ShownMessage[]
  /** The newest message of mine the other member has read (null: none, or a new conversation). */
  lastReadByOther: number | null
  typing: boolean
  hasMore: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  onIcebreaker: () => void
  /** Sends a message that was not delivered again, with the same client id. */
  onRetry: (clientId: string) => void
  scrollRef: RefObject<HTMLDivElement | null>
  onScroll: () => void
}

export function MessageList({ profile, messages, lastReadByOther, typing, hasMore, loadingOlder, onLoadOlder, onIcebreaker, onRetry, scrollRef, onScroll }: MessageListProps) {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  let lastDay = ''
  const lastMine = [...messages].reverse().find((m) => m.mine && !m.pending && !m.failed)
  return (
    <Scroller ref={scrollRef} onScroll={onScroll} data-testid="messages" aria-live="polite">
      {hasMore && (
        <OlderButton type="button" onClick={onLoadOlder} disabled={loadingOlder}>
          {loadingOlder ? t('common.loading') : t('chats.older')}
        </OlderButton>
      )}
      {messages.length === 0 && (
        <Center>
          <Avatar profile={profile} size={88} />
          <p style={{ margin: 0 }}>{t('chats.start_hint', { name: profile.name })}</p>
          <HelpButton type="button" onClick={onIcebreaker} data-testid="icebreaker-open">
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
                    <button type="button" onClick={() => onRetry(m.client_id!)} style={{ font: 'inherit', border: 'none', background: 'none', color: 'inherit', fontWeight: 700, textDecoration: 'underline', cursor: 'pointer' }}>
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
