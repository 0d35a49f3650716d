import { useStoreSnapshot } from './store'
import { likesBadge } from './likes-store'

/**
 * The new-likes count a logged-in member sees, 0 for a visitor: one store (src/shared/likes-store.ts) for the
 * navigation badge, the page title's prefix (SPEC.md section 2) and the app badge. The navigation loads it with
 * useNewLikesBadge (src/features/discovery/likes-badge.ts).
 */
export function useNewLikes(loggedIn: boolean): number {
  const snap = useStoreSnapshot(likesBadge)
  return loggedIn ? snap.newLikes : 0
}
