// The tracking feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { recordConversion, recordFirstPurchase } from './conversions.server'
export { decodeFirstTouch, FIRST_TOUCH_COOKIE, signupTracking, type AccountTracking } from './first-touch.server'
