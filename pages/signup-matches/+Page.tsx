export { SignupMatchesPage as default } from '../../src/features/accounts/signup-page'
