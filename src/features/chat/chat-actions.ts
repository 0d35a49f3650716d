// Actions on the conversation list shared by the list and the conversation header.
import { chatStore, removeLocally, setChats } from './chat-store'
import { loadChats, removeChats } from './chat-api'

/**
 * Removes chats from the list at once, then on the server (DELETE /api/chat.php); when the server refuses, an
 * alert shows and the list reloads (SPEC.md section 4). By profile it removes every chat with that member.
 */
export async function removeChatsNow(by: { id: number } | { profileId: number }, failedText: string, api = { removeChats, loadChats }) {
  removeLocally(chatStore, by)
  chatStore.notice = null
  try {
    await api.removeChats(by)
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : ''
    chatStore.notice = message ? `${failedText} ${message}` : failedText
    try {
      const answer = await api.loadChats()
      setChats(chatStore, answer.chats, answer.unread_total)
    } catch {
      // The list stays as it is; the next refresh brings it back.
    }
  }
}
