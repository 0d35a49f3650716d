// The console feature's public entry for the server: other features import it only through this file,
// index.ts and the endpoint files (linted; docs/decisions/036-feature-boundaries.md). The audit log is written by
// every staff action, the photo review of the photos feature included.
export { auditorOf, writeAudit } from './audit.server'
