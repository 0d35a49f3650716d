// GET /api/lander.php: what a lander shows, for its +data (in process) and for the marketers' tools.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { memberCardSchema } from '../../shared/discovery-contracts'
import { INTENTS, LANDER_DESIGNS } from './slug'

export const landerRequest = z.object({
  design: z.enum(LANDER_DESIGNS),
  /** Any text: what is not understood falls back to the tenant's default wording. */
  slug: z.string().max(200).optional(),
})

export const landerResponse = z.object({
  design: z.enum(LANDER_DESIGNS),
  /** The slug as read ('' when none). */
  slug: z.string(),
  niche: z.number().int().min(1).max(7),
  /** The slug prefix of the niche (none, she, bdsm, bbw, gilf, milf, gay). */
  prefix: z.string(),
  place: z.object({ key: z.string(), kind: z.enum(['city', 'region']), name: z.string(), country: z.string(), region: z.string() }).nullable(),
  intent: z.enum(INTENTS),
  gender: z.enum(['female', 'male']).nullable(),
  /** Members of the tenant's pool fitting the niche, those of the place first (as the viewer may see them). */
  members: z.array(memberCardSchema),
  /** How many of members (at the front) are of the place itself; the rest are from its region or the tenant's countries. */
  local_count: z.number().int().min(0),
  /** Per region of the tenant's countries: members fitting the niche, and where its marker goes (map lander). */
  regions: z.array(z.object({ code: z.string(), name: z.string(), country: z.string(), count: z.number().int(), x: z.number(), y: z.number() })),
  /** The tenant's robots switch: false answers with noindex. */
  indexable: z.boolean(),
})
export type LanderResponse = z.infer<typeof landerResponse>

export const landerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/lander.php',
  summary: 'A lander: its niche, place and wording choice from the slug, and members of the pool that fit',
  session: 'optional',
  query: landerRequest,
  response: landerResponse,
  errors: [],
})
