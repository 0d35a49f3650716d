// The accounts feature's public entry: other features import it only through this file,
// index.server.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { SignupForm } from './signup-form'
export { useOpenSignup } from './signup-modal'
