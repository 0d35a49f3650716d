import { act, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import { Badge } from '../../src/ui/badge'
import { SessionProvider, useSession, useTitlePrefix } from '../../src/shared/session/session-context'
import { createSessionStore } from '../../src/shared/session/session-store'
import { ChatLiveClient } from '../../src/features/chat/chat-live-client'
import { chatStore, createChatState } from '../../src/features/chat/chat-store'
import { likesBadge } from '../../src/shared/likes-store'
import { useNewLikesBadge } from '../../src/features/discovery/likes-badge'
import { updateAppBadge } from '../../src/features/chat/app-badge'
import type { PresentedUser } from '../../src/shared/contracts'

const theme = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })
const user = { id: 7, email: 'a@example.nl', status: 'active', credits: 30, paid_user: true, signup_date: '2026-01-01', language: 'nl', fictional_icon: false, notifications_disabled: [], profile: null } as PresentedUser

class FakeWebSocket {
  static last: FakeWebSocket | undefined
  readyState = 0
  onopen: ((e: unknown) => void) | null = null
  onclose: ((e: { code: number }) => void) | null = null
  onmessage: ((e: { data: unknown }) => void) | null = null
  onerror: ((e: unknown) => void) | null = null
  constructor(public url: string) {
    FakeWebSocket.last = this
  }
  send() {}
  close() {}
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }
}

function Probe() {
  const { unreadMessages } = useSession()
  useTitlePrefix('Berichten | Datingstad')
  // As the navigation does: the new-likes badge, loaded once logged in.
  useNewLikesBadge(true)
  return (
    <span data-testid="nav-badge">
      <Badge count={unreadMessages} />
    </span>
  )
}

let likesStatus = 404
const fetchCalls: string[] = []

beforeEach(() => {
  Object.assign(chatStore, createChatState())
  fetchCalls.length = 0
  likesStatus = 404
  ;(globalThis as { WebSocket: unknown }).WebSocket = FakeWebSocket
  const answer = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body })
  globalThis.fetch = jest.fn(async (url: string) => {
    fetchCalls.push(url)
    if (url === '/api/chats.php') return answer(200, { chats: [], unread_total: 3 })
    if (url === '/api/likes.php') return likesStatus === 200 ? answer(200, { profiles: [], liked_by: [{ id: 1, like_new: true }, { id: 2, like_new: false }, { id: 3, like_new: 1 }] }) : answer(404, { error: 'not_found' })
    return answer(404, {})
  }) as unknown as typeof fetch
  ;(navigator as unknown as { setAppBadge: jest.Mock }).setAppBadge = jest.fn(async () => {})
  ;(navigator as unknown as { clearAppBadge: jest.Mock }).clearAppBadge = jest.fn(async () => {})
})

afterEach(() => {
  Object.assign(likesBadge, { newLikes: 0, version: 0, loaded: false })
  // The badge reads exactly these two endpoints (no discovery of the API through /api/openapi.json); the live client
  // also reloads the user when its socket opens.
  expect(fetchCalls.filter((u) => u !== '/api/chats.php' && u !== '/api/likes.php' && u !== '/api/user.php')).toEqual([])
})

const mount = () =>
  render(
    <ThemeProvider theme={theme}>
      <SessionProvider store={createSessionStore(user)}>
        <ChatLiveClient />
        <Probe />
      </SessionProvider>
    </ThemeProvider>,
  )

const settle = () => act(async () => {})

describe('the unread badge, the title prefix and the app badge', () => {
  it('follows the unread total from the API and then the live socket, with 99+ from 100', async () => {
    const view = mount()
    await settle()
    await settle()
    expect(FakeWebSocket.last?.url).toBe('ws://localhost/api/ws')
    expect(screen.getByTestId('nav-badge').textContent).toBe('3')
    expect(document.title).toBe('(3) Berichten | Datingstad')
    expect(navigator.setAppBadge).toHaveBeenLastCalledWith(3)

    FakeWebSocket.last!.open()
    await act(async () => FakeWebSocket.last!.emit({ type: 'unread', total: 120 }))
    await settle()
    expect(screen.getByTestId('nav-badge').textContent).toBe('99+')
    expect(document.title).toBe('(120) Berichten | Datingstad')
    expect(navigator.setAppBadge).toHaveBeenLastCalledWith(120)

    await act(async () => FakeWebSocket.last!.emit({ type: 'unread', total: 0 }))
    await settle()
    expect(screen.getByTestId('nav-badge').textContent).toBe('')
    expect(document.title).toBe('Berichten | Datingstad')
    expect(navigator.clearAppBadge).toHaveBeenCalled()
    view.unmount()
  })

  it('adds the new likes of /api/likes.php to the title prefix and the app badge', async () => {
    likesStatus = 200
    const view = mount()
    await settle()
    await settle()
    expect(fetchCalls).toContain('/api/likes.php')
    expect(likesBadge.newLikes).toBe(2)
    expect(document.title).toBe('(5) Berichten | Datingstad')
    expect(navigator.setAppBadge).toHaveBeenLastCalledWith(5)
    view.unmount()
  })

  it('reloads the new likes when a like arrives over the socket', async () => {
    const view = mount()
    await settle()
    await settle()
    expect(document.title).toBe('(3) Berichten | Datingstad')
    likesStatus = 200
    FakeWebSocket.last!.open()
    await settle()
    FakeWebSocket.last!.emit({ type: 'like', member_id: 7 })
    await settle()
    await settle()
    expect(document.title).toBe('(5) Berichten | Datingstad')
    view.unmount()
  })

  it('forgets the new likes at logout: a visitor sees no prefix and the next member loads their own count', async () => {
    likesStatus = 200
    const store = createSessionStore(user)
    const view = render(
      <ThemeProvider theme={theme}>
        <SessionProvider store={store}>
          <ChatLiveClient />
          <Probe />
        </SessionProvider>
      </ThemeProvider>,
    )
    await settle()
    await settle()
    expect(document.title).toBe('(5) Berichten | Datingstad')
    await act(async () => {
      store.user = null
      store.unreadMessages = 0
    })
    await settle()
    expect(document.title).toBe('Berichten | Datingstad')
    expect(likesBadge).toMatchObject({ newLikes: 0, loaded: false })
    view.unmount()
  })

  it('ignores a failing app badge', async () => {
    const nav = { setAppBadge: jest.fn(async () => Promise.reject(new Error('NotAllowedError'))) }
    await expect(updateAppBadge(4, nav)).resolves.toBeUndefined()
    await expect(updateAppBadge(4, {})).resolves.toBeUndefined()
    expect(nav.setAppBadge).toHaveBeenCalledWith(4)
  })
})
