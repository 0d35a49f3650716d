// The demo seed: fictional members per pool with complete profiles and avatars, demo accounts with credits, runs once.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Database } from '../../src/db/client.server'
import { openTestDatabase } from '../support/db'
import { accounts, creditLedger, notificationSettings, photos, profiles } from '../../src/db/schema'
import { demoAccountsOfTenant, seedDemo } from '../../src/db/seed.server'
import { verifyPassword } from '../../src/features/accounts/passwords.server'
import { loadTenants } from '../../src/server/tenants.server'
import type { Tenant } from '../../src/shared/tenant-schema'

jest.setTimeout(120_000)

const PER_POOL = 40
const REQUIRED_FIELDS = [
  'name', 'gender', 'sexuality', 'seeking', 'birthDate', 'country', 'region', 'city', 'latitude', 'longitude', 'hairColour',
  'eyeColour', 'bodyType', 'relationshipStatus', 'tattoos', 'about', 'lookingFor', 'mainPhotoId',
] as const

function isWebp(file: string): boolean {
  const head = Buffer.alloc(12)
  const fd = fs.openSync(file, 'r')
  try {
    fs.readSync(fd, head, 0, 12, 0)
  } finally {
    fs.closeSync(fd)
  }
  return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP'
}

describe('seedDemo', () => {
  let database: Database
  let tenants: Tenant[]
  let mediaDir: string
  let result: Awaited<ReturnType<typeof seedDemo>>

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    tenants = (await loadTenants()).all
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-media-'))
    result = await seedDemo(database.db, { tenants, mediaDir, membersPerPool: PER_POOL })
  })

  afterAll(async () => {
    await database?.close()
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
  })

  it('creates the fictional members of every pool and the demo accounts of every tenant', async () => {
    const pools = [...new Set(tenants.map((t) => t.pool))]
    expect(result.created).toBe(true)
    expect(result.fictionalMembers).toBe(PER_POOL * pools.length)
    expect(result.demoAccounts).toHaveLength(tenants.length * 2)

    const rows = await database.db.select({ pool: accounts.pool, fictional: accounts.fictional, tenantId: accounts.tenantId }).from(accounts)
    for (const pool of pools) {
      const poolTenants = tenants.filter((t) => t.pool === pool)
      const fictional = rows.filter((r) => r.pool === pool && r.fictional)
      expect(fictional).toHaveLength(PER_POOL)
      // Fictional members belong to the pool's first tenant.
      expect(new Set(fictional.map((r) => r.tenantId))).toEqual(new Set([poolTenants[0].id]))
      expect(rows.filter((r) => r.pool === pool && !r.fictional)).toHaveLength(poolTenants.length * 2)
    }

    const settings = await database.db.select({ accountId: notificationSettings.accountId }).from(notificationSettings)
    expect(settings).toHaveLength(rows.length)
  })

  it('fills every profile field of every fictional member', async () => {
    const rows = await database.db
      .select({ profile: profiles, account: accounts })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(eq(accounts.fictional, true))
    expect(rows).toHaveLength(PER_POOL * new Set(tenants.map((t) => t.pool)).size)
    for (const { profile, account } of rows) {
      expect(account.status).toBe('active')
      expect(account.passwordHash).toBeNull()
      expect(account.confirmedAt).not.toBeNull()
      expect(account.email).toMatch(new RegExp(`^fictief-${account.pool}-\\d+@demo\\.invalid$`))
      const missing = REQUIRED_FIELDS.filter((field) => profile[field] === null || profile[field] === undefined || profile[field] === '')
      expect({ account: account.email, missing }).toEqual({ account: account.email, missing: [] })
      expect(profile.interests.length).toBeGreaterThanOrEqual(2)
      expect(profile.interests.length).toBeLessThanOrEqual(6)
      expect(['male', 'female']).toContain(profile.seeking)
      expect(profile.region!.startsWith(`${profile.country}-`)).toBe(true)
      const age = (Date.now() - Date.parse(profile.birthDate)) / (365.25 * 86_400_000)
      expect(age).toBeGreaterThanOrEqual(18)
      expect(age).toBeLessThan(76)
      expect(profile.searchable).toBe(true)
    }
  })

  it('stores each avatar as three WebP files with a photo row per image', async () => {
    const rows = await database.db.select().from(photos)
    const mainIds = new Set((await database.db.select({ id: profiles.mainPhotoId }).from(profiles)).map((r) => r.id))
    expect(rows.filter((p) => mainIds.has(p.id)).every((p) => p.visibility === 'public')).toBe(true)
    expect(rows.some((p) => p.visibility === 'private')).toBe(true)
    for (const photo of rows) {
      expect(photo.status).toBe('active')
      expect(photo.width).toBe(512)
      expect(photo.height).toBe(512)
      const names = [photo.filename, photo.thumbFilename, photo.blurredFilename]
      expect(new Set(names).size).toBe(3)
      for (const name of names) {
        expect(name).toMatch(/^[0-9a-f]{32}\.webp$/)
        const file = path.join(mediaDir, name)
        expect(fs.existsSync(file)).toBe(true)
        expect(isWebp(file)).toBe(true)
      }
    }
  })

  it('puts only men seeking men in the gay pool, and women 40+ in the main pool', async () => {
    const gay = await database.db.select({ gender: profiles.gender, seeking: profiles.seeking, sexuality: profiles.sexuality }).from(profiles).where(eq(profiles.pool, 'gay'))
    expect(gay.length).toBeGreaterThan(0)
    for (const p of gay) {
      expect(p.gender).toBe('male')
      expect(p.seeking).toBe('male')
      expect(['gay', 'bi']).toContain(p.sexuality)
    }
    const main = await database.db.select({ gender: profiles.gender, birthDate: profiles.birthDate }).from(profiles).where(eq(profiles.pool, 'main'))
    expect(main.some((p) => p.gender === 'male')).toBe(true)
    const cutoff = new Date()
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 40)
    const matureWomen = main.filter((p) => p.gender === 'female' && p.birthDate <= cutoff.toISOString().slice(0, 10))
    expect(matureWomen.length).toBeGreaterThanOrEqual(10)
  })

  it('creates the demo accounts with argon2id hashes and credits matching their ledger', async () => {
    for (const tenant of tenants) {
      // Every tenant's, also one written by npm run tenant:new (EuroFlirt), which has no persona of its own.
      const expected = demoAccountsOfTenant(tenant)
      expect(expected).toHaveLength(2)
      for (const demo of expected) {
        const [account] = await database.db.select().from(accounts).where(eq(accounts.email, demo.email))
        expect(account).toBeDefined()
        expect(account.tenantId).toBe(tenant.id)
        expect(account.pool).toBe(tenant.pool)
        expect(account.status).toBe('active')
        expect(account.fictional).toBe(false)
        expect(account.language).toBe(tenant.default_locale)
        expect(account.passwordHash).toMatch(/^\$argon2id\$/)
        expect(await verifyPassword(account.passwordHash, demo.password)).toBe(true)
        expect(account.paidUser).toBe(demo.kind === 'premium')
        expect(account.credits).toBe(demo.kind === 'premium' ? 250 : tenant.credits.signup_credits)

        const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.accountId, account.id))
        expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(account.credits)
        for (const row of ledger) {
          expect(row.balanceAfter).toBe(account.credits)
          expect(row.reason).toBe(demo.kind === 'premium' ? 'purchase' : 'signup')
        }

        const [profile] = await database.db.select().from(profiles).where(eq(profiles.accountId, account.id))
        expect(profile.name).toBe(demo.name)
        expect(profile.mainPhotoId).not.toBeNull()
        if (tenant.pool === 'gay') {
          expect(profile.gender).toBe('male')
          expect(profile.seeking).toBe('male')
        }
      }
    }
  })

  it('does nothing the second time', async () => {
    const before = (await database.db.select({ id: accounts.id }).from(accounts)).length
    const again = await seedDemo(database.db, { tenants, mediaDir, membersPerPool: PER_POOL })
    expect(again.created).toBe(false)
    expect((await database.db.select({ id: accounts.id }).from(accounts)).length).toBe(before)
  })

  it('gives a tenant added to the demo install its demo accounts, and its new pool fictional members', async () => {
    const base = tenants.find((t) => t.id === 'datingstad')!
    const sharing = { ...base, id: 'singlesoost', domains: ['singlesoost.nl'], pool: base.pool }
    const ownPool = { ...base, id: 'bbwliefde', domains: ['bbwliefde.nl'], pool: 'curvy', niche: 4 as const }
    const added = await seedDemo(database.db, { tenants: [...tenants, sharing, ownPool], mediaDir, membersPerPool: 5 })
    expect(added.created).toBe(true)
    expect(added.fictionalMembers).toBe(5)
    expect(added.demoAccounts.map((a) => a.email).sort()).toEqual(['free@bbwliefde.demo', 'free@singlesoost.demo', 'premium@bbwliefde.demo', 'premium@singlesoost.demo'])
    const after = await database.db.select({ pool: accounts.pool, fictional: accounts.fictional }).from(accounts)
    // The shared pool keeps its fictional members; the new pool has its own.
    expect(after.filter((r) => r.pool === base.pool && r.fictional)).toHaveLength(PER_POOL)
    expect(after.filter((r) => r.pool === 'curvy' && r.fictional)).toHaveLength(5)
    const [demo] = await database.db.select().from(accounts).where(eq(accounts.email, 'free@bbwliefde.demo'))
    expect(demo).toMatchObject({ pool: 'curvy', tenantId: 'bbwliefde' })
    expect(await verifyPassword(demo.passwordHash, 'demo-free-123')).toBe(true)
  })
})

describe('seedDemo on a database that is not a demo install', () => {
  it('never adds demo data to a database with other accounts', async () => {
    const database = await openTestDatabase('pglite')
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-media-'))
    try {
      await database.db.insert(accounts).values({ pool: 'main', tenantId: 'datingstad', email: 'echt@example.nl', passwordHash: 'x', status: 'active', language: 'nl' })
      const result = await seedDemo(database.db, { tenants: (await loadTenants()).all, mediaDir, membersPerPool: 5 })
      expect(result).toEqual({ created: false, fictionalMembers: 0, demoAccounts: [] })
      expect(await database.db.select({ email: accounts.email }).from(accounts)).toEqual([{ email: 'echt@example.nl' }])
    } finally {
      await database.close()
      fs.rmSync(mediaDir, { recursive: true, force: true })
    }
  })
})
