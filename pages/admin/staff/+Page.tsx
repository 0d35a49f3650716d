export { StaffPage as default } from '../../../src/features/console/staff-page'
