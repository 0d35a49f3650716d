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

/** A filter the member can leave open: absent means "the default", `any` (or an empty value) means "no filter". */
const anyable = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? 'any' : v), z.union([z.literal('any'), schema]).optional())

/**
 * GET /api/search.php (also the filters of the match finder and the swipe game). The tenant's search_fields decide
 * which of these are honoured; the others keep the niche's defaults. min_age above max_age is a 400 on max_age.
 */
export const searchRequest = z
  .object({
    gender: anyable(z.enum(['male', 'female'])),
    country: anyable(z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase())),
    countryregion: anyable(z.string().regex(/^[A-Za-z0-9-]{1,10}$/)),
    min_age: z.coerce.number().int().min(MIN_SEARCH_AGE).max(MAX_SEARCH_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_SEARCH_AGE).max(MAX_SEARCH_AGE).optional(),
    /** The opaque next_cursor of the previous page. */
    cursor: z.string().max(200).optional(),
    /** The traffic source of the landing address (src/shared/tracking.ts), for logged_out_search_trafficsource. */
    network: z.string().max(100).optional(),
    ref: z.string().max(100).optional(),
  })
export type SearchRequest = z.infer<typeof searchRequest>

/** The filters a search ran with, after the niche's defaults and the tenant's search_fields. */
export const appliedFiltersSchema = z.object({
  gender: z.enum(['male', 'female']).optional(),
  country: z.string().optional(),
  countryregion: z.string().optional(),
  min_age: z.number(),
  max_age: z.number(),
})
export const SEARCH_PAGE_SIZE = 24
export const searchResponse = z.object({
  filters: appliedFiltersSchema,
  /** Which filters this tenant offers (gender, country, region, age). */
  search_fields: z.array(z.enum(['gender', 'country', 'region', 'age'])),
  profiles: z.array(memberCardSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** On a first page with few results: members matching relaxed filters (no region or country, ages widened). */
  similar: z.array(memberCardSchema),
})
export type SearchResponse = z.infer<typeof searchResponse>

/** The tenant's fictional-profile wording in the request's language (SPEC.md section 3), or null for a real member. */
export const fictionalLabelSchema = z.object({ singular: z.string(), plural: z.string(), warning: z.string() }).nullable()

/** GET /api/member.php?id= : logged in, or the public view for a logged-out visitor (blurred, public photos only). */
export const memberResponse = z.object({
  profile: memberProfileSchema,
  fictional_label: fictionalLabelSchema,
  /** True for a logged-out visitor: no like or block state, every image blurred. */
  public_view: z.boolean(),
})
export type MemberResponse = z.infer<typeof memberResponse>

/** GET /api/member-landing.php?id= : what the member landings show a logged-out visitor. */
export const memberLandingResponse = memberResponse.extend({
  /** A few more members of the pool to show beside the one (public view). */
  others: z.array(memberCardSchema),
})
export type MemberLandingResponse = z.infer<typeof memberLandingResponse>

export const LIKE_TYPES = ['received', 'given', 'matches'] as const
export type LikeType = (typeof LIKE_TYPES)[number]
export const likesRequest = z.object({
  /** Without a type: received likes (as for `received`). */
  type: z.enum(LIKE_TYPES).optional(),
  cursor: z.string().max(200).optional(),
})
/** A member in a likes list. */
export const likeProfileSchema = memberCardSchema.extend({
  likes_you: z.boolean(),
  match: z.boolean(),
  /** A received like the viewer has not seen yet (cleared by opening the profile). */
  like_new: z.boolean(),
  /** When the like of this list was given (received: theirs, given: the viewer's, matches: the later one). */
  liked_at: z.string(),
})
export type LikeProfile = z.infer<typeof likeProfileSchema>
export const likedByItemSchema = z.object({ id: z.number(), like_new: z.boolean() })
export const LIKES_PAGE_SIZE = 48
export const likesResponse = z.object({
  /** The list of the type, new likes first for received, page by page. */
  profiles: z.array(likeProfileSchema),
  next_cursor: z.string().nullable(),
  /** SPEC.md section 7: every member who likes the viewer (newest 1000), with the new flag. */
  liked_by: z.array(likedByItemSchema),
  /** Received likes not yet seen: the new-likes badge (the client shows 99+ from 100). */
  new_likes: z.number(),
})
export type LikesResponse = z.infer<typeof likesResponse>

/** GET /api/auto-like.php: the fictional member who just liked the viewer, or null (rate-limited, none left). */
export const autoLikeResponse = z.object({ profile: memberCardSchema.nullable() })
export type AutoLikeResponse = z.infer<typeof autoLikeResponse>

/** GET /api/block.php: the members the viewer blocked (to unblock them). */
export const blockedListResponse = z.object({ profiles: z.array(memberCardSchema) })

/** GET /api/match-finder.php (the search filters as query): the next profile and the one after, to preload. */
export const matchFinderResponse = z.object({
  filters: appliedFiltersSchema,
  profile: memberProfileSchema.nullable(),
  next: memberProfileSchema.nullable(),
})
export type MatchFinderResponse = z.infer<typeof matchFinderResponse>
/** POST /api/match-finder.php {id}: skip this member (a like goes through like.php). */
export const skipRequest = memberIdRequest
export const skipResponse = z.object({ skipped: z.boolean() })

/** SPEC.md section 9: 4 swipe-game likes per day, reset at the next midnight in Europe/Amsterdam. */
export const SWIPE_LIKES_PER_DAY = 4
export const SWIPE_TIME_ZONE = 'Europe/Amsterdam'
export const swipeGameResponse = z.object({
  cards: z.array(memberCardSchema),
  likes_left: z.number(),
  likes_per_day: z.number(),
  /** ISO time of the next reset. */
  resets_at: z.string(),
})
export type SwipeGameResponse = z.infer<typeof swipeGameResponse>
export const swipeRequest = z.object({ id: z.coerce.number().int().positive(), action: z.enum(['like', 'skip']) })
export const swipeResponse = z.object({ liked: z.boolean(), match: z.boolean(), likes_left: z.number(), resets_at: z.string() })
export type SwipeResponse = z.infer<typeof swipeResponse>

/** Live events on /api/ws from discovery (server to client), beside the chat's. */
export type DiscoveryLiveEvent =
  | { type: 'like'; member_id: number; match: boolean }
  | { type: 'match'; member_id: number }
  | { type: 'unlike'; member_id: number }
  | { type: 'likes_seen'; member_id: number }
