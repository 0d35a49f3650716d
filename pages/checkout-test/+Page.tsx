export { TestCheckoutPage as default } from '../../src/features/payments/test-checkout-page'
