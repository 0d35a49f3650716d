// The console feature's public entry: other features import it only through this file,
// index.server.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { ConsoleFrame } from './console-frame'
