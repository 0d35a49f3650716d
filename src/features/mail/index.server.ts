// The mail feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { queueMail } from './send-mail.server'
export { tenantUrl } from './templates.server'
