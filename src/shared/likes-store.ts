// The new-likes badge (SPEC.md sections 2 and 4): a small Valtio store anyone may read. The navigation shows its
// count and the page title its prefix; what loads it (GET /api/likes.php through the typed client) and the live
// events that refresh it belong to the discovery feature: src/features/discovery/likes-badge.ts.
import { proxy } from 'valtio'

/** An entry of a /api/likes.php answer's liked_by. */
export interface LikedBy {
  id: number
  like_new: boolean
}

export interface LikesBadgeState {
  /** Members who like the viewer and whose like the viewer has not seen yet. */
  newLikes: number
  /** Bumped on every reload, so lists that show likes can refetch. */
  version: number
  loaded: boolean
}

/** One store per browser tab; on the server nothing writes to it (renders see the initial zero). */
export const likesBadge = proxy<LikesBadgeState>({ newLikes: 0, version: 0, loaded: false })

/** Forgets the count (logout, another member logging in): the next reload fetches it again. */
export function resetLikes(): void {
  Object.assign(likesBadge, { newLikes: 0, loaded: false, version: likesBadge.version + 1 })
}

/** The number of new likes in a /api/likes.php answer's liked_by. */
export function countNewLikes(likedBy: readonly LikedBy[]): number {
  return likedBy.reduce((n, l) => (l.like_new ? n + 1 : n), 0)
}
