// The profile feature's public entry for other features' pages (lint: features import each other only through
// index.ts, index.server.ts or endpoints.ts; docs/decisions/036-feature-boundaries.md).
export { Chip, Choices, useRegions } from './profile-fields'
export { InterestsSection, LocationSection, OwnProfileSections } from './profile-sections'
