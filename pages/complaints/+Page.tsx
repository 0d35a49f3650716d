export { ComplaintsPage as default } from '../../src/features/complaints/complaints-page'
