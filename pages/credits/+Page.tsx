export { CreditsPage as default } from '../../src/features/payments/bundles-page'
