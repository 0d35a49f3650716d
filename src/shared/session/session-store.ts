// Client state of the session (Valtio): the user, the unread messages total and the signup modal. The new likes
// have their own store (src/shared/likes-store.ts).
import { dequal } from 'dequal/lite'
import { createStore } from '../store'
import type { PresentedUser } from '../contracts'

export interface SessionState {
  user: PresentedUser | null
  unreadMessages: number
  /** The desktop signup modal (SPEC.md section 2). */
  signupModalOpen: boolean
}

export function createSessionStore(user: PresentedUser | null): SessionState {
  return createStore<SessionState>({ user, unreadMessages: 0, signupModalOpen: false })
}

/** SPEC.md section 2: the page title carries the total of unread messages plus new likes in brackets. */
export function titleWithPrefix(title: string, unreadMessages: number, newLikes: number): string {
  const total = unreadMessages + newLikes
  return total > 0 ? `(${total}) ${title}` : title
}

/**
 * The user as the server answered it again (the live client loads it when its socket opens and after a change
 * elsewhere): the store changes only when something in it did. A fresh copy of the same member would re-render every
 * page that reads the user and restart their effects (a page reloading its data under the member's hands).
 */
export function refreshUser(state: SessionState, user: PresentedUser): boolean {
  // Deep equality, whatever the order of the keys (the page's user and the API's).
  if (state.user && dequal(state.user, user)) return false
  state.user = user
  return true
}

/**
 * The live `balance` event of the member's socket ({ type: 'balance', credits, paid_user }, sent on every change of
 * the balance): the navigation's credits and the premium state follow at once in every open tab.
 */
export function applyBalanceEvent(state: SessionState, event: { type: string; credits?: unknown; paid_user?: unknown }): boolean {
  if (event.type !== 'balance' || !state.user) return false
  if (typeof event.credits === 'number' && Number.isFinite(event.credits)) state.user.credits = event.credits
  if (typeof event.paid_user === 'boolean') state.user.paid_user = event.paid_user
  return true
}
