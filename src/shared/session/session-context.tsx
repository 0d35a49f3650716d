import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { useStoreSnapshot } from '../store'
import { titleWithPrefix, type SessionState } from './session-store'
import { useNewLikes } from '../use-likes-badge'

const Context = createContext<SessionState | null>(null)

export function SessionProvider({ store, children }: { store: SessionState; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>
}

/** The mutable store, for actions (login, logout, counters). */
export function useSessionStore(): SessionState {
  const store = useContext(Context)
  if (!store) throw new Error('SessionProvider missing')
  return store
}

/** A render snapshot of the session. */
export function useSession() {
  return useStoreSnapshot(useSessionStore())
}

/** Keeps document.title in step with the unread messages and new likes. */
export function useTitlePrefix(baseTitle: string) {
  const { user, unreadMessages } = useSession()
  const newLikes = useNewLikes(user !== null)
  useEffect(() => {
    document.title = titleWithPrefix(baseTitle, unreadMessages, newLikes)
  }, [baseTitle, unreadMessages, newLikes])
}
