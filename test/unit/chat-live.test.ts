import { startChatLive, POLL_MS, POLL_PUSH_MS, POLL_START_MS, type ChatLiveDeps } from '../../src/features/chat/chat-live'
import { backoffDelay, type SocketLike } from '../../src/features/chat/live-socket'
import { createChatState } from '../../src/features/chat/chat-store'
import type { ChatMessage } from '../../src/shared/chat-contracts'
import type { PresentedUser } from '../../src/shared/contracts'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: string[] = []
  closed: number[] = []
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onmessage: SocketLike['onmessage'] = null
  onerror: SocketLike['onerror'] = null
  send(data: string) {
    this.sent.push(data)
  }
  close(code = 1000) {
    this.closed.push(code)
    this.drop(code)
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

const msg = (id: number, conversation_id: number): ChatMessage => ({
  id,
  conversation_id,
  mine: false,
  client_id: null,
  kind: 'text',
  text: `bericht ${id}`,
  image: null,
  gift: null,
  gif: null,
  created_at: '2026-01-01T12:00:00.000Z',
})

function setup(opts: { push?: boolean; onEvent?: ChatLiveDeps['onEvent'] } = {}) {
  const sockets: FakeSocket[] = []
  const state = createChatState()
  const calls = { chats: 0, user: 0, likes: 0, conversation: [] as Array<{ id: number; after: number }>, read: [] as number[] }
  const server = { messages: [msg(1, 10)] }
  const users: PresentedUser[] = []
  const deps: ChatLiveDeps = {
    state,
    viewerId: 1,
    url: 'ws://test/api/ws',
    api: {
      loadChats: async () => {
        calls.chats++
        return { chats: [], unread_total: server.messages.length }
      },
      loadConversation: async (o) => {
        calls.conversation.push(o)
        return { conversation: { id: o.id, profile: {} as never, last_read_by_other: null, started_by_me: false }, messages: server.messages.filter((m) => m.id > o.after), has_more: false }
      },
      markRead: async (id) => calls.read.push(id),
      loadUser: async () => {
        calls.user++
        return { user: { id: 1 } as PresentedUser }
      },
      reloadNewLikes: async () => {
        calls.likes++
      },
    },
    onUser: (user) => users.push(user),
    onEvent: opts.onEvent,
    pushSubscribed: async () => opts.push ?? false,
    createSocket: () => {
      const s = new FakeSocket()
      sockets.push(s)
      return s
    },
    visible: () => true,
    random: () => 1,
  }
  const live = startChatLive(deps)
  return { live, state, sockets, calls, server, users }
}

describe('the live chat client', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('waits longer after each failed attempt, between half and all of 1 s doubling to 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500)
    expect(backoffDelay(0, () => 1)).toBe(1000)
    expect(backoffDelay(3, () => 1)).toBe(8000)
    expect(backoffDelay(12, () => 1)).toBe(30000)
  })

  it('a socket still connecting when the client stops is closed once it opens, not aborted mid-handshake', async () => {
    const { live, state, sockets } = setup()
    live.stop()
    expect(sockets[0].closed).toEqual([])
    sockets[0].open()
    expect(sockets[0].closed).toEqual([1000])
    expect(state.live).toBe(false)
    await jest.advanceTimersByTimeAsync(60_000)
    expect(sockets.length).toBe(1)
  })

  it('applies events, reconnects with backoff and catches up what it missed', async () => {
    const { live, state, sockets, calls, server } = setup()
    sockets[0].open()
    await jest.advanceTimersByTimeAsync(0)
    state.messages[10] = [msg(1, 10)]
    state.openConversationId = 10
    sockets[0].emit({ type: 'unread', total: 4 })
    expect(state.unreadTotal).toBe(4)
    expect(state.live).toBe(true)

    // The connection drops; a message is stored meanwhile.
    sockets[0].drop()
    expect(state.live).toBe(false)
    server.messages.push(msg(2, 10))
    await jest.advanceTimersByTimeAsync(999)
    expect(sockets.length).toBe(1)
    await jest.advanceTimersByTimeAsync(1)
    expect(sockets.length).toBe(2)
    // The second attempt fails too: the next waits longer.
    sockets[1].drop()
    await jest.advanceTimersByTimeAsync(1999)
    expect(sockets.length).toBe(2)
    await jest.advanceTimersByTimeAsync(1)
    expect(sockets.length).toBe(3)

    const chatsBefore = calls.chats
    sockets[2].open()
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.chats).toBe(chatsBefore + 1)
    expect(calls.conversation).toEqual([{ id: 10, after: 1 }])
    expect(state.messages[10].map((m) => m.id)).toEqual([1, 2])
    // The open conversation got a message from the other member: it is marked read.
    expect(calls.read).toEqual([10])
    live.stop()
  })

  it('reloads the user when the account changed elsewhere (the e-mail address confirmed in another tab)', async () => {
    const { live, sockets, calls, users } = setup()
    sockets[0].open()
    await jest.advanceTimersByTimeAsync(0)
    const before = calls.user
    sockets[0].emit({ type: 'account_changed' })
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.user).toBe(before + 1)
    expect(users.at(-1)).toEqual({ id: 1 })
    live.stop()
  })

  it('loads the user whenever the socket opens: a change made before it listened is not missed', async () => {
    const { live, sockets, calls, users } = setup()
    // The e-mail address is confirmed in another tab before this tab's socket is open: no event reaches it.
    expect(calls.user).toBe(0)
    sockets[0].open()
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.user).toBe(1)
    expect(users).toEqual([{ id: 1 }])
    // And again after a reconnect.
    sockets[0].drop()
    await jest.advanceTimersByTimeAsync(1000)
    sockets[1].open()
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.user).toBe(2)
    live.stop()
  })

  it('reconnects within a quarter second and catches up when the instance closes with the restart code (1012)', async () => {
    const { live, sockets, calls } = setup()
    sockets[0].open()
    await jest.advanceTimersByTimeAsync(0)
    const chatsBefore = calls.chats
    sockets[0].drop(1012)
    await jest.advanceTimersByTimeAsync(250)
    expect(sockets.length).toBe(2)
    sockets[1].open()
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.chats).toBe(chatsBefore + 1)
    live.stop()
  })

  it('stops reconnecting when the server does not know the member (4401)', async () => {
    const { live, sockets } = setup()
    sockets[0].drop(4401)
    await jest.advanceTimersByTimeAsync(60_000)
    expect(sockets.length).toBe(1)
    live.stop()
  })

  it('takes a close with 4403 (banned while away) as the banned event, and stops reconnecting', async () => {
    const events: Array<{ type: string }> = []
    const { live, sockets } = setup({ onEvent: (e) => events.push(e) })
    sockets[0].drop(4403)
    await jest.advanceTimersByTimeAsync(60_000)
    expect(events).toEqual([{ type: 'banned' }])
    expect(sockets.length).toBe(1)
    live.stop()
  })

  it('without the socket refreshes user and chats after 5 s, then every 60 s', async () => {
    const { live, calls } = setup()
    await jest.advanceTimersByTimeAsync(0)
    expect(calls.user).toBe(0)
    await jest.advanceTimersByTimeAsync(POLL_START_MS)
    expect(calls.user).toBe(1)
    const chats = calls.chats
    await jest.advanceTimersByTimeAsync(POLL_MS - 1)
    expect(calls.user).toBe(1)
    await jest.advanceTimersByTimeAsync(1)
    expect(calls.user).toBe(2)
    expect(calls.chats).toBe(chats + 1)
    live.stop()
  })

  it('polls every 300 s when push is subscribed', async () => {
    const { live, calls } = setup({ push: true })
    await jest.advanceTimersByTimeAsync(POLL_START_MS)
    expect(calls.user).toBe(1)
    await jest.advanceTimersByTimeAsync(POLL_MS)
    expect(calls.user).toBe(1)
    await jest.advanceTimersByTimeAsync(POLL_PUSH_MS - POLL_MS)
    expect(calls.user).toBe(2)
    live.stop()
  })

  it('with the socket up the beat only refreshes new likes', async () => {
    const { live, sockets, calls } = setup()
    // Keep the socket open through the reconnect timers of the test.
    sockets[0].open()
    await jest.advanceTimersByTimeAsync(POLL_START_MS)
    // Once when the socket opened, never by the beat.
    expect(calls.user).toBe(1)
    expect(calls.likes).toBe(2)
    live.stop()
  })

  it('sends typing at most once a second, only while connected', async () => {
    const { live, sockets } = setup()
    live.sendTyping(10)
    expect(sockets[0].sent).toEqual([])
    sockets[0].open()
    live.sendTyping(10)
    live.sendTyping(10)
    expect(sockets[0].sent).toEqual([JSON.stringify({ type: 'typing', conversation_id: 10 })])
    await jest.advanceTimersByTimeAsync(1000)
    live.sendTyping(10)
    expect(sockets[0].sent.length).toBe(2)
    live.stop()
  })
})
