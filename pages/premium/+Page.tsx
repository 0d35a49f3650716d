export { PremiumPage as default } from '../../src/features/payments/bundles-page'
