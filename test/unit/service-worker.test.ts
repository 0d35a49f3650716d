/** @jest-environment node */
// public/sw.js (version 2) run against a stand-in of the service worker global: what a push shows and what a click opens.
import fs from 'node:fs'
import path from 'node:path'

type Listener = (event: Record<string, unknown>) => void

interface FakeWindow {
  url: string
  focus: jest.Mock
  navigate?: jest.Mock
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>()
  const shown: Array<{ title: string; options: Record<string, unknown> }> = []
  const opened: string[] = []
  const self = {
    location: new URL('https://datingstad.nl/sw.js'),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url)
        return null
      },
    },
  }
  new Function('self', fs.readFileSync(path.resolve('public/sw.js'), 'utf8'))(self)
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve()
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) })
    await waited
  }
  const push = (payload: unknown) => fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } })
  const click = async () => {
    const close = jest.fn()
    await fire('notificationclick', { notification: { data: shown.at(-1)!.options.data, close } })
    expect(close).toHaveBeenCalled()
  }
  return { shown, opened, push, click }
}

const message = { title: 'Nieuw bericht op Datingstad', body: 'Sanne heeft je een bericht gestuurd', url: '/chats/42', tag: 'chat-42', icon: '/favicon.ico', conversation_id: 42 }

describe('service worker version 2', () => {
  it('shows a message notification with its text, one per conversation', async () => {
    const sw = loadWorker()
    await sw.push(message)
    expect(sw.shown).toEqual([
      {
        title: 'Nieuw bericht op Datingstad',
        options: { body: 'Sanne heeft je een bericht gestuurd', icon: '/favicon.ico', tag: 'chat-42', renotify: true, data: { url: 'https://datingstad.nl/chats/42', version: 2 } },
      },
    ])
  })

  it('opens the conversation on a click when no tab of the site is open', async () => {
    const sw = loadWorker()
    await sw.push(message)
    await sw.click()
    expect(sw.opened).toEqual(['https://datingstad.nl/chats/42'])
  })

  it('focuses the tab showing the conversation, or shows it in an open tab of the site', async () => {
    const showing = { url: 'https://datingstad.nl/chats/42', focus: jest.fn() }
    const sw = loadWorker([{ url: 'https://datingstad.nl/members', focus: jest.fn() }, showing])
    await sw.push(message)
    await sw.click()
    expect(showing.focus).toHaveBeenCalled()
    expect(sw.opened).toEqual([])

    const focused = { url: 'https://datingstad.nl/chats/42', focus: jest.fn() }
    const other = { url: 'https://datingstad.nl/members', focus: jest.fn(), navigate: jest.fn(async () => focused) }
    const sw2 = loadWorker([other])
    await sw2.push(message)
    await sw2.click()
    expect(other.navigate).toHaveBeenCalledWith('https://datingstad.nl/chats/42')
    expect(focused.focus).toHaveBeenCalled()
    expect(sw2.opened).toEqual([])
  })

  it('never opens another site', async () => {
    const sw = loadWorker()
    await sw.push({ title: 'x', body: 'y', url: 'https://evil.example/phish' })
    await sw.click()
    expect(sw.opened).toEqual(['https://datingstad.nl/'])
  })
})
