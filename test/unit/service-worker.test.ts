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

function loadWorker(windows: FakeWindow[] = [], network: { online: boolean; pageOffline?: boolean } = { online: true }, slowPut = false) {
  const listeners = new Map<string, Listener>()
  const cache = new Map<string, string>()
  const fetched: string[] = []
  const shown: Array<{ title: string; options: Record<string, unknown> }> = []
  const opened: string[] = []
  const self = {
    location: new URL('https://datingstad.nl/sw.js'),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    fetch: async (input: string | { url: string }) => {
      const url = typeof input === 'string' ? input : input.url
      fetched.push(url)
      // pageOffline: the page's requests fail (the browser's network emulation of a page), the worker's own do not.
      if (!network.online || (network.pageOffline && typeof input !== 'string')) throw new TypeError('Failed to fetch')
      return { ok: true, body: `page ${url}` }
    },
    Response: { error: () => ({ error: true }) },
    caches: {
      // slowPut: as the browser does, the old entry is gone while the new one is written.
      open: async () => ({
        put: async (url: string, res: { body: string }) => {
          if (slowPut) {
            cache.delete(url)
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
          cache.set(url, res.body)
        },
      }),
      // A look-up takes a moment (another process), and answers what the cache holds when it is done.
      match: async (url: string) => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return cache.has(url) ? { body: cache.get(url) } : undefined
      },
      keys: async () => ['offline-v1', 'offline-v2'],
      delete: async (key: string) => void cache.set(`deleted:${key}`, ''),
    },
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
  /** A fetch event; answers what the worker responded with, or 'network' when it left the request alone. */
  const request = async (req: { url: string; mode: string; method: string }) => {
    let responded: Promise<unknown> | undefined
    listeners.get('fetch')!({ request: req, respondWith: (p: Promise<unknown>) => (responded = p) })
    return responded ? await responded : 'network'
  }
  return { shown, opened, push, click, fire, request, cache, fetched }
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

  it('keeps the offline page on install and shows it for a navigation without network', async () => {
    const network = { online: true }
    const sw = loadWorker([], network)
    await sw.fire('install', {})
    expect(sw.cache.get('/offline.html')).toBe('page /offline.html')
    await sw.fire('activate', {})
    expect(sw.cache.has('deleted:offline-v1')).toBe(true)
    expect(sw.cache.has('deleted:offline-v2')).toBe(false)
    // Online: the page itself.
    expect(await sw.request({ url: 'https://datingstad.nl/members', mode: 'navigate', method: 'GET' })).toEqual({ ok: true, body: 'page https://datingstad.nl/members' })
    network.online = false
    expect(await sw.request({ url: 'https://datingstad.nl/members', mode: 'navigate', method: 'GET' })).toEqual({ body: 'page /offline.html' })
    // Not a navigation (API, chunks): left to the network and the page's own error handling.
    expect(await sw.request({ url: 'https://datingstad.nl/api/user.php', mode: 'cors', method: 'GET' })).toBe('network')
  })

  it('a navigation that fails while the offline page is being refreshed waits for the new copy', async () => {
    const network = { online: true }
    const sw = loadWorker([], network, true)
    await sw.fire('install', {})
    // The page asks for a fresh copy; the network goes away while the copy is written.
    const refresh = sw.fire('message', { data: { type: 'refresh-offline-page' } })
    await new Promise((resolve) => setImmediate(resolve))
    network.online = false
    expect(sw.cache.has('/offline.html')).toBe(false)
    expect(await sw.request({ url: 'https://datingstad.nl/pages/faq', mode: 'navigate', method: 'GET' })).toEqual({ body: 'page /offline.html' })
    await refresh
  })

  it('a refresh that begins after the navigation failed: the look-up that misses the entry waits for it', async () => {
    const network = { online: true, pageOffline: false }
    const sw = loadWorker([], network, true)
    await sw.fire('install', {})
    network.pageOffline = true
    const shown = sw.request({ url: 'https://datingstad.nl/pages/faq', mode: 'navigate', method: 'GET' })
    // The page's refresh request arrives while the worker looks the offline page up; its write removes the entry.
    await new Promise((resolve) => setTimeout(resolve, 1))
    const refresh = sw.fire('message', { data: { type: 'refresh-offline-page' } })
    expect(await shown).toEqual({ body: 'page /offline.html' })
    await refresh
  })

  it('refreshes the offline page when a page asks (a new language)', async () => {
    const sw = loadWorker()
    await sw.fire('message', { data: { type: 'refresh-offline-page' } })
    expect(sw.fetched).toEqual(['/offline.html'])
    expect(sw.cache.get('/offline.html')).toBe('page /offline.html')
  })
})
