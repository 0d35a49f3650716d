// The list column: the member's conversations, newest first, with unread counts, typing and removal.
import { useState } from 'react'
import styled from '../../ui/styled'
import { useStoreSnapshot } from '../../shared/store'
import { navigate } from 'vike/client/router'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { Badge } from '../../ui/badge'
import { FictionalLabel } from '../../ui/member-card'
import { ButtonLink } from '../../ui/button'
import type { ChatListItem } from '../../shared/chat-contracts'
import { chatStore, isTyping } from './chat-store'
import { removeChatsNow } from './chat-actions'
import { listTime, messagePreview } from './chat-format'
import { Avatar } from './avatar'
import { ConfirmRemoveModal } from './chat-modals'
import { ChatBubblesIcon, TrashIcon } from './icons'
import { useNow } from './use-now'

const List = styled.ul({ listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', flex: 1 })

const Row = styled.li<{ active: boolean }>(({ theme, active }) => ({
  position: 'relative',
  borderBottom: `1px solid ${theme.colors.border}`,
  background: active ? theme.colors.primarySoft : 'transparent',
  '&:hover': { background: active ? theme.colors.primarySoft : theme.colors.background },
  '&:hover .remove, &:focus-within .remove': { opacity: 1 },
}))

const RowLink = styled.a({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '12px 48px 12px 16px',
  textDecoration: 'none',
  color: 'inherit',
  minHeight: 72,
  boxSizing: 'border-box',
})

const Body = styled.span({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 })
const Top = styled.span({ display: 'flex', alignItems: 'baseline', gap: 8 })
const Name = styled.span<{ unread: boolean }>(({ unread }) => ({ fontWeight: unread ? 800 : 600, fontSize: 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }))
// The open conversation's row is primarySoft, where the muted colour does not reach AA (4.3:1): its lines use the text colour.
const Time = styled.span<{ active: boolean }>(({ theme, active }) => ({ marginLeft: 'auto', fontSize: 12, color: active ? theme.colors.text : theme.colors.muted, whiteSpace: 'nowrap' }))
const Preview = styled.span<{ unread: boolean; typing: boolean; active: boolean }>(({ theme, unread, typing, active }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  fontSize: 14,
  color: typing ? theme.colors.primary : unread || active ? theme.colors.text : theme.colors.muted,
  fontWeight: unread ? 600 : 400,
  fontStyle: typing ? 'italic' : 'normal',
  '> span:first-of-type': { flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
}))

const RemoveButton = styled.button(({ theme }) => ({
  position: 'absolute',
  right: 8,
  top: '50%',
  transform: 'translateY(-50%)',
  width: 44,
  height: 44,
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: theme.colors.muted,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  opacity: 0.55,
  [theme.mq.md]: { opacity: 0 },
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, color: theme.colors.danger, opacity: 1, outline: 'none' },
}))

const Empty = styled.div(({ theme }) => ({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: 12,
  padding: '32px 24px',
  color: theme.colors.muted,
  svg: { color: theme.colors.primaryLight },
  p: { margin: 0, maxWidth: 280 },
}))

const Alert = styled.div(({ theme }) => ({
  margin: 12,
  padding: '10px 14px',
  borderRadius: 10,
  background: '#fdecea',
  color: theme.colors.danger,
  border: `1px solid ${theme.colors.danger}`,
  display: 'flex',
  gap: 8,
  alignItems: 'flex-start',
  button: { marginLeft: 'auto', border: 'none', background: 'none', color: 'inherit', fontSize: 20, lineHeight: 1, cursor: 'pointer' },
}))

export function ChatList({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation()
  const { lng, tenant } = usePageContext()
  const snap = useStoreSnapshot(chatStore)
  const [removing, setRemoving] = useState<ChatListItem | null>(null)
  const anyTyping = Object.values(snap.typing).some((until) => until > Date.now())
  const now = useNow(anyTyping)

  const confirmRemove = async () => {
    const item = removing
    setRemoving(null)
    if (!item) return
    if (item.conversation.id === activeId) await navigate('/chats')
    await removeChatsNow({ id: item.conversation.id }, t('chats.remove.failed'))
  }

  return (
    <>
      {snap.notice && (
        <Alert role="alert" data-testid="chats-alert">
          <span>{snap.notice}</span>
          <button type="button" aria-label={t('common.close')} onClick={() => (chatStore.notice = null)}>
            ×
          </button>
        </Alert>
      )}
      {snap.chats === null && (
        <Empty aria-busy="true">
          <p>{t('common.loading')}</p>
        </Empty>
      )}
      {snap.chats?.length === 0 && (
        <Empty data-testid="chats-empty">
          <ChatBubblesIcon />
          <strong style={{ color: 'inherit', fontSize: 17 }}>{t('chats.empty_title')}</strong>
          <p>{t('chats.empty_body')}</p>
          <ButtonLink href="/members">{t('chats.find_members')}</ButtonLink>
        </Empty>
      )}
      {snap.chats && snap.chats.length > 0 && (
        <List aria-label={t('chats.list_label')} data-testid="chat-list">
          {snap.chats.map((c) => {
            const unread = c.num_unread_messages > 0
            const typing = isTyping(snap, c.conversation.id, now)
            const active = c.conversation.id === activeId
            return (
              <Row key={c.conversation.id} active={active} data-testid="chat-item">
                <RowLink href={`/chats/${c.conversation.id}`} aria-current={active ? 'page' : undefined}>
                  <Avatar profile={c.profile} size={52} />
                  <Body>
                    <Top>
                      <Name unread={unread}>
                        {c.profile.name}
                        {c.profile.age ? `, ${c.profile.age}` : ''}
                      </Name>
                      {c.profile.fictional && (
                        <FictionalLabel size="small" />
                      )}
                      <Time active={active}>{listTime(c.conversation.last_message_at, lng, tenant.timeZone)}</Time>
                    </Top>
                    <Preview unread={unread} typing={typing} active={active}>
                      <span>{typing ? t('chats.typing_short') : c.conversation.last_message ? messagePreview(c.conversation.last_message, t) : ''}</span>
                      {unread && <Badge count={c.num_unread_messages} label={t('chats.unread_label', { count: c.num_unread_messages })} />}
                    </Preview>
                  </Body>
                </RowLink>
                <RemoveButton type="button" className="remove" aria-label={t('chats.remove.label', { name: c.profile.name })} title={t('chats.remove.label', { name: c.profile.name })} onClick={() => setRemoving(c as ChatListItem)}>
                  <TrashIcon />
                </RemoveButton>
              </Row>
            )
          })}
        </List>
      )}
      {removing && <ConfirmRemoveModal name={removing.profile.name} onConfirm={confirmRemove} onClose={() => setRemoving(null)} />}
    </>
  )
}
