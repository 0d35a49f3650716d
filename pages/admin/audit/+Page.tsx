export { AuditPage as default } from '../../../src/features/console/audit-page'
