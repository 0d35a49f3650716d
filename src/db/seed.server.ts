// Demo data: fictional members per pool with locally generated avatars, and two demo accounts per tenant.
// Deterministic (seeded PRNG, seeded avatars); only dates are relative to "now" and file names are random.
// The pieces live in src/db/seed/: the people (members, personas, texts, places, looks) and their avatars.
import { sql } from 'drizzle-orm'
import { hashPassword } from '../features/accounts/passwords.server'
import { localMediaStorage, type MediaStorage } from '../server/media-storage.server'
import type { Db, Tx } from './client.server'
import { accounts, creditLedger, notificationSettings, photos, profiles } from './schema'
import { INTEREST_KEYS, type Tenant } from '../shared/tenant-schema'
import { type Interest, PREMIUM_CREDITS, BATCH, IMAGE_CONCURRENCY } from './seed/common'
import { Rng } from './seed/random'
import { GEO } from './seed/geography'
import { type AvatarLook, type StoredImage, renderAvatar, mapLimit } from './seed/avatars.server'
import { type MemberSpec, describePerson, memberSpecs } from './seed/members'
import { type DemoAccount, personasFor, demoEmail, fictionalEmail, demoAccountsFor } from './seed/personas'

export { DEMO_ACCOUNTS, demoAccountsOfTenant, type DemoAccount } from './seed/personas'

export interface SeedOptions {
  tenants: Tenant[]
  mediaDir: string
  /** Where the avatars go (the media storage of the services); default: the local directory mediaDir. */
  media?: MediaStorage
  /** Fictional members per pool; default 320. */
  membersPerPool?: number
  log?: (line: string) => void
}

// ---------------------------------------------------------------------------------------------------------------
// Inserting

async function inBatches<T>(rows: T[], fn: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await fn(rows.slice(i, i + BATCH))
}

