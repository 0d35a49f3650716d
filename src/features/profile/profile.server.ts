// The member's own profile fields (SPEC.md section 3): read and change, checked against the tenant.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db, Tx } from '../../db/client.server'
import { accounts, profiles } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { OwnProfile } from '../../shared/contracts'
import { regionsOf } from '../settings/index.server'

/** The review of the member's texts as the owner sees it (decision 037 addendum). */
export type TextStatus = 'approved' | 'pending' | 'rejected'
export type OwnProfileWithReview = OwnProfile & { text_status: TextStatus }

export async function readOwnProfile(db: Db, accountId: number): Promise<OwnProfileWithReview | undefined> {
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
    text_status: p.textStatus as TextStatus,
  }
}

export type ProfileOutcome = { ok: true; profile: OwnProfileWithReview } | { ok: false; fields: Record<string, string> }

/** Applies the given fields; country, region and interests must be ones the tenant offers. */
export async function updateOwnProfile(db: Db, opts: { tenant: Tenant; accountId: number; patch: Partial<OwnProfile>; t: TFunction }): Promise<ProfileOutcome> {
  const { tenant, patch, t } = opts
  const current = await readOwnProfile(db, opts.accountId)
  if (!current) return { ok: false, fields: { _: t('errors.not_found') } }
  const next = { ...current, ...patch }
  // Changed texts wait for a moderator (others see neither text until then); no text at all needs no review.
  const textsChanged = (next.about ?? null) !== (current.about ?? null) || (next.looking_for ?? null) !== (current.looking_for ?? null)
  const review = !textsChanged ? {} : next.about || next.looking_for ? { textStatus: 'pending' as const, textSubmittedAt: sql`now()` } : { textStatus: 'approved' as const, textSubmittedAt: null }
  if (textsChanged) next.text_status = next.about || next.looking_for ? 'pending' : 'approved'
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
      ...review,
    })
    .where(eq(profiles.accountId, opts.accountId))
  return { ok: true, profile: next }
}

export function seekingOf(gender: string | null, sexuality: string | null): string {
  if (!gender || !sexuality || sexuality === 'bi') return 'any'
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male'
  return gender
}

/** The members' texts waiting for review in a pool, oldest first (the partial index profiles_text_review_idx). */
export async function pendingTexts(db: Db, pool: string) {
  return db
    .select({ accountId: profiles.accountId, name: profiles.name, email: accounts.email, about: profiles.about, lookingFor: profiles.lookingFor, submittedAt: profiles.textSubmittedAt })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.pool, pool), eq(profiles.textStatus, 'pending')))
    .orderBy(asc(profiles.textSubmittedAt), asc(profiles.accountId))
    .limit(100)
}

export type TextReview =
  | { ok: true; status: 'approved' | 'rejected'; before: { about: string | null; looking_for: string | null } }
  | { ok: false; reason: 'not_found' | 'changed' }

/**
 * Approves or rejects the texts a moderator saw: only the version written at submittedAt (to the millisecond), so
 * texts rewritten in the meantime are never approved unseen ('changed'). A rejected text stays stored for its owner
 * to rewrite; others see it no more than a pending one. `inTx` runs in the same transaction (the audit row).
 */
export async function reviewTexts(
  db: Db,
  opts: { pool: string; accountId: number; action: 'approve' | 'reject'; submittedAt: Date },
  inTx: (tx: Tx, result: Extract<TextReview, { ok: true }>) => Promise<void>,
): Promise<TextReview> {
  return db.transaction(async (tx) => {
    const status = opts.action === 'approve' ? ('approved' as const) : ('rejected' as const)
    const [row] = await tx
      .update(profiles)
      .set({ textStatus: status, textSubmittedAt: null })
      .where(
        and(
          eq(profiles.accountId, opts.accountId),
          eq(profiles.pool, opts.pool),
          eq(profiles.textStatus, 'pending'),
          sql`date_trunc('milliseconds', ${profiles.textSubmittedAt}) = ${opts.submittedAt.toISOString()}::timestamptz`,
        ),
      )
      .returning({ about: profiles.about, lookingFor: profiles.lookingFor })
    if (!row) {
      const [exists] = await tx.select({ status: profiles.textStatus }).from(profiles).where(and(eq(profiles.accountId, opts.accountId), eq(profiles.pool, opts.pool)))
      return { ok: false as const, reason: exists ? ('changed' as const) : ('not_found' as const) }
    }
    const result = { ok: true as const, status, before: { about: row.about, looking_for: row.lookingFor } }
    await inTx(tx, result)
    return result
  })
}
