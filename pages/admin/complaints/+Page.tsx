export { ComplaintsPage as default } from '../../../src/features/console/complaints-page'
