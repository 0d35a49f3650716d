// The photos feature's public entry for the server: other features import it only through this file, index.ts
// and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { decodeImage, MAX_UPLOAD_BYTES, removeImageFiles, removeMediaOrQueue, writeImageFiles } from './photos.server'
export { readUploadedImage } from './upload.server'
