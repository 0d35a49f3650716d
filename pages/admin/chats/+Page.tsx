export { OperatorPage as default } from '../../../src/features/console/operator-page'
