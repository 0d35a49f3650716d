import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { likesBadge, reloadLikes } from './likes-store'

/**
 * The new-likes count a logged-in member sees, 0 for a visitor: one store (src/shared/likes-store.ts) for the
 * navigation badge, the page title's prefix (SPEC.md section 2) and the app badge.
 */
export function useNewLikes(loggedIn: boolean): number {
  const snap = useSnapshot(likesBadge)
  return loggedIn ? snap.newLikes : 0
}

/** For the navigation: the count, loaded once a member is logged in. */
export function useNewLikesBadge(loggedIn: boolean): number {
  useEffect(() => {
    if (loggedIn && !likesBadge.loaded) void reloadLikes()
  }, [loggedIn])
  return useNewLikes(loggedIn)
}
