// The member's own profile and the browser position's place, one definition per endpoint
// (docs/decisions/016-endpoint-contracts.md). Handlers: routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { geocodeRequest, ownProfileSchema, updateProfileRequest } from '../../shared/contracts'

/** A member without a profile row yet has no `profile`. */
const ownProfileResponse = z.object({ profile: ownProfileSchema.optional() })

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
