export { ProfilePage as default } from '../../src/features/profile/profile-page'
