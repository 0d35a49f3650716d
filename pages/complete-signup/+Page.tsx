export { CompleteSignupPage as default } from '../../src/features/profile/complete-signup-page'
