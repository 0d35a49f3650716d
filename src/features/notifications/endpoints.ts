// The notification settings, one-click unsubscribe (RFC 8058) and the mail provider's webhook, one definition per
// endpoint (docs/decisions/016-endpoint-contracts.md). Handlers: routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { mailEventRequest, notificationSettingsSchema, updateNotificationsRequest } from '../../shared/contracts'

const notificationsResponse = z.object({ notifications: notificationSettingsSchema })

export const notificationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/notifications.php',
  summary: 'Notification settings',
  session: 'member',
  response: notificationsResponse,
  errors: [],
})

export const updateNotificationsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/notifications.php',
  summary: 'Change notification settings',
  session: 'member',
  body: updateNotificationsRequest,
  response: notificationsResponse,
  errors: [],
})

export const enableEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/notifications-enable.php',
  summary: 'Turn e-mail on again (after a bounce, a spam report or an unsubscribe)',
  session: 'member',
  response: notificationsResponse,
  errors: [],
})

/** The token of the List-Unsubscribe address (checked by the handler: a wrong one is token_invalid). */
/** The token of the mail's link; a repeated parameter is refused with its own message (as on activate). */
export const unsubscribeQuery = z.object({ token: z.string({ error: 'validation.single_value' }).max(1000).optional() })

export const oneClickUnsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/unsubscribe.php',
  summary: 'One-click unsubscribe (RFC 8058): the mail provider posts List-Unsubscribe=One-Click (form-urlencoded or multipart) to the List-Unsubscribe address',
  session: 'none',
  query: unsubscribeQuery,
  response: z.object({ ok: z.literal(true) }),
  errors: ['token_invalid'],
})

export const mailEventEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/mail-events.php',
  summary: 'Bounce and complaint webhook of the mail provider (header X-Mail-Events-Secret; 404 without it)',
  session: 'none',
  body: mailEventRequest,
  response: z.object({ ok: z.literal(true), accounts: z.number() }),
  errors: [],
})

/** GDPR: the members who opted in to the newsletter, with when and where, as CSV for the operators of the staff member's pool. */
export const newsletterExportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/newsletter.csv',
  summary: 'Newsletter subscribers of the staff member\'s pool as CSV (text/csv): id, email, site, language, consent_at, consent_source',
  session: 'staff',
  staffAction: 'newsletter.export',
  response: z.string(),
  errors: [],
})