async function insertAccountsReturningIds(tx: Tx, rows: (typeof accounts.$inferInsert)[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  await inBatches(rows, async (chunk) => {
    const inserted = await tx.insert(accounts).values(chunk).returning({ id: accounts.id, email: accounts.email })
    for (const r of inserted) ids.set(r.email.toLowerCase(), r.id)
  })
  return ids
}

async function insertPhotosReturningMain(tx: Tx, rows: (typeof photos.$inferInsert)[]): Promise<Map<number, number>> {
  const main = new Map<number, number>()
  await inBatches(rows, async (chunk) => {
    const inserted = await tx
      .insert(photos)
      .values(chunk)
      .returning({ id: photos.id, accountId: photos.accountId, visibility: photos.visibility })
    for (const r of inserted) if (r.visibility === 'public' && !main.has(r.accountId)) main.set(r.accountId, r.id)
  })
  return main
}

function photoRow(pool: string, accountId: number, image: StoredImage, visibility: 'public' | 'private', createdAt: Date): typeof photos.$inferInsert {
  return { pool, accountId, ...image, visibility, status: 'active', createdAt, reviewedAt: createdAt }
}

function profileRow(pool: string, accountId: number, p: ReturnType<typeof describePerson>, mainPhotoId: number | undefined, lastActiveAt: Date): typeof profiles.$inferInsert {
  return {
    accountId,
    pool,
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    seeking: p.seeking,
    birthDate: p.birthDate,
    country: p.place.country,
    region: p.place.region,
    city: p.place.city,
    latitude: p.place.latitude,
    longitude: p.place.longitude,
    hairColour: p.hairColour,
    eyeColour: p.eyeColour,
    bodyType: p.bodyType,
    relationshipStatus: p.relationshipStatus,
    tattoos: p.tattoos,
    interests: p.interests,
    about: p.about,
    lookingFor: p.lookingFor,
    mainPhotoId: mainPhotoId ?? null,
    searchable: true,
    lastActiveAt,
  }
}

/** Countries of a pool's tenants we have geography for, in tenant order. */
function poolCountries(poolTenants: Tenant[]): string[] {
  const countries = [...new Set(poolTenants.flatMap((t) => Object.keys(t.countries)))].filter((c) => GEO[c])
  return countries.length > 0 ? countries : ['NL']
}

function poolInterests(poolTenants: Tenant[]): Interest[] {
  const offered = new Set(poolTenants.flatMap((t) => t.interests))
  const list = INTEREST_KEYS.filter((k) => offered.has(k))
  return list.length >= 6 ? list : [...INTEREST_KEYS]
}

async function seedPool(db: Db, pool: string, poolTenants: Tenant[], count: number, media: MediaStorage, now: Date, log: (line: string) => void): Promise<number> {
  const tenant = poolTenants[0]
  const specs = memberSpecs(pool, count, poolCountries(poolTenants), poolInterests(poolTenants), now)

  const started = Date.now()
  let done = 0
  const images = await mapLimit(specs, IMAGE_CONCURRENCY, async (m) => {
    const look: AvatarLook = { seed: m.avatarSeed, gender: m.gender, age: m.age, hairColour: m.hairColour, eyeColour: m.eyeColour }
    const main = await renderAvatar(media, look, 0)
    const extra = m.privatePhoto ? await renderAvatar(media, look, 1) : undefined
    done++
    if (done % 100 === 0 || done === specs.length) log(`[seed] pool ${pool}: avatars ${done}/${specs.length} (${((Date.now() - started) / 1000).toFixed(1)}s)`)
    return { main, extra }
  })

  await db.transaction(async (tx) => {
    const ids = await insertAccountsReturningIds(
      tx,
      specs.map((m) => ({
        pool,
        tenantId: tenant.id,
        email: m.email,
        passwordHash: null,
        status: 'active',
        language: tenant.default_locale,
        fictional: true,
        createdAt: m.createdAt,
        confirmedAt: m.createdAt,
      })),
    )
    const idOf = (m: MemberSpec) => {
      const id = ids.get(m.email.toLowerCase())
      if (id === undefined) throw new Error(`seed: no id returned for ${m.email}`)
      return id
    }
    const photoRows = specs.flatMap((m, i) => {
      const rows = [photoRow(pool, idOf(m), images[i].main, 'public', m.createdAt)]
      if (images[i].extra) rows.push(photoRow(pool, idOf(m), images[i].extra!, 'private', m.createdAt))
      return rows
    })
    const mainPhotos = await insertPhotosReturningMain(tx, photoRows)
    await inBatches(
      specs.map((m) => profileRow(pool, idOf(m), m, mainPhotos.get(idOf(m)), m.lastActiveAt)),
      (chunk) => tx.insert(profiles).values(chunk),
    )
    await inBatches(
      specs.map((m) => ({ accountId: idOf(m), pool })),
      (chunk) => tx.insert(notificationSettings).values(chunk),
    )
  })
  log(`[seed] pool ${pool}: ${specs.length} fictional members (${((Date.now() - started) / 1000).toFixed(1)}s)`)
  return specs.length
}

async function seedDemoAccounts(db: Db, tenant: Tenant, media: MediaStorage, now: Date): Promise<DemoAccount[]> {
  const personas = personasFor(tenant)
  const demo = demoAccountsFor(tenant.id, personas)
  const country = Object.keys(tenant.countries).find((c) => GEO[c]) ?? 'NL'
  const interestPool = poolInterests([tenant])
  const prepared = await Promise.all(
    demo.map(async (account) => {
      const persona = account.kind === 'free' ? personas.free : personas.premium
      const rng = new Rng(`demo:${tenant.id}:${account.kind}`)
      const profile = describePerson({ rng, now, ...persona, country, interestPool })
      const image = await renderAvatar(media, { seed: `${persona.name}-${tenant.id}-${account.kind}`, gender: persona.gender, age: persona.age, hairColour: profile.hairColour, eyeColour: profile.eyeColour }, 0)
      const passwordHash = await hashPassword(account.password)
      const credits = account.kind === 'free' ? tenant.credits.signup_credits : PREMIUM_CREDITS
      return { account, profile, image, passwordHash, credits }
    }),
  )
  await db.transaction(async (tx) => {
    for (const p of prepared) {
      const premium = p.account.kind === 'premium'
      const [row] = await tx
        .insert(accounts)
        .values({
          pool: tenant.pool,
          tenantId: tenant.id,
          email: p.account.email,
          passwordHash: p.passwordHash,
          status: 'active',
          language: tenant.default_locale,
          paidUser: premium,
          fictional: false,
          credits: p.credits,
          createdAt: now,
          confirmedAt: now,
        })
        .returning({ id: accounts.id })
      const [photo] = await tx.insert(photos).values(photoRow(tenant.pool, row.id, p.image, 'public', now)).returning({ id: photos.id })
      await tx.insert(profiles).values(profileRow(tenant.pool, row.id, p.profile, photo.id, now))
      if (p.credits > 0) {
        await tx.insert(creditLedger).values({
          pool: tenant.pool,
          accountId: row.id,
          delta: p.credits,
          balanceAfter: p.credits,
          reason: premium ? 'purchase' : 'signup',
          reference: premium ? 'demo' : null,
          createdAt: now,
        })
      }
      await tx.insert(notificationSettings).values({ accountId: row.id, pool: tenant.pool })
    }
  })
  return demo
}

/** Whether an account with this e-mail exists in the pool (the unique index on pool and lower(email) answers it). */
async function accountExists(db: Db, pool: string, email: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(accounts).where(sql`${accounts.pool} = ${pool} and lower(${accounts.email}) = ${email.toLowerCase()}`).limit(1)
  return rows.length > 0
}

/**
 * Loads the demo data into an empty database. A database this seed filled once (a demo install) is topped up on
 * later starts: a pool without fictional members gets them, a tenant without demo accounts gets its pair, so a
 * tenant file added to a demo install is a site to look around at once. A database with other data and no demo
 * data (a real deployment left at SEED_DEMO=true) is never touched.
 */
export async function seedDemo(
  db: Db,
  opts: SeedOptions,
): Promise<{ created: boolean; fictionalMembers: number; demoAccounts: DemoAccount[] }> {
  const log = opts.log ?? (() => {})
  const pools = new Map<string, Tenant[]>()
  for (const t of opts.tenants) pools.set(t.pool, [...(pools.get(t.pool) ?? []), t])

  // What a demo install already has: a pool's first fictional member, a tenant's free demo account (none when empty).
  const empty = (await db.select({ one: sql<number>`1` }).from(accounts).limit(1)).length === 0
  const has = async (pool: string, email: string) => !empty && (await accountExists(db, pool, email))
  const poolSeeded = new Map(await Promise.all([...pools.keys()].map(async (pool) => [pool, await has(pool, fictionalEmail(pool, 1))] as const)))
  const tenantSeeded = new Map(await Promise.all(opts.tenants.map(async (t) => [t.id, await has(t.pool, demoEmail(t.id, 'free'))] as const)))
  const demoInstall = [...poolSeeded.values(), ...tenantSeeded.values()].some(Boolean)
  if (!empty && !demoInstall) return { created: false, fictionalMembers: 0, demoAccounts: [] }

  const count = opts.membersPerPool ?? 320
  const now = new Date()
  const media = opts.media ?? localMediaStorage(opts.mediaDir)

  let fictionalMembers = 0
  for (const [pool, poolTenants] of pools) {
    if (poolSeeded.get(pool)) continue
    fictionalMembers += await seedPool(db, pool, poolTenants, count, media, now, log)
  }
  const demoAccounts: DemoAccount[] = []
  for (const tenant of opts.tenants) {
    if (tenantSeeded.get(tenant.id)) continue
    demoAccounts.push(...(await seedDemoAccounts(db, tenant, media, now)))
  }
  if (demoAccounts.length > 0) log(`[seed] ${demoAccounts.length} demo accounts: ${demoAccounts.map((a) => a.email).join(', ')}`)
  return { created: fictionalMembers > 0 || demoAccounts.length > 0, fictionalMembers, demoAccounts }
}
