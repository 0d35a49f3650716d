// The conversation screen against a mocked API: older history upward, a retried send keeps its client id,
// and the API's refusals become the modal with a buy button or the e-mail confirmation notice.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { chatStore, createChatState } from '../../src/features/chat/chat-store'
import { ChatsScreen } from '../../src/features/chat/chats-page'
import type { PresentedUser } from '../../src/shared/contracts'
import type { ChatMessage } from '../../src/shared/chat-contracts'
import type { ConversationAnswer } from '../../src/features/chat/chat-api'
import { shellContext } from '../support/shell'

jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}) }))

const member: PresentedUser = {
  id: 1, email: 'a@b.nl', status: 'active', credits: 40, paid_user: true, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Mark', country: 'NL', status: 'active', main_image: null },
}
const profile = { id: 2, name: 'Sanne', age: 31, gender: 'female', country: 'NL', region: null, region_name: null, city: 'Utrecht', fictional: false, main_image: null, liked: false }
const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id, conversation_id: 5, mine: id % 2 === 0, client_id: null, kind: 'text', text: `bericht ${id}`, image: null, gift: null, gif: null,
  created_at: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(), ...over,
})

class QuietWebSocket {
  readyState = 0
  onopen = null
  onclose = null
  onmessage = null
  onerror = null
  send() {}
  close() {}
}

type Route = (url: string, init: RequestInit) => { status: number; body: unknown } | 'network' | undefined
let routes: Route[] = []
const requests: Array<{ url: string; method: string; body?: unknown }> = []

function answerWith(routesIn: Route[]) {
  routes = routesIn
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    requests.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
    for (const r of routes) {
      const a = r(url, { ...init, method })
      if (a === 'network') throw new TypeError('Failed to fetch')
      if (a) return { ok: a.status < 400, status: a.status, json: async () => a.body }
    }
    if (url === '/api/chats.php') return { ok: true, status: 200, json: async () => ({ chats: [], unread_total: 0 }) }
    return { ok: true, status: 200, json: async () => ({ ok: true }) }
  }) as unknown as typeof fetch
}

/** Conversation 5 in the chat layout; a new page context and session store on every call, as a page load has. */
function conversationTree(initial?: ConversationAnswer) {
  return shellContext({ user: member, layout: 'chat', extra: { urlPathname: '/chats/5' } }).shell(<ChatsScreen conversationId={5} initial={initial} />)
}

function renderConversation() {
  return render(conversationTree())
}

const conversation = (messages: ChatMessage[], hasMore: boolean) => ({ status: 200, body: { conversation: { id: 5, profile, last_read_by_other: null, started_by_me: true }, messages, has_more: hasMore } })

beforeEach(() => {
  Object.assign(chatStore, createChatState())
  requests.length = 0
  ;(globalThis as { WebSocket: unknown }).WebSocket = QuietWebSocket
  window.sessionStorage.setItem('api-has-likes', 'no')
})

// Rendering the whole screen takes seconds on a loaded machine.
jest.setTimeout(30_000)

