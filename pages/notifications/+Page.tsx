export { NotificationsPage as default } from '../../src/features/notifications/notifications-page'
