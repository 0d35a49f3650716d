export { SettingsPage as default } from '../../src/features/accounts/settings-page'
