// The accounts feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { verifyPassword } from './passwords.server'
export { lookUpSession, createSession, forgetCachedSession, hashToken, sessionSearchProfile, type Account, type SessionLookup } from './sessions.server'
export { issueToken } from './tokens.server'
export { createStaff } from './staff.server'
