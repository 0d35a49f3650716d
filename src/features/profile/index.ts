// The profile feature's public entry: other features import it only through this file,
// index.server.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { Chip, Choices, useRegions } from './profile-fields'
export { InterestsSection, LocationSection, OwnProfileSections } from './profile-sections'
