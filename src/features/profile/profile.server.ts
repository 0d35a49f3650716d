// The member's own profile fields (SPEC.md section 3): read and change, checked against the tenant.
import { eq } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db } from '../../db/client.server'
import { profiles } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { OwnProfile } from '../../shared/contracts'
import { regionsOf } from '../settings/index.server'

export async function readOwnProfile(db: Db, accountId: number): Promise<OwnProfile | undefined> {
  const [p] = await db.select().from(profiles).where(eq(profiles.accountId, accountId))
  if (!p) return undefined
  return {
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    hair_colour: p.hairColour,
    eye_colour: p.eyeColour,
    body_type: p.bodyType,
    relationship_status: p.relationshipStatus,
    tattoos: p.tattoos,
    interests: p.interests,
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    looking_for: p.lookingFor,
  }
}

export type ProfileOutcome = { ok: true; profile: OwnProfile } | { ok: false; fields: Record<string, string> }

/** Applies the given fields; country, region and interests must be ones the tenant offers. */
export async function updateOwnProfile(db: Db, opts: { tenant: Tenant; accountId: number; patch: Partial<OwnProfile>; t: TFunction }): Promise<ProfileOutcome> {
  const { tenant, patch, t } = opts
  const current = await readOwnProfile(db, opts.accountId)
  if (!current) return { ok: false, fields: { _: t('errors.not_found') } }
  const next = { ...current, ...patch }
  const fields: Record<string, string> = {}
  if (!tenant.countries[next.country]) fields.country = t('profile_edit.country_invalid')
  else if (next.region && !regionsOf(next.country).some((r) => r.code === next.region)) fields.region = t('profile_edit.region_invalid')
  if (patch.interests && patch.interests.some((i) => !(tenant.interests as readonly string[]).includes(i))) fields.interests = t('profile_edit.interests_invalid')
  if (Object.keys(fields).length > 0) return { ok: false, fields }
  await db
    .update(profiles)
    .set({
      name: next.name,
      gender: next.gender,
      sexuality: next.sexuality,
      hairColour: next.hair_colour,
      eyeColour: next.eye_colour,
      bodyType: next.body_type,
      relationshipStatus: next.relationship_status,
      tattoos: next.tattoos,
      interests: [...new Set(next.interests)],
      country: next.country,
      region: next.region,
      city: next.city,
      about: next.about,
      lookingFor: next.looking_for,
      // Whom the member is looking for follows gender and sexuality.
      seeking: seekingOf(next.gender, next.sexuality),
    })
    .where(eq(profiles.accountId, opts.accountId))
  return { ok: true, profile: next }
}

export function seekingOf(gender: string | null, sexuality: string | null): string {
  if (!gender || !sexuality || sexuality === 'bi') return 'any'
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male'
  return gender
}
