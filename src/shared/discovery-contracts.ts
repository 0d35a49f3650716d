// zod contracts of the discovery API (search, member profiles, likes, blocks, match finder, swipe game).
// Shared by server and client; /api/openapi.json is generated from them.
import { z } from 'zod'

/**
 * An image of another member as the viewer may see it. For a viewer who is not premium `locked` is true and
 * both addresses point at the server-made blurred copy: the original file's address never leaves the server.
 */
export const memberImageSchema = z.object({
  id: z.number(),
  thumb_filename: z.string(),
  filename: z.string(),
  locked: z.boolean(),
  visibility: z.enum(['public', 'private']),
})
export type MemberImage = z.infer<typeof memberImageSchema>

/** A member in a list (search results, likes, match finder, swipe game). Never the date of birth, only the age. */
export const memberCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  gender: z.enum(['male', 'female']).nullable(),
  country: z.string(),
  region: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  main_image: memberImageSchema.nullable(),
  /** The viewer likes this member. */
  liked: z.boolean(),
})
export type MemberCard = z.infer<typeof memberCardSchema>

/** A member's profile page: the card plus the fields and notes the tenant shows, photos and relations. */
export const memberProfileSchema = memberCardSchema.extend({
  /** Only the tenant's visible_profile_fields (values are keys of PROFILE_VALUES, labels in locales). */
  fields: z.record(z.string(), z.string().nullable()),
  interests: z.array(z.string()),
  /** Only the tenant's visible_profile_notes. */
  notes: z.record(z.string(), z.string().nullable()),
  photos: z.array(memberImageSchema),
  /** Private photos the viewer may not see (free members): only their number. */
  hidden_private_photos: z.number(),
  /** The member likes the viewer (a mutual like is a match). */
  likes_you: z.boolean(),
  match: z.boolean(),
  /** The viewer has blocked this member. */
  blocked: z.boolean(),
})
export type MemberProfile = z.infer<typeof memberProfileSchema>

export const memberIdRequest = z.object({ id: z.coerce.number().int().positive() })
export const likeResponse = z.object({ liked: z.boolean(), match: z.boolean() })
export const blockResponse = z.object({ blocked: z.boolean() })

/** The search filters of SPEC.md section 3 (search state: gender, country, countryregion, min_age, max_age). */
export const MIN_SEARCH_AGE = 18
export const MAX_SEARCH_AGE = 99
export const searchFiltersSchema = z
  .object({
    gender: z.enum(['male', 'female']).optional(),
    country: z.string().regex(/^[A-Z]{2}$/).optional(),
    countryregion: z.string().max(10).optional(),
    min_age: z.coerce.number().int().min(MIN_SEARCH_AGE).max(MAX_SEARCH_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_SEARCH_AGE).max(MAX_SEARCH_AGE).optional(),
  })
  .refine((f) => f.min_age === undefined || f.max_age === undefined || f.min_age <= f.max_age, { path: ['max_age'], message: 'max_age < min_age' })
export type SearchFilters = z.infer<typeof searchFiltersSchema>
