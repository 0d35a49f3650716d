// The landers feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export type { SignupMatchesData } from './page-data.server'
export { designsFor, gallerySlugs, landerHref } from './gallery'
export { landerOrigin } from './gallery.server'
