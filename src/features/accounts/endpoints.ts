// The account endpoints, one definition per endpoint (docs/decisions/016-endpoint-contracts.md): login, the current
// user and its language, logout, push subscription (SPEC.md section 7), signup, activation and password reset
// (issue 3), and the account part of the settings screen. Handlers: user-routes.server.ts,
// routes.server.ts and settings-routes.server.ts in this folder. The redirects of mail links (/api/activate.php,
// /api/reactivate.php) and the export download are plain routes with a query schema, not definitions.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { LOCALES } from '../../shared/locales'
import { discountCodeSchema, trackingSchema, userResponse, userSchema } from '../../shared/contracts'

export const DELETE_REASONS = ['found_partner', 'no_matches', 'too_expensive', 'too_many_mails', 'privacy', 'other'] as const

export const loginRequest = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  /** Set by the login page's "reactivate" button after the answer account_deleted. */
  reactivate: z.boolean().optional(),
})

/** POST /api/user.php?push=1: a browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionRequest = z.object({
  subscription: z.object({
    endpoint: z.string().url().max(1000).refine((u) => u.startsWith('https://'), 'validation.url_invalid'),
    keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
  }),
})

/** POST /api/signup.php. Field rules and their messages are checked by the server (SPEC.md section 5). */
export const signupRequest = z.object({
  email: z.string().max(254),
  name: z.string().max(60),
  password: z.string().max(200),
  date_of_birth: z.string().max(10),
  signup_message: z.string().max(1000).optional(),
  tracking: trackingSchema.optional(),
})
export type SignupRequest = z.infer<typeof signupRequest>

/** ?token= of a mail's link: one value (a repeated parameter arrives as a list and is refused), may be absent. */
export const tokenQuery = z.object({ token: z.string({ error: 'validation.single_value' }).max(200).optional() })

const ok = z.object({ ok: z.literal(true) })
/** The settings forms' answer: the address the confirmation went to (mail change) or was confirmed. */
const settingsOk = z.object({ ok: z.literal(true), email: z.string().optional() })

// --- the user (SPEC.md section 7) ---------------------------------------------------------------------------

export const currentUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user.php',
  summary: 'The logged-in member',
  session: 'member',
  response: userResponse,
  errors: [],
})

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user.php',
  summary: 'Log in (answers the user and sets the session cookie). With ?push=1 the same address registers a push subscription instead: see pushSubscriptionEndpoint',
  session: 'none',
  body: loginRequest,
  response: userResponse,
  errors: ['login_failed', 'login_blocked', 'account_deleted'],
})

/** The same method and path as login, chosen by ?push=1 (SPEC.md section 7): registered with a route constraint. */
export const pushSubscriptionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user.php',
  summary: 'With ?push=1: register this browser\'s push subscription for the member',
  session: 'member',
  query: z.object({ push: z.literal('1') }),
  body: pushSubscriptionRequest,
  response: z.object({ user: userSchema, push: z.literal(true) }),
  errors: [],
})

export const updateUserEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/user.php',
  summary: 'Change the member\'s language (one of the tenant\'s languages)',
  session: 'member',
  body: z.object({ language: z.enum(LOCALES) }),
  response: userResponse,
  errors: [],
})

export const logoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/logout.php',
  summary: 'Log out (ends the session and clears its cookie)',
  session: 'none',
  response: ok,
  errors: [],
})

// --- signup, activation, password reset (issue 3) -----------------------------------------------------------

export const signupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/signup.php',
  summary: 'Sign up (answers 201 with the user and sets the session cookie); invalid_input may carry an e-mail suggestion',
  session: 'none',
  body: signupRequest,
  response: userResponse,
  errors: ['signups_closed', 'account_exists', 'account_deleted'],
})

export const activateResendEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/activate-resend.php',
  summary: 'A new activation mail for the member whose address is not confirmed (3 a day)',
  session: 'member',
  response: z.object({ ok: z.literal(true), already_confirmed: z.literal(true).optional() }),
  errors: [],
})

export const resetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/reset-password.php',
  summary: 'Mail a password reset link',
  session: 'none',
  body: z.object({ email: z.string().max(254) }),
  response: ok,
  errors: ['email_not_found', 'too_many_resets'],
})

export const resetPasswordDoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/reset-password-do.php',
  summary: 'Set a new password with the reset link\'s token',
  session: 'none',
  body: z.object({ token: z.string().max(200), password: z.string().max(200), password_repeat: z.string().max(200) }),
  response: ok,
  errors: ['token_invalid'],
})

// --- the account part of the settings screen ----------------------------------------------------------------

export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/password.php',
  summary: 'Change the password (ends the member\'s other sessions)',
  session: 'member',
  body: z.object({ old_password: z.string().max(200), password: z.string().max(200), password_repeat: z.string().max(200) }),
  response: settingsOk,
  errors: [],
})

export const changeEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/mail-change.php',
  summary: 'Change the e-mail address: mails a confirmation link to the new one',
  session: 'member',
  body: z.object({ email: z.string().max(254) }),
  response: settingsOk,
  errors: [],
})

export const confirmEmailChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/mail-change-do.php',
  summary: 'Confirm the new e-mail address with the link\'s token',
  session: 'none',
  body: z.object({ token: z.string().max(200) }),
  response: settingsOk,
  errors: ['token_invalid', 'email_taken'],
})

export const deleteAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/delete-account.php',
  summary: 'Delete the account (with the password and a reason; can be undone from the mail for a while)',
  session: 'member',
  body: z.object({ password: z.string().max(200), reason: z.enum(DELETE_REASONS), reason_text: z.string().trim().max(1000).optional() }),
  response: ok,
  errors: [],
})

export const stayDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/delete-discount.php',
  summary: 'Stay with a discount on the next credit bundle instead of deleting (one per member)',
  session: 'member',
  response: z.object({ discount: discountCodeSchema }),
  errors: [],
})

export const invisibleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/invisible.php',
  summary: 'Invisible mode on or off',
  session: 'member',
  body: z.object({ invisible: z.boolean() }),
  response: z.object({ user: userSchema, invisible: z.boolean() }),
  errors: [],
})
