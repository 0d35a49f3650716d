// The discovery feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { defaultFilters, filterConditions } from './filters.server'
export { memberCardColumns, presentMemberCard } from './present-member.server'
export { cardRows, listableMember, presentCardRow, regionName, viewerContext } from './search.server'
export { findVisibleMember, type Viewer } from './visibility.server'
