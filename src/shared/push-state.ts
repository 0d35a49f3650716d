// The push state of SPEC.md section 4 (unknown, capable, subscribed, denied) as a small Valtio store for this tab.
// unknown: not yet checked, or the browser cannot do web push (then push is not possible); capable: the browser can
// subscribe and the member has not refused; subscribed: this browser holds a subscription of the worker; denied: the
// browser's notification permission is denied. Read by the push-notification alert and the notifications page.
import { proxy } from 'valtio'

export type PushState = 'unknown' | 'capable' | 'subscribed' | 'denied'

export const pushStore = proxy<{ state: PushState }>({ state: 'unknown' })

/** The browser's push state now (no permission prompt, no worker registration). */
export async function readPushState(win: Window = window): Promise<PushState> {
  const nav = win.navigator
  if (!('serviceWorker' in nav) || !('PushManager' in win) || !('Notification' in win)) return 'unknown'
  const permission = (win as Window & { Notification: typeof Notification }).Notification.permission
  if (permission === 'denied') return 'denied'
  try {
    const registration = await nav.serviceWorker.getRegistration('/')
    if (permission === 'granted' && (await registration?.pushManager.getSubscription())) return 'subscribed'
  } catch {
    // a worker that cannot be read counts as no subscription
  }
  return 'capable'
}

/** Checks the browser and stores its push state. */
export async function refreshPushState(win: Window = window): Promise<PushState> {
  const state = await readPushState(win)
  pushStore.state = state
  return state
}

/** Records the outcome of a subscription attempt (the notifications page). */
export function setPushState(state: PushState): void {
  pushStore.state = state
}
