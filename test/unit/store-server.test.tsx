/**
 * @jest-environment node
 */
// src/shared/store.ts on the server: a render reads a store once, so the store is its own snapshot (no frozen copy,
// no tracking proxy) and a store made for one request is the plain object. The browser's side (Valtio's proxies and
// snapshots, re-rendering on a change) is in store-browser.test.tsx.
import { renderToString } from 'react-dom/server'
import { getVersion, proxy } from 'valtio'
import { createStore, useStoreSnapshot } from '../../src/shared/store'
import { createSessionStore } from '../../src/shared/session/session-store'
import { createConversationStore } from '../../src/features/chat/conversation-store'

function read<T extends object>(store: T): unknown {
  let seen: unknown
  function Reader() {
    seen = useStoreSnapshot(store)
    return null
  }
  renderToString(<Reader />)
  return seen
}

describe('stores on the server', () => {
  it('makes a request\'s store as the plain object, session and conversation stores included', () => {
    const initial = { count: 1, nested: { a: [1, 2] } }
    expect(createStore(initial)).toBe(initial)
    const user = { id: 7 } as unknown as Parameters<typeof createSessionStore>[0]
    const session = createSessionStore(user)
    expect(session.user).toBe(user)
    // getVersion answers for Valtio proxies only.
    expect(getVersion(session)).toBeUndefined()
    const conversation = createConversationStore(12, null)
    expect(Object.isFrozen(conversation)).toBe(false)
    expect(conversation.convId).toBe(12)
  })

  it('reads a store in a render as the store itself: no snapshot copy, no tracking proxy', () => {
    const own = createStore({ count: 2 })
    expect(read(own)).toBe(own)
    // A module's store (one per tab in the browser) stays a Valtio proxy; the server reads it as it is too.
    const shared = proxy({ items: [1] })
    expect(read(shared)).toBe(shared)
  })

  it('shows what was set on the store before the render read it', () => {
    const store = createStore({ error: null as string | null })
    store.error = 'Er is een fout opgetreden'
    function Show() {
      return <p>{useStoreSnapshot(store).error}</p>
    }
    expect(renderToString(<Show />)).toBe('<p>Er is een fout opgetreden</p>')
  })
})
