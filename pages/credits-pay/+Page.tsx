export { PayPage as default } from '../../src/features/payments/pay-page'
