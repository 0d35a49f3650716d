export { LanderGalleryPage as default } from '../../../src/features/landers/gallery-page'
