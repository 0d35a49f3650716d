// The member's own profile and the browser position's place, one definition per endpoint
// (docs/decisions/016-endpoint-contracts.md). Handlers: routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { geocodeRequest, ownProfileSchema, updateProfileRequest } from '../../shared/contracts'

/**
 * A member without a profile row yet has no `profile`. `text_status` is the review of the texts (about,
 * looking_for): approved, pending (others see neither until a moderator approves) or rejected (hidden until rewritten).
 */
export const ownProfileWithReviewSchema = ownProfileSchema.extend({ text_status: z.enum(['approved', 'pending', 'rejected']) })
const ownProfileResponse = z.object({ profile: ownProfileWithReviewSchema.optional() })

export const ownProfileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/profile.php',
  summary: 'The own profile',
  session: 'member',
  response: ownProfileResponse,
  errors: [],
})

export const updateOwnProfileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/profile.php',
  summary: 'Change own profile fields (every field optional); the name differs from the e-mail address and does not start with @',
  session: 'member',
  body: updateProfileRequest,
  response: ownProfileResponse,
  errors: [],
})

export const geocodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/geocode.php',
  summary: 'The place of a position (reverse-geocoded offline) and whether the tenant serves its country',
  session: 'none',
  query: geocodeRequest,
  response: z.object({ country: z.string(), region: z.string().nullable(), city: z.string(), served: z.boolean() }),
  errors: ['not_found'],
})

export const pendingTextSchema = z.object({
  account_id: z.number(),
  name: z.string(),
  email: z.string(),
  about: z.string().nullable(),
  looking_for: z.string().nullable(),
  /** ISO time (milliseconds) of the version under review; the review names it, so a rewrite since is never approved unseen. */
  submitted_at: z.string(),
})

export const pendingTextsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/profile-texts.php',
  summary: 'Members\' profile texts waiting for review in the staff member\'s pool, oldest first',
  session: 'staff',
  staffAction: 'texts.review',
  response: z.object({ texts: z.array(pendingTextSchema) }),
  errors: [],
})

export const reviewTextsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/profile-texts.php',
  summary: 'Approve or reject a member\'s profile texts (the version of submitted_at); the owner sees the result live',
  session: 'staff',
  staffAction: 'texts.review',
  body: z.object({ account_id: z.number().int().positive(), action: z.enum(['approve', 'reject']), submitted_at: z.string().datetime() }),
  response: z.object({ text_status: z.enum(['approved', 'rejected']) }),
  errors: ['not_found', 'changed'],
})
