// The trust suite's shared world: two members in each of the pools "main" (datingstad) and "gay" (mannenmatch),
// with names, e-mail addresses and photo file names that mark their pool, likes and a conversation inside each
// pool; and the GET routes of the running app (read from the app, so a new endpoint is covered automatically).
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.server'
import { accounts, conversationMembers, conversations, likes, messages, photos, profiles } from '../../src/db/schema'
import { createMember, sessionCookie } from '../support/app'

export const HOSTS = { main: 'datingstad.nl', gay: 'mannenmatch.nl' } as const
export type Pool = keyof typeof HOSTS

export interface WorldMember {
  id: number
  pool: Pool
  name: string
  email: string
  cookie: string
  files: { filename: string; thumbFilename: string; blurredFilename: string }
}

/** The GET routes under /api of the app (the live socket excepted). */
export function apiGetRoutes(app: FastifyInstance): string[] {
  return [...app.printRoutes({ commonPrefix: false }).matchAll(/── (\/api\/\S+) \(([^)]+)\)/g)].filter((m) => m[2].split(', ').includes('GET') && m[1] !== '/api/ws').map((m) => m[1])
}

let n = 0
/** Makes the world; members are active, visible, with an approved main photo (rows only: no files needed). */
export async function makeWorld(app: FastifyInstance, db: Db, opts: { premium?: boolean } = {}) {
  const members: WorldMember[] = []
  const tag = crypto.randomBytes(3).toString('hex')
  for (const pool of ['main', 'gay'] as const) {
    for (const i of [1, 2]) {
      const name = `${pool === 'main' ? 'Mainpool' : 'Gaypool'}${i}x${tag}`
      const email = `${pool}-pool-${i}-${tag}-${++n}@example.nl`
      const { account, password } = await createMember(db, { pool, tenantId: pool === 'main' ? 'datingstad' : 'mannenmatch', email, name })
      await db.update(profiles).set({ gender: 'male', sexuality: pool === 'gay' ? 'gay' : 'hetero', seeking: 'any' }).where(eq(profiles.accountId, account.id))
      if (opts.premium) await db.update(accounts).set({ paidUser: true, credits: 100 }).where(eq(accounts.id, account.id))
      const files = { filename: `orig${tag}${pool}${i}.webp`, thumbFilename: `thumb${tag}${pool}${i}.webp`, blurredFilename: `blur${tag}${pool}${i}.webp` }
      const [photo] = await db.insert(photos).values({ pool, accountId: account.id, ...files, status: 'active', visibility: 'public', width: 10, height: 10 }).returning()
      await db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.accountId, account.id))
      const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOSTS[pool] }, payload: { email, password } })
      members.push({ id: account.id, pool, name, email, cookie: sessionCookie(res.headers['set-cookie']), files })
    }
  }
  // Inside each pool: 2 likes 1 (received by 1), 1 likes 2, and a conversation.
  for (const pool of ['main', 'gay'] as const) {
    const [a, b] = members.filter((m) => m.pool === pool)
    await db.insert(likes).values([
      { pool, likerId: b.id, likedId: a.id },
      { pool, likerId: a.id, likedId: b.id },
    ])
    const [lo, hi] = a.id < b.id ? [a, b] : [b, a]
    const [conv] = await db.insert(conversations).values({ pool, memberA: lo.id, memberB: hi.id, startedBy: a.id }).returning()
    await db.insert(conversationMembers).values([
      { pool, conversationId: conv.id, accountId: a.id },
      { pool, conversationId: conv.id, accountId: b.id },
    ])
    await db.insert(messages).values({ pool, conversationId: conv.id, senderId: b.id, clientId: `world-${conv.id}`, kind: 'text', body: `Hallo from ${b.name}` })
  }
  return members
}

/** Strings that must never reach a member of the other pool. */
export const markersOf = (m: WorldMember) => [m.name, m.email, m.files.filename, m.files.thumbFilename, m.files.blurredFilename]
