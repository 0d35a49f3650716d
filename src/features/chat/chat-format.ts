// Formatting of the chat screens: times, the preview of a last message.
import type { TFunction } from 'i18next'
import type { ChatMessage } from '../../shared/chat-contracts'
import { calendarDaysBetween, formatInZone } from '../../shared/dates'

// Days and clock times are those of the tenant's time zone (src/shared/dates.ts), on the server and in the browser.

/** A time for the list: the clock time today, the weekday this week, the date before. */
export function listTime(iso: string, lng: string, timeZone: string, now = new Date()): string {
  const days = calendarDaysBetween(iso, now, timeZone)
  if (days === 0) return formatInZone(iso, lng, timeZone, { hour: '2-digit', minute: '2-digit' })
  if (days < 6) return formatInZone(iso, lng, timeZone, { weekday: 'short' })
  return formatInZone(iso, lng, timeZone, { day: 'numeric', month: 'short' })
}

export const clockTime = (iso: string, lng: string, timeZone: string) => formatInZone(iso, lng, timeZone, { hour: '2-digit', minute: '2-digit' })

/** The heading of a day in a conversation: today, yesterday or the date. */
export function dayLabel(iso: string, lng: string, t: TFunction, timeZone: string, now = new Date()): string {
  const days = calendarDaysBetween(iso, now, timeZone)
  if (days === 0) return t('chats.today')
  if (days === 1) return t('chats.yesterday')
  return formatInZone(iso, lng, timeZone, { weekday: 'long', day: 'numeric', month: 'long' })
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
