export { LoginPage as default } from '../../src/features/accounts/login-page'
