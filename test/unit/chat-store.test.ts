import { removeChatsNow } from '../../src/features/chat/chat-actions'
import { HttpError } from '../../src/shared/http'
import { applyLiveEvent, chatStore, createChatState, isTyping, markOpened, mergeMessages, removeLocally, setChats, upsertMessage, badgeTotal, TYPING_MS } from '../../src/features/chat/chat-store'
import type { ChatListItem, ChatMessage } from '../../src/shared/chat-contracts'

const VIEWER = 1
const msg = (id: number, conversation_id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id,
  mine: false,
  client_id: null,
  kind: 'text',
  text: `bericht ${id}`,
  image: null,
  gift: null,
  gif: null,
  created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, id % 1000)).toISOString(),
  ...over,
})
const chat = (id: number, profileId: number, unread: number, last: ChatMessage | null): ChatListItem => ({
  profile: { id: profileId, name: `Lid ${profileId}`, age: 30, gender: 'female', country: 'NL', region: null, region_name: null, city: null, fictional: false, main_image: null, liked: false },
  conversation: { id, last_message: last, last_message_at: last?.created_at ?? '2026-01-01T00:00:00.000Z', last_read_by_other: null },
  num_unread_messages: unread,
})

function withList() {
  const state = createChatState()
  setChats(state, [chat(10, 100, 2, msg(5, 10)), chat(20, 200, 0, msg(3, 20, { mine: true }))], 2)
  return state
}

describe('the chat store', () => {
  it('puts a new message of another member on top of the list with one more unread', () => {
    const state = withList()
    expect(applyLiveEvent(state, { type: 'message', conversation_id: 20, message: msg(6, 20) }, 0, VIEWER)).toBe('none')
    expect(state.chats!.map((c) => c.conversation.id)).toEqual([20, 10])
    expect(state.chats![0].num_unread_messages).toBe(1)
    expect(state.chats![0].conversation.last_message?.id).toBe(6)
    // The same event twice (two tabs, a catch-up) counts once.
    applyLiveEvent(state, { type: 'message', conversation_id: 20, message: msg(6, 20) }, 0, VIEWER)
    expect(state.chats![0].num_unread_messages).toBe(1)
    // The viewer's own message (another tab) counts nothing.
    applyLiveEvent(state, { type: 'message', conversation_id: 10, message: msg(7, 10, { mine: true }) }, 0, VIEWER)
    expect(state.chats![0].conversation.id).toBe(10)
    expect(state.chats![0].num_unread_messages).toBe(2)
  })

  it('asks for a reload for a conversation it does not know and a read mark for the open one', () => {
    const state = withList()
    expect(applyLiveEvent(state, { type: 'message', conversation_id: 30, message: msg(8, 30) }, 0, VIEWER)).toBe('reload_chats')
    state.openConversationId = 10
    state.messages[10] = []
    expect(applyLiveEvent(state, { type: 'message', conversation_id: 10, message: msg(9, 10) }, 0, VIEWER)).toBe('mark_read')
    expect(state.messages[10].map((m) => m.id)).toEqual([9])
  })

  it('shows typing for a while and clears it when the message arrives', () => {
    const state = withList()
    applyLiveEvent(state, { type: 'typing', conversation_id: 10, member_id: 100 }, 1000, VIEWER)
    expect(isTyping(state, 10, 1000 + TYPING_MS - 1)).toBe(true)
    expect(isTyping(state, 10, 1000 + TYPING_MS + 1)).toBe(false)
    expect(isTyping(state, 20, 1000)).toBe(false)
    applyLiveEvent(state, { type: 'message', conversation_id: 10, message: msg(11, 10) }, 1500, VIEWER)
    expect(isTyping(state, 10, 1500)).toBe(false)
  })

  it('takes the unread total from the server and read state from read events', () => {
    const state = withList()
    applyLiveEvent(state, { type: 'unread', total: 120 }, 0, VIEWER)
    expect(state.unreadTotal).toBe(120)
    // The other member read up to 3: the receipt moves.
    applyLiveEvent(state, { type: 'read', conversation_id: 20, member_id: 200, last_read_message_id: 3 }, 0, VIEWER)
    expect(state.lastReadByOther[20]).toBe(3)
    // The viewer read conversation 10 in another tab: its count clears.
    applyLiveEvent(state, { type: 'read', conversation_id: 10, member_id: VIEWER, last_read_message_id: 5 }, 0, VIEWER)
    expect(state.chats!.find((c) => c.conversation.id === 10)!.num_unread_messages).toBe(0)
    applyLiveEvent(state, { type: 'chat_removed', conversation_id: 20 }, 0, VIEWER)
    expect(state.chats!.map((c) => c.conversation.id)).toEqual([10])
  })

  it('opening a chat sets its unread count to zero and lowers the total', () => {
    const state = withList()
    markOpened(state, 10)
    expect(state.chats![0].num_unread_messages).toBe(0)
    expect(state.unreadTotal).toBe(0)
  })

  it('removes by conversation or every conversation with a profile, at once', () => {
    const state = createChatState()
    setChats(state, [chat(1, 100, 1, msg(1, 1)), chat(2, 100, 2, msg(2, 2)), chat(3, 300, 4, msg(3, 3))], 7)
    expect(removeLocally(state, { id: 3 }).map((c) => c.conversation.id)).toEqual([3])
    expect(state.unreadTotal).toBe(3)
    expect(removeLocally(state, { profileId: 100 }).map((c) => c.conversation.id)).toEqual([1, 2])
    expect(state.chats).toEqual([])
    expect(state.unreadTotal).toBe(0)
  })

  it('replaces a message being sent by the stored one and keeps history ordered', () => {
    const state = createChatState()
    mergeMessages(state, 10, [msg(4, 10), msg(2, 10)])
    upsertMessage(state, { ...msg(Number.MAX_SAFE_INTEGER, 10, { mine: true, client_id: 'abcdefgh1' }), pending: true })
    mergeMessages(state, 10, [msg(5, 10)])
    expect(state.messages[10].map((m) => m.id)).toEqual([2, 4, 5, Number.MAX_SAFE_INTEGER])
    upsertMessage(state, msg(6, 10, { mine: true, client_id: 'abcdefgh1' }))
    expect(state.messages[10].map((m) => m.id)).toEqual([2, 4, 5, 6])
    expect(state.messages[10].some((m) => m.pending)).toBe(false)
    // Older history merges in front.
    mergeMessages(state, 10, [msg(1, 10)])
    expect(state.messages[10].map((m) => m.id)).toEqual([1, 2, 4, 5, 6])
  })

  it('adds unread messages and new likes for the badge', () => {
    expect(badgeTotal(3, 2)).toBe(5)
    expect(badgeTotal(-1, 0)).toBe(0)
  })
})

