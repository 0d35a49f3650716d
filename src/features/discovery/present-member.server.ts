// Presenters for other members: exactly which fields leave the server. The date of birth never does (only
// the age); for a viewer who is not premium every image address is the blurred copy's and private photos are
// left out (only their number is told).
import type { MemberCard, MemberImage, MemberProfile } from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import { accounts, photos, profiles } from '../../db/schema'
import type { Viewer } from './visibility.server'
import { ageOn } from '../../shared/dates'

type AccountRow = Pick<typeof accounts.$inferSelect, 'id' | 'fictional'>
type ProfileRow = typeof profiles.$inferSelect
/** What a card shows of a profile (lists select these columns only: bench/members, decision 042). */
export type CardProfileRow = Pick<ProfileRow, 'name' | 'birthDate' | 'gender' | 'country' | 'region' | 'city'>
type PhotoRow = Pick<typeof photos.$inferSelect, 'id' | 'filename' | 'thumbFilename' | 'blurredFilename' | 'visibility' | 'status'>

/**
 * The columns a member card shows (presentMemberCard), and no more: the search's lists and the conversation page
 * select these. Mapping every column of profiles and photos (texts, interests, coordinates, sizes) was a fifth of the
 * member search's database time (decision 042).
 */
export const memberCardColumns = {
  account: { id: accounts.id, fictional: accounts.fictional },
  profile: { name: profiles.name, birthDate: profiles.birthDate, gender: profiles.gender, country: profiles.country, region: profiles.region, city: profiles.city },
  photo: { id: photos.id, filename: photos.filename, thumbFilename: photos.thumbFilename, blurredFilename: photos.blurredFilename, visibility: photos.visibility, status: photos.status },
}

/** A photo as this viewer may see it, or undefined when they may not see it at all. */
export function presentMemberImage(photo: PhotoRow, viewer: Viewer, mediaBase: string): MemberImage | undefined {
  if (photo.status !== 'active') return undefined
  const visibility = photo.visibility === 'private' ? 'private' : 'public'
  if (visibility === 'private' && !viewer.paidUser) return undefined
  const locked = !viewer.paidUser
  const media = (name: string) => `${mediaBase}/media/${name}`
  return {
    id: photo.id,
    thumb_filename: media(locked ? photo.blurredFilename : photo.thumbFilename),
    filename: media(locked ? photo.blurredFilename : photo.filename),
    locked,
    visibility,
  }
}

export interface CardInput {
  account: AccountRow
  profile: CardProfileRow
  /** The member's main photo (or undefined). */
  mainPhoto?: PhotoRow | null
  liked?: boolean
  regionName?: string | null
}

export function presentMemberCard(input: CardInput, viewer: Viewer, mediaBase: string): MemberCard {
  const { account, profile } = input
  return {
    id: account.id,
    name: profile.name,
    // A stored date of birth is always a valid date (checked at signup).
    age: ageOn(profile.birthDate) ?? 0,
    gender: profile.gender === 'male' || profile.gender === 'female' ? profile.gender : null,
    country: profile.country,
    region: profile.region,
    region_name: input.regionName ?? null,
    city: profile.city,
    fictional: account.fictional,
    main_image: input.mainPhoto ? (presentMemberImage(input.mainPhoto, viewer, mediaBase) ?? null) : null,
    liked: input.liked ?? false,
  }
}

const FIELD_COLUMNS = {
  gender: 'gender',
  sexuality: 'sexuality',
  hair_colour: 'hairColour',
  eye_colour: 'eyeColour',
  body_type: 'bodyType',
  relationship_status: 'relationshipStatus',
  tattoos: 'tattoos',
  country: 'country',
  region: 'region',
  city: 'city',
} as const satisfies Record<string, keyof ProfileRow>

export interface ProfileInput extends CardInput {
  profile: ProfileRow
  photos: PhotoRow[]
  likesYou: boolean
  blocked: boolean
}

/** The profile page of another member, limited to the tenant's visible_profile_fields and visible_profile_notes. */
export function presentMemberProfile(input: ProfileInput, viewer: Viewer, tenant: Tenant, mediaBase: string): MemberProfile {
  const card = presentMemberCard(input, viewer, mediaBase)
  const visible = new Set<string>(tenant.visible_profile_fields)
  const fields: Record<string, string | null> = {}
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    if (visible.has(field)) fields[field] = (input.profile[column] as string | null) ?? null
  }
  // The member's own texts show only once a moderator approved them: waiting for review or rejected, others see
  // neither (decision 037 addendum).
  const approved = input.profile.textStatus === 'approved'
  const notes: Record<string, string | null> = {}
  for (const note of tenant.visible_profile_notes) notes[note] = !approved ? null : note === 'about' ? input.profile.about : input.profile.lookingFor
  const shown: MemberImage[] = []
  let hidden = 0
  for (const photo of input.photos) {
    if (photo.status !== 'active') continue
    const image = presentMemberImage(photo, viewer, mediaBase)
    if (image) shown.push(image)
    else if (photo.visibility === 'private') hidden += 1
  }
  return {
    ...card,
    fields,
    interests: visible.has('interests') ? input.profile.interests : [],
    notes,
    photos: shown,
    hidden_private_photos: hidden,
    likes_you: input.likesYou,
    match: card.liked && input.likesYou,
    blocked: input.blocked,
  }
}
