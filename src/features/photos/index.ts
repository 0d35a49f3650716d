// The photos feature's public entry for other features' pages (lint: features import each other only through
// index.ts, index.server.ts or endpoints.ts; docs/decisions/036-feature-boundaries.md).
export { MainImagePicker, PhotosManager } from './own-photos'
