// The new-likes badge (SPEC.md sections 2 and 4): a small Valtio store anyone may update. The navigation shows
// its count, the likes page and the like popup reload it, and a realtime 'like' or 'match' event refreshes it
// (call handleLikeEvent from the socket client).
import { proxy } from 'valtio'
import { http } from './http'

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

/** The number of new likes in a /api/likes.php answer. */
export function countNewLikes(likedBy: readonly LikedBy[]): number {
  return likedBy.reduce((n, l) => (l.like_new ? n + 1 : n), 0)
}

let inFlight: Promise<void> | undefined

/** Loads liked_by from /api/likes.php and sets the badge. Errors leave the badge as it was. */
export function reloadLikes(): Promise<void> {
  inFlight ??= http<{ liked_by: LikedBy[]; new_likes?: number }>('/api/likes.php')
    .then((r) => {
      likesBadge.newLikes = r.new_likes ?? countNewLikes(r.liked_by ?? [])
      likesBadge.loaded = true
      likesBadge.version += 1
    })
    // A failed reload keeps the last count; a logout (SilentAbort) is handled by the HTTP client.
    .catch(() => undefined)
    .finally(() => {
      inFlight = undefined
    })
  return inFlight
}

/** SPEC.md section 9: likes reload 500 ms after an automatic like. */
const LIKE_RELOAD_DELAY_MS = 500

export function reloadLikesSoon(delayMs = LIKE_RELOAD_DELAY_MS): void {
  setTimeout(() => void reloadLikes(), delayMs)
}

/** Live events (/api/ws) that change the count: a new like or match, an unlike, a like seen in another tab. */
const LIKE_EVENTS = new Set(['like', 'match', 'unlike', 'likes_seen'])

/** For the socket client: a 'like' or 'match' event (and 'unlike', 'likes_seen') refreshes the badge. */
export function handleLikeEvent(event: { type: string }): void {
  if (LIKE_EVENTS.has(event.type)) void reloadLikes()
}
