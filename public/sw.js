// Service worker, version 2 (SPEC.md section 9): shows the site's push notifications (a new chat message when
// the member has no open tab) and opens, or focuses, the conversation on a click; a navigation without network
// shows the offline page in the tenant's look and language (/offline.html, kept in the cache, issue 14).
const VERSION = 2
const OFFLINE_CACHE = 'offline-v2'
const OFFLINE_URL = '/offline.html'

/** Fetches the offline page (in the language of this browser's cookies and Accept-Language) into the cache. */
async function cacheOfflinePage() {
  try {
    const res = await self.fetch(OFFLINE_URL, { credentials: 'same-origin', cache: 'no-store' })
    if (!res.ok) return
    const cache = await self.caches.open(OFFLINE_CACHE)
    await cache.put(OFFLINE_URL, res)
  } catch {
    // No network at install: the next page load asks again (message refresh-offline-page).
  }
}

self.addEventListener('install', (event) => event.waitUntil(cacheOfflinePage().then(() => self.skipWaiting())))
self.addEventListener('activate', (event) =>
  event.waitUntil(
    self.caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('offline-') && k !== OFFLINE_CACHE).map((k) => self.caches.delete(k))))
      .then(() => self.clients.claim()),
  ),
)

// The page asks for a fresh copy once per visit, so a language or colour change reaches the offline page too.
// While a copy is being written the browser replaces the entry (the old one is gone for a moment), so a navigation
// that fails meanwhile waits for the write (at most 3 s) before it looks the page up.
let refreshing = Promise.resolve()
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'refresh-offline-page') {
    refreshing = cacheOfflinePage()
    event.waitUntil(refreshing)
  }
})

/** Resolves when a refresh of the offline page in progress has ended, or after at most 3 s. */
function refreshEnded() {
  let timer
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, 3000)))
  return Promise.race([refreshing, limit]).finally(() => clearTimeout(timer))
}

/** The kept offline page; a look-up that misses it looks again once a refresh that began meanwhile has ended. */
async function offlinePage() {
  await refreshEnded()
  const lookUp = () => self.caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE })
  // The page's refresh request can arrive after the navigation failed (the page's network emulation does not reach
  // the worker's own fetch, which then succeeds): its write may delete the entry during the first look-up.
  return (await lookUp()) || (await refreshEnded().then(lookUp))
}

// Only page navigations are answered here; everything else (API, chunks, images) goes to the network as before.
self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.mode !== 'navigate' || request.method !== 'GET') return
  event.respondWith(self.fetch(request).catch(async () => (await offlinePage()) || self.Response.error()))
})

/** The page a notification opens: its conversation, else the address it names, else the home page (same site only). */
function targetUrl(data) {
  const path = data && Number.isInteger(data.conversation_id) && data.conversation_id > 0 ? `/chats/${data.conversation_id}` : (data && data.url) || '/'
  const url = new URL(path, self.location.origin)
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href
}

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { body: event.data ? event.data.text() : '' }
  }
  event.waitUntil(
    self.registration.showNotification(data.title || self.location.hostname, {
      body: data.body || '',
      icon: data.icon || '/favicon.ico',
      // One notification per conversation: a newer message replaces it and alerts again.
      tag: data.tag,
      renotify: Boolean(data.tag),
      data: { url: targetUrl(data), version: VERSION },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data && event.notification.data.url) || targetUrl({})
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const same = windows.find((c) => c.url === url)
      if (same) return same.focus()
      // A tab of the site is open: show the conversation there instead of opening another tab.
      const tab = windows.find((c) => new URL(c.url).origin === self.location.origin && 'navigate' in c)
      if (tab) {
        try {
          const navigated = await tab.navigate(url)
          if (navigated) return navigated.focus()
        } catch {
          // An uncontrolled tab cannot be navigated from here: open a new one.
        }
      }
      return self.clients.openWindow(url)
    }),
  )
})
