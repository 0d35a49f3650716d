// Client state of the session (Valtio): the user, the unread messages total and the signup modal. The new likes
// have their own store (src/shared/likes-store.ts).
import { proxy } from 'valtio'
import type { PresentedUser } from '../contracts'

export interface SessionState {
  user: PresentedUser | null
  unreadMessages: number
  /** The desktop signup modal (SPEC.md section 2). */
  signupModalOpen: boolean
}

export function createSessionStore(user: PresentedUser | null): SessionState {
  return proxy<SessionState>({ user, unreadMessages: 0, signupModalOpen: false })
}

/** SPEC.md section 2: the page title carries the total of unread messages plus new likes in brackets. */
export function titleWithPrefix(title: string, unreadMessages: number, newLikes: number): string {
  const total = unreadMessages + newLikes
  return total > 0 ? `(${total}) ${title}` : title
}

