export { SignupPage as default } from '../../src/features/accounts/signup-page'
