// Service worker, version 2 (SPEC.md section 9): shows the site's push notifications (a new chat message when
// the member has no open tab) and opens, or focuses, the conversation on a click.
const VERSION = 2

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

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
