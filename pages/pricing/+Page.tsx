export { PricingPage as default } from '../../src/features/payments/bundles-page'
