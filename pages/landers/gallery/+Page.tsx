export { GalleryLander as default } from '../../../src/features/landers/designs/gallery'