describe('removing chats', () => {
  const list = () => [chat(1, 100, 1, msg(1, 1)), chat(2, 200, 2, msg(2, 2))]
  beforeEach(() => {
    Object.assign(chatStore, createChatState())
    setChats(chatStore, list(), 3)
  })

  it('removes the chat from the list before the server answers', async () => {
    let answer: () => void = () => {}
    const removeChats = jest.fn(() => new Promise<{ removed: number[] }>((resolve) => (answer = () => resolve({ removed: [1] }))))
    const done = removeChatsNow({ id: 1 }, 'Mislukt.', { removeChats, loadChats: jest.fn() })
    expect(chatStore.chats!.map((c) => c.conversation.id)).toEqual([2])
    expect(chatStore.unreadTotal).toBe(2)
    answer()
    await done
    expect(removeChats).toHaveBeenCalledWith({ id: 1 })
    expect(chatStore.notice).toBeNull()
  })

  it('shows an alert and reloads the list when the server refuses', async () => {
    const removeChats = jest.fn(async () => {
      throw new HttpError(404, 'not_found', 'Niet gevonden.')
    })
    const loadChats = jest.fn(async () => ({ chats: list(), unread_total: 3 }))
    await removeChatsNow({ profileId: 200 }, 'Het gesprek kon niet worden verwijderd.', { removeChats, loadChats })
    expect(removeChats).toHaveBeenCalledWith({ profileId: 200 })
    expect(chatStore.notice).toBe('Het gesprek kon niet worden verwijderd. Niet gevonden.')
    expect(chatStore.chats!.map((c) => c.conversation.id)).toEqual([1, 2])
    expect(chatStore.unreadTotal).toBe(3)
  })
})
