export { ResetPasswordPage as default } from '../../src/features/accounts/reset-password-pages'
