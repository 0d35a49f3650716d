// The notifications feature's public entry for the server: other features import it only through this file,
// index.ts and endpoints.ts (linted; docs/decisions/036-feature-boundaries.md).
export { MESSAGE_MAIL_DELAY_S, MESSAGE_MAIL_JOB, queueActivationReminders, queueLikeMails } from './notify-mail.server'
export { isPublicAddress, pushEndpointAllowed } from './push-host.server'
export { pushWanted, type PushNotification, type PushSender } from './push.server'
