export { DirectDebitPage as default } from '../../src/features/payments/direct-debit-page'
