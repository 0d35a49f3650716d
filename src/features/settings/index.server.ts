// The settings feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { regionsOf } from './regions.server'
export { buildSettings, countryName, pick, selectedCountry, tenantLocales } from './settings.server'
