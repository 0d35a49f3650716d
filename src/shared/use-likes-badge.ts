import { useEffect } from 'react'
import { subscribe, useSnapshot } from 'valtio'
import { useSessionStore } from './session/session-context'
import { likesBadge, reloadLikes } from './likes-store'

/**
 * The new-likes count for the navigation: loaded once a member is logged in, and mirrored into the session so
 * the page title's prefix counts it too (SPEC.md section 2).
 */
export function useNewLikesBadge(loggedIn: boolean): number {
  const session = useSessionStore()
  const snap = useSnapshot(likesBadge)
  useEffect(() => {
    if (!loggedIn) return
    if (!likesBadge.loaded) void reloadLikes()
    session.newLikes = likesBadge.newLikes
    return subscribe(likesBadge, () => {
      session.newLikes = likesBadge.newLikes
    })
  }, [loggedIn, session])
  return loggedIn ? snap.newLikes : 0
}
