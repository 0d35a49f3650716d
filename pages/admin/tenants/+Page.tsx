export { TenantsPage as default } from '../../../src/features/console/tenants-page'
