// Formatting of the chat screens: times, the preview of a last message.
import type { TFunction } from 'i18next'
import type { ChatMessage } from '../../shared/chat-contracts'

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/** A time for the list: the clock time today, the weekday this week, the date before. */
export function listTime(iso: string, lng: string, now = new Date()): string {
  const d = new Date(iso)
  if (sameDay(d, now)) return new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(d)
  const days = (now.getTime() - d.getTime()) / 86_400_000
  if (days < 6) return new Intl.DateTimeFormat(lng, { weekday: 'short' }).format(d)
  return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short' }).format(d)
}

export const clockTime = (iso: string, lng: string) => new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** The heading of a day in a conversation: today, yesterday or the date. */
export function dayLabel(iso: string, lng: string, t: TFunction, now = new Date()): string {
  const d = new Date(iso)
  if (sameDay(d, now)) return t('chats.today')
  const y = new Date(now)
  y.setDate(now.getDate() - 1)
  if (sameDay(d, y)) return t('chats.yesterday')
  return new Intl.DateTimeFormat(lng, { weekday: 'long', day: 'numeric', month: 'long' }).format(d)
}

/** The one-line preview of a message in the list. */
export function messagePreview(m: ChatMessage, t: TFunction): string {
  const body =
    m.kind === 'text'
      ? (m.text ?? '')
      : m.kind === 'image'
        ? t('chats.preview.image')
        : m.kind === 'gift'
          ? t('chats.preview.gift', { gift: t(`chats.gift.names.${m.gift?.id ?? 'rose'}`) })
          : t('chats.preview.gif')
  return m.mine ? t('chats.preview.mine', { text: body }) : body
}
