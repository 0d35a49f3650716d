export { RepeatOrderPage as default } from '../../src/features/payments/repeat-order-page'
