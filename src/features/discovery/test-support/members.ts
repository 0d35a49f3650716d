// Factories for the discovery API tests: members with a chosen profile, photos and a session.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/client.server'
import { accounts, photos, profiles } from '../../../db/schema'
import { createSession } from '../../accounts/index.server'

export interface MemberOpts {
  pool?: string
  tenantId?: string
  name?: string
  gender?: 'male' | 'female'
  sexuality?: string
  birthDate?: string
  country?: string
  region?: string | null
  status?: string
  invisible?: boolean
  fictional?: boolean
  paidUser?: boolean
  lastActiveAt?: Date
  /** When the account signed up; by default 30 days ago (a member of some standing, listed to visitors too). */
  createdAt?: Date
  /** Photos to add (active unless said otherwise); the first public one becomes the main photo. */
  photos?: Array<{ visibility: 'public' | 'private'; status?: string }>
}

let seq = 0

/** A member with a profile, photos and a session cookie (no login round trip: the login rate limit stays out of it). */
export async function makeMember(db: Db, opts: MemberOpts = {}) {
  const n = ++seq
  const pool = opts.pool ?? 'main'
  const [account] = await db
    .insert(accounts)
    .values({
      pool,
      tenantId: opts.tenantId ?? (pool === 'gay' ? 'mannenmatch' : 'datingstad'),
      email: `disc${n}-${crypto.randomBytes(3).toString('hex')}@example.com`,
      status: opts.status ?? 'active',
      invisible: opts.invisible ?? false,
      fictional: opts.fictional ?? false,
      paidUser: opts.paidUser ?? false,
      createdAt: opts.createdAt ?? new Date(Date.now() - 30 * 86400_000),
    })
    .returning()
  await db.insert(profiles).values({
    accountId: account.id,
    pool,
    name: opts.name ?? `Lid ${n}`,
    gender: opts.gender ?? 'female',
    sexuality: opts.sexuality ?? 'hetero',
    birthDate: opts.birthDate ?? '1990-04-01',
    country: opts.country ?? 'NL',
    region: opts.region === undefined ? 'NL-NH' : opts.region,
    city: 'Amsterdam',
    about: `Over lid ${n}`,
    lookingFor: `Zoekt iets leuks ${n}`,
    hairColour: 'blond',
    lastActiveAt: opts.lastActiveAt ?? new Date(),
  })
  const files: { original: string[]; blurred: string[] } = { original: [], blurred: [] }
  let mainId: number | undefined
  for (const p of opts.photos ?? []) {
    const tag = crypto.randomBytes(6).toString('hex')
    const [row] = await db
      .insert(photos)
      .values({
        pool,
        accountId: account.id,
        filename: `orig${tag}.webp`,
        thumbFilename: `thumb${tag}.webp`,
        blurredFilename: `blur${tag}.webp`,
        visibility: p.visibility,
        status: p.status ?? 'active',
      })
      .returning()
    files.original.push(row.filename, row.thumbFilename)
    files.blurred.push(row.blurredFilename)
    if (mainId === undefined && p.visibility === 'public') mainId = row.id
  }
  if (mainId !== undefined) {
    const { eq } = await import('drizzle-orm')
    await db.update(profiles).set({ mainPhotoId: mainId }).where(eq(profiles.accountId, account.id))
  }
  const cookie = `sid=${await createSession(db, account, account.tenantId)}`
  return { id: account.id, account, cookie, files }
}

export type TestMember = Awaited<ReturnType<typeof makeMember>>

/** Request helpers bound to an app and a host. */
export function client(app: FastifyInstance, host: string) {
  return {
    get: (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } }),
    post: (url: string, payload: unknown, cookie?: string) => app.inject({ method: 'POST', url, headers: { host, ...(cookie ? { cookie } : {}) }, payload: payload as object }),
    del: (url: string, cookie?: string) => app.inject({ method: 'DELETE', url, headers: { host, ...(cookie ? { cookie } : {}) } }),
  }
}
