// Loading the new-likes badge (src/shared/likes-store.ts) from GET /api/likes.php through the typed client: the
// likes page and the like popup reload it, and a realtime 'like' or 'match' event refreshes it (the socket client
// calls handleLikeEvent).
import { useEffect } from 'react'
import { callEndpoint } from '../../shared/endpoint-call'
import { countNewLikes, likesBadge } from '../../shared/likes-store'
import { useNewLikes } from '../../shared/use-likes-badge'

let inFlight: Promise<void> | undefined

/** Loads new_likes from /api/likes.php and sets the badge. Errors leave the badge as it was. */
export function reloadLikes(): Promise<void> {
  // The endpoint definitions (and zod) load with the first reload, not in every page's bundle (the navigation shows
  // the badge on every page).
  inFlight ??= import('./endpoints')
    .then(({ likesEndpoint }) => callEndpoint(likesEndpoint, { query: {} }))
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

/** For the navigation: the count, loaded once a member is logged in. */
export function useNewLikesBadge(loggedIn: boolean): number {
  useEffect(() => {
    if (loggedIn && !likesBadge.loaded) void reloadLikes()
  }, [loggedIn])
  return useNewLikes(loggedIn)
}
