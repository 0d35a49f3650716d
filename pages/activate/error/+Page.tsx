export { ActivateErrorPage as default } from '../../../src/features/accounts/activate-pages'
