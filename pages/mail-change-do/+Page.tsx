export { MailChangeDoPage as default } from '../../src/features/accounts/settings-page'
