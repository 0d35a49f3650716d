// Service worker, version 2 (SPEC.md section 9): shows push notifications and opens their page on click.
const VERSION = 2

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

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
      tag: data.tag,
      data: { url: data.url || '/', version: VERSION },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((c) => c.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
