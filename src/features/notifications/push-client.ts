// Web push in the browser: the tenant's service worker (version 2) and a subscription with the VAPID key.

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** Asks permission, registers /sw.js and returns the subscription to store; undefined when push is not possible. */
export async function subscribeToPush(publicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } } | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return undefined
  if ((await Notification.requestPermission()) !== 'granted') return undefined
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  await navigator.serviceWorker.ready
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  // What POST /api/user.php?push=1 needs; a browser that gives less has no usable subscription.
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) return undefined
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}
