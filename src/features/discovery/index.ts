// The discovery feature's public entry: other features import it only through this file, index.server.ts,
// index.member.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { handleLikeEvent, reloadLikes, reloadLikesSoon, useNewLikesBadge } from './likes-badge'
export { dragTransform, useSwipe, type SwipeDirection } from './swipe-gesture'
export { FormSkeleton } from './profile-skeleton'
