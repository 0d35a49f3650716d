export { AccountDeletedPage as default } from '../../src/features/accounts/delete-account-flow'
