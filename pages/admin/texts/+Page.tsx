export { AdminTextsPage as default } from '../../../src/features/profile/admin-texts-page'
