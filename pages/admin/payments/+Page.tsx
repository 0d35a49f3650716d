export { PaymentsPage as default } from '../../../src/features/console/payments-page'
