export { TransactionsPage as default } from '../../src/features/payments/transaction-pages'
