import { useEffect } from 'react'
import { subscribe, useSnapshot } from 'valtio'
import { useSessionStore } from './session/session-context'
import { likesBadge, reloadLikes } from './likes-store'

/**
 * The new-likes count for the navigation: loaded once a member is logged in and kept in step with the session's
 * newLikes both ways, so the page title's prefix counts it (SPEC.md section 2) and a count another part of the
 * app writes there (the chat's periodic refresh) shows in the badge too. Equal values do not notify, so the two
 * stores settle at once.
 */
export function useNewLikesBadge(loggedIn: boolean): number {
  const session = useSessionStore()
  const snap = useSnapshot(likesBadge)
  useEffect(() => {
    if (!loggedIn) return
    // The last count either side wrote: only a real change of the session's count flows back.
    let last = likesBadge.newLikes
    if (!likesBadge.loaded) void reloadLikes()
    else session.newLikes = last
    const toSession = subscribe(likesBadge, () => {
      last = likesBadge.newLikes
      session.newLikes = last
    })
    const fromSession = subscribe(session, () => {
      if (session.newLikes === last) return
      last = session.newLikes
      if (likesBadge.loaded) likesBadge.newLikes = last
    })
    return () => {
      toSession()
      fromSession()
    }
  }, [loggedIn, session])
  return loggedIn ? snap.newLikes : 0
}
