export { TransactionPage as default } from '../../src/features/payments/transaction-pages'
