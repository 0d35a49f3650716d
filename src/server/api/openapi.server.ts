// /api/openapi.json: the API's description, generated from the zod contracts in src/shared/contracts.ts.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import * as c from '../../shared/contracts'
import * as chat from '../../shared/chat-contracts'
import * as disc from '../../shared/discovery-contracts'

type Op = { method: 'get' | 'post' | 'put' | 'delete'; path: string; summary: string; body?: z.ZodType; response?: z.ZodType; member?: boolean }

const OPS: Op[] = [
  { method: 'get', path: '/api/settings.php', summary: 'Site settings of the tenant (SPEC.md section 3)' },
  { method: 'get', path: '/api/interests.php', summary: 'Interests of the tenant' },
  { method: 'get', path: '/api/regions.php', summary: 'Regions of every country the tenant serves' },
  { method: 'get', path: '/api/companyinfo.php', summary: 'Company info of the tenant' },
  { method: 'post', path: '/api/user.php', summary: 'Log in', body: c.loginRequest, response: c.userResponse },
  { method: 'get', path: '/api/user.php', summary: 'The current user', response: c.userResponse, member: true },
  { method: 'put', path: '/api/user.php', summary: 'Change the language', body: c.updateUserRequest, response: c.userResponse, member: true },
  { method: 'get', path: '/api/logout.php', summary: 'Log out' },
  { method: 'post', path: '/api/signup.php', summary: 'Sign up', body: c.signupRequest, response: c.userResponse },
  { method: 'get', path: '/api/activate.php', summary: 'Activation link of the mail (redirects)' },
  { method: 'post', path: '/api/activate-resend.php', summary: 'Send the activation mail again', member: true },
  { method: 'post', path: '/api/reset-password.php', summary: 'Mail a password reset link', body: c.resetPasswordRequest },
  { method: 'post', path: '/api/reset-password-do.php', summary: 'Set a new password with the link', body: c.resetPasswordDoRequest },
  { method: 'post', path: '/api/password.php', summary: 'Change the password', body: c.changePasswordRequest, member: true },
  { method: 'post', path: '/api/mail-change.php', summary: 'Mail a confirmation link to a new address', body: c.changeEmailRequest, member: true },
  { method: 'post', path: '/api/mail-change-do.php', summary: 'Confirm the new address', body: c.tokenRequest },
  { method: 'post', path: '/api/delete-account.php', summary: 'Delete the account (14 days to reactivate)', body: c.deleteAccountRequest, member: true },
  { method: 'post', path: '/api/delete-discount.php', summary: 'Stay with a discount on the next credit bundle instead of deleting (once per member)', response: c.stayDiscountResponse, member: true },
  { method: 'get', path: '/api/profile.php', summary: 'The own profile', response: z.object({ profile: c.ownProfileSchema }), member: true },
  { method: 'put', path: '/api/profile.php', summary: 'Change own profile fields', body: c.updateProfileRequest, response: z.object({ profile: c.ownProfileSchema }), member: true },
  { method: 'get', path: '/api/reactivate.php', summary: 'Reactivation link of the mail (redirects)' },
  { method: 'post', path: '/api/invisible.php', summary: 'Invisible mode on or off', body: c.invisibleRequest, member: true },
  { method: 'get', path: '/api/notifications.php', summary: 'Notification settings', response: z.object({ notifications: c.notificationSettingsSchema }), member: true },
  { method: 'put', path: '/api/notifications.php', summary: 'Change notification settings', body: c.updateNotificationsRequest, response: z.object({ notifications: c.notificationSettingsSchema }), member: true },
  { method: 'post', path: '/api/notifications-enable.php', summary: 'Turn e-mail on again', member: true },
  { method: 'post', path: '/api/unsubscribe.php', summary: 'One-click unsubscribe (RFC 8058), ?token=' },
  { method: 'post', path: '/api/mail-events.php', summary: 'Bounce and complaint webhook (X-Mail-Events-Secret)', body: c.mailEventRequest },
  { method: 'post', path: '/api/complaints.php', summary: 'File a complaint', body: c.complaintRequest, response: c.complaintResponse },
  // Chat
  { method: 'get', path: '/api/chats.php', summary: 'The conversations with unread counts', response: chat.chatsResponse, member: true },
  { method: 'get', path: '/api/chat.php', summary: 'One conversation (?id, or ?member_id) with ?before / ?after paging', response: chat.conversationResponse, member: true },
  { method: 'delete', path: '/api/chat.php', summary: 'Remove a conversation (?id) or every one with a member (?profile_id)', member: true },
  { method: 'post', path: '/api/message.php', summary: 'Send a text, gift or GIF (?conversation_id or ?member_id); retried client ids are stored once', body: chat.sendMessageRequest, response: chat.sendMessageResponse, member: true },
  { method: 'post', path: '/api/message-image.php', summary: 'Send a photo (multipart; ?conversation_id or ?member_id, ?client_id)', response: chat.sendMessageResponse, member: true },
  { method: 'post', path: '/api/chat-read.php', summary: 'Mark a conversation read', body: chat.readRequest, member: true },
  { method: 'get', path: '/api/gifts.php', summary: 'The gift catalogue with credit prices', response: chat.giftsResponse },
  { method: 'get', path: '/api/gifs.php', summary: 'GIFs (?q searches)', response: chat.gifsResponse },
  { method: 'get', path: '/api/ws', summary: 'WebSocket of live events (messages, typing, read state, unread totals)', member: true },
  // Discovery (docs/decisions/012-discovery-api.md)
  { method: 'get', path: '/api/search.php', summary: 'Search members (query: gender, country, countryregion, min_age, max_age, cursor; network/ref when logged out); 403 signup_required when logged-out search is off', response: disc.searchResponse },
  { method: 'get', path: '/api/member.php', summary: 'A member profile (?id); the public view (blurred) when logged out; clears the new-like flag', response: disc.memberResponse },
  { method: 'get', path: '/api/member-landing.php', summary: 'A member and a few others for the member landings (?id), public view when logged out', response: disc.memberLandingResponse },
  { method: 'post', path: '/api/like.php', summary: 'Like a member; answers liked and match', body: disc.memberIdRequest, response: disc.likeResponse, member: true },
  { method: 'delete', path: '/api/like.php', summary: 'Unlike a member (?id)', response: disc.likeResponse, member: true },
  { method: 'get', path: '/api/likes.php', summary: 'Likes (?type received|given|matches, ?cursor) with liked_by and new_likes', response: disc.likesResponse, member: true },
  { method: 'get', path: '/api/auto-like.php', summary: 'A fictional member likes the member (at most once per 3 hours); profile null otherwise', response: disc.autoLikeResponse, member: true },
  { method: 'get', path: '/api/block.php', summary: 'The members the member blocked', response: disc.blockedListResponse, member: true },
  { method: 'post', path: '/api/block.php', summary: 'Block a member', body: disc.memberIdRequest, response: disc.blockResponse, member: true },
  { method: 'delete', path: '/api/block.php', summary: 'Unblock a member (?id)', response: disc.blockResponse, member: true },
  { method: 'get', path: '/api/match-finder.php', summary: 'The next profile from the search filters not liked or skipped, and the one after', response: disc.matchFinderResponse, member: true },
  { method: 'post', path: '/api/match-finder.php', summary: 'Skip a member in the match finder', body: disc.skipRequest, response: disc.skipResponse, member: true },
  { method: 'get', path: '/api/swipe-game.php', summary: 'Swipe-game cards (search filters as query), likes left today and the reset time', response: disc.swipeGameResponse, member: true },
  { method: 'post', path: '/api/swipe.php', summary: 'Swipe like or skip; 429 swipe_limit after 4 likes a day (reset at midnight Europe/Amsterdam)', body: disc.swipeRequest, response: disc.swipeResponse, member: true },
]

export function openApiDocument() {
  const error = z.toJSONSchema(c.apiErrorResponse)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPS) {
    paths[op.path] ??= {}
    paths[op.path][op.method] = {
      summary: op.summary,
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input' }) } } } } : {}),
      responses: {
        '200': { description: 'OK', ...(op.response ? { content: { 'application/json': { schema: z.toJSONSchema(op.response) } } } : {}) },
        '4XX': { description: 'Error with a stable code and a localized message', content: { 'application/json': { schema: error } } },
        ...(op.member ? { '403': { description: 'authentication_required', content: { 'application/json': { schema: error } } } } : {}),
      },
    }
  }
  return { openapi: '3.1.0', info: { title: 'Dating network API', version: '1' }, paths }
}

export async function openApiRoutes(app: FastifyInstance) {
  const doc = openApiDocument()
  app.get('/api/openapi.json', async () => doc)
}
