export { AdminPhotosPage as default } from '../../../src/features/photos/admin-photos-page'
