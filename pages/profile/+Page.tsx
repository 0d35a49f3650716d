export { ProfilePage as default } from '../../src/features/photos/profile-page'
