// The composer: a photo (a paid message), a gift, a GIF, and the text field that grows with its text, sends on
// Enter and counts the characters near the tenant's message length.
import { useLayoutEffect, useRef, type RefObject } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { primaryFill } from '../../ui/button'
import { GiftIcon, PhotoIcon, SendIcon } from './icons'
import { IconButton } from './conversation-parts'

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

export interface MessageComposerProps {
  text: string
  onText: (text: string) => void
  /** The field, so the conversation can focus it (after sending, after an icebreaker). */
  textRef: RefObject<HTMLTextAreaElement | null>
  onSubmit: () => void
  onPicker: (picker: 'gift' | 'gif') => void
  onPhoto: (file: File) => void
}

export function MessageComposer({ text, onText, textRef, onSubmit, onPicker, onPhoto }: MessageComposerProps) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const settings = tenant.settings
  const fileRef = useRef<HTMLInputElement>(null)

  // The field fits its text (up to 140 px) whenever the text changes, also when code sets it: emptied after
  // sending (it stayed two lines high), an icebreaker picked, a refused message put back.
  useLayoutEffect(() => {
    const el = textRef.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`
  }, [text, textRef])

  const over = text.length > settings.message_length
  const nearLimit = text.length > settings.message_length * 0.8

  return (
    <Composer
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <ComposerRow>
        <IconButton type="button" onClick={() => fileRef.current?.click()} aria-label={t('chats.actions.photo')} title={t('chats.actions.photo')}>
          <PhotoIcon />
        </IconButton>
        <IconButton type="button" onClick={() => onPicker('gift')} aria-label={t('chats.actions.gift')} title={t('chats.actions.gift')}>
          <GiftIcon />
        </IconButton>
        <IconButton type="button" onClick={() => onPicker('gif')} aria-label={t('chats.actions.gif')} title={t('chats.actions.gif')}>
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
            if (file) onPhoto(file)
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
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              onSubmit()
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
  )
}
