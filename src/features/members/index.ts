// The members feature's public entry: other features import it only through this file,
// index.server.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { dragTransform, useSwipe, type SwipeDirection } from './swipe-gesture'
export { FormSkeleton } from './profile-skeleton'
