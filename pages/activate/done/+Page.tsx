export { ActivateDonePage as default } from '../../../src/features/accounts/activate-pages'