describe('the conversation screen', () => {
  it('hydrates the server\'s render of the page data as it is, then takes it over and catches up', async () => {
    const initial = conversation([msg(1), msg(2)], true).body as ConversationAnswer
    answerWith([(url) => (url === '/api/chat.php?id=5&after=2' ? conversation([msg(3)], false) : undefined)])
    // The server's render: from the page data only, with the browser's chat store empty (and left so).
    const html = renderToString(conversationTree(initial))
    expect(chatStore.messages).toEqual({})
    expect(html).toContain('bericht 1')
    expect(html).toContain('bericht 2')
    expect(html).toContain('Sanne')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const mismatches: unknown[] = []
    const errors = jest.spyOn(console, 'error').mockImplementation((...args) => void mismatches.push(args))
    const roots: Array<ReturnType<typeof hydrateRoot>> = []
    try {
      await act(async () => {
        roots.push(hydrateRoot(container, conversationTree(initial), { onRecoverableError: (err) => void mismatches.push(err) }))
      })
      // The same markup: React kept the server's nodes (a mismatch would have re-rendered and said so).
      expect(mismatches).toEqual([])
      // No load of the conversation itself: only the catch-up after its last message, and the read call.
      await waitFor(() => expect(container.textContent).toContain('bericht 3'))
      const loads = requests.filter((r) => r.url.startsWith('/api/chat.php'))
      expect(loads.map((r) => r.url)).toEqual(['/api/chat.php?id=5&after=2'])
      expect(requests.some((r) => r.url === '/api/chat-read.php' && r.method === 'POST')).toBe(true)
      expect(chatStore.messages[5].map((m) => m.id)).toEqual([1, 2, 3])
      expect(chatStore.openConversationId).toBe(5)
      // Paging older messages still works from the server's first page (has_more).
      expect(container.querySelector('button')).not.toBeNull()
      expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'Oudere berichten laden')).toBe(true)
    } finally {
      errors.mockRestore()
      await act(async () => roots.forEach((r) => r.unmount()))
      container.remove()
    }
  })

  it('loads older messages upward page by page and marks the conversation read', async () => {
    const newest = Array.from({ length: 30 }, (_, i) => msg(31 + i))
    const older = Array.from({ length: 30 }, (_, i) => msg(1 + i))
    answerWith([
      (url) => (url === '/api/chat.php?id=5' ? conversation(newest, true) : undefined),
      (url) => (url === '/api/chat.php?id=5&before=31' ? conversation(older, false) : undefined),
    ])
    renderConversation()
    await screen.findByText('bericht 60')
    expect(screen.getAllByTestId('message')).toHaveLength(30)
    expect(requests.some((r) => r.url === '/api/chat-read.php' && r.method === 'POST' && (r.body as { id: number }).id === 5)).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Oudere berichten laden' })))
    await screen.findByText('bericht 1')
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual([...older, ...newest].map((m) => m.text))
    expect(screen.queryByRole('button', { name: 'Oudere berichten laden' })).toBeNull()
  })

  it('shows a locked photo blurred, with the lock and how to unlock it, and no link to the photo', async () => {
    const blurred = '/media/' + 'b'.repeat(32) + '.webp'
    answerWith([(url) => (url === '/api/chat.php?id=5' ? conversation([msg(1, { kind: 'image', text: null, image: { filename: blurred, thumb_filename: blurred, locked: true } })], false) : undefined)])
    renderConversation()
    const locked = await screen.findByTestId('message-image-locked')
    expect(locked.querySelector('img')?.getAttribute('src')).toBe(blurred)
    expect(locked.textContent).toContain('Foto vergrendeld')
    expect(screen.getByRole('link', { name: 'Word premium' }).getAttribute('href')).toBe('/premium')
    expect(screen.queryByRole('link', { name: 'Foto groot bekijken' })).toBeNull()
  })

  it('keeps a message that did not get through with a retry that sends the same client id', async () => {
    let attempts = 0
    answerWith([
      (url) => (url === '/api/chat.php?id=5' ? conversation([msg(1)], false) : undefined),
      (url, init) => {
        if (!url.startsWith('/api/message.php')) return undefined
        attempts++
        if (attempts === 1) return 'network'
        const body = JSON.parse(String(init.body))
        return { status: 201, body: { message: msg(2, { mine: true, client_id: body.client_id, text: body.text }), credits: 30 } }
      },
    ])
    renderConversation()
    await screen.findByText('bericht 1')
    fireEvent.change(screen.getByLabelText('Je bericht'), { target: { value: 'Hoi Sanne!' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Versturen' })))
    await screen.findByText('Niet verzonden.', { exact: false })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' })))
    await waitFor(() => expect(screen.queryByText('Niet verzonden.', { exact: false })).toBeNull())
    const sends = requests.filter((r) => r.url.startsWith('/api/message.php'))
    expect(sends).toHaveLength(2)
    expect((sends[0].body as { client_id: string }).client_id).toBe((sends[1].body as { client_id: string }).client_id)
    expect(screen.getAllByText('Hoi Sanne!')).toHaveLength(1)
    expect(screen.getByText(/je saldo: 30/)).toBeTruthy()
  })

  it('turns insufficient credits into the modal with a buy button and gives the text back', async () => {
    answerWith([
      (url) => (url === '/api/chat.php?id=5' ? conversation([msg(1)], false) : undefined),
      (url) => (url.startsWith('/api/message.php') ? { status: 402, body: { error: 'insufficient_credits', message: 'Je hebt niet genoeg credits voor dit bericht.', buy: '/credits' } } : undefined),
    ])
    renderConversation()
    await screen.findByText('bericht 1')
    fireEvent.change(screen.getByLabelText('Je bericht'), { target: { value: 'Nog eentje' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Versturen' })))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Niet genoeg credits')
    expect(screen.getByRole('link', { name: 'Credits kopen' }).getAttribute('href')).toBe('/credits?return=%2Fchats%2F5')
    expect((screen.getByLabelText('Je bericht') as HTMLTextAreaElement).value).toBe('Nog eentje')
    expect(screen.queryByText('Nog eentje', { selector: '[data-testid="message"]' })).toBeNull()
  })

  it('shows the localized message with a resend button when a reply needs a confirmed e-mail address', async () => {
    answerWith([
      (url) => (url === '/api/chat.php?id=5' ? conversation([msg(1)], false) : undefined),
      (url) => (url.startsWith('/api/message.php') ? { status: 403, body: { error: 'email_not_confirmed', message: 'Bevestig eerst je e-mailadres om te kunnen antwoorden.' } } : undefined),
    ])
    renderConversation()
    await screen.findByText('bericht 1')
    fireEvent.change(screen.getByLabelText('Je bericht'), { target: { value: 'Antwoord' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Versturen' })))
    const notice = await screen.findByTestId('confirm-email-notice')
    expect(notice.textContent).toContain('Bevestig eerst je e-mailadres om te kunnen antwoorden.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stuur de e-mail opnieuw' })))
    expect(requests.some((r) => r.url === '/api/activate-resend.php' && r.method === 'POST')).toBe(true)
    await screen.findByText('De e-mail is opnieuw verstuurd.')
  })

  it('shrinks the message field back to one line once a long message is sent', async () => {
    // jsdom lays nothing out: the field's content height follows its text (one line per 40 characters, 24 px each).
    const scrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight')
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return Math.max(1, Math.ceil(this.value.length / 40)) * 24
      },
    })
    try {
      answerWith([
        (url) => (url === '/api/chat.php?id=5' ? conversation([msg(1)], false) : undefined),
        (url, init) => {
          if (!url.startsWith('/api/message.php')) return undefined
          const body = JSON.parse(String(init.body))
          return { status: 201, body: { message: msg(2, { mine: true, client_id: body.client_id, text: body.text }), credits: 30 } }
        },
      ])
      renderConversation()
      await screen.findByText('bericht 1')
      const field = screen.getByLabelText('Je bericht') as HTMLTextAreaElement
      fireEvent.change(field, { target: { value: 'Een lang bericht dat zeker over twee regels loopt in het veld.' } })
      expect(field.style.height).toBe('48px')
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Versturen' })))
      expect(field.value).toBe('')
      expect(field.style.height).toBe('24px')
    } finally {
      if (scrollHeight) Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', scrollHeight)
      else delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight
    }
  })
})
