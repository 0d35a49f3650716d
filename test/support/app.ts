// Builds the Fastify app over a test database, and factories for test data.
import fs from 'node:fs'
import type https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/server/config.server'
import { loadTenants } from '../../src/server/tenants.server'
import { createServices } from '../../src/server/services.server'
import { buildApp } from '../../src/server/app.server'
import type { Database, Db } from '../../src/db/client.server'
import { accounts, profiles } from '../../src/db/schema'
import { hashPassword } from '../../src/features/accounts/passwords.server'
import { createStaffSession, staffCookieName } from '../../src/features/console/staff-auth.server'
import type { Services } from '../../src/server/context.server'
import { openTestDatabase, type DbKind } from './db'

/** Test-only service options: pushAgent reaches a local push service with a self-signed certificate. */
export interface TestServiceOptions {
  pushAgent?: https.Agent
  /** The tenant files to load instead of the project's tenants/ (tests of tenant:new and tenant reloads). */
  tenantsDir?: string
}

/** Services over a test database; the job worker only runs when a test calls services.jobs.runDue(). */
export async function makeServices(database: Database, env: Record<string, string> = {}, opts: TestServiceOptions = {}): Promise<Services> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '3000', DEV_MAILBOX: 'true', PUBLIC_URL: 'http://{id}.localhost:3000', ...env })
  return createServices({ config, database, tenants: await loadTenants(opts.tenantsDir), tenantsDir: opts.tenantsDir, jobIntervalMs: 0, pushAgent: opts.pushAgent })
}

export async function makeTestApp(database: Database, env: Record<string, string> = {}, opts: TestServiceOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ services: await makeServices(database, env, opts) })
  app.addHook('onClose', async () => {
    await app.services.jobs.stop()
    app.services.mailer.close()
  })
  await app.ready()
  return app
}

/** Host header of a tenant's first domain. */
export const hostOf = (tenantId: string) =>
  ({ datingstad: 'datingstad.nl', flirtbelgie: 'flirtbelgie.be', rijpedates: 'rijpedates.nl', mannenmatch: 'mannenmatch.nl' })[tenantId] ?? `${tenantId}.localhost`

let counter = 0
/** Creates a member with a profile; returns the account and its password. */
export async function createMember(db: Db, opts: { pool?: string; tenantId?: string; email?: string; password?: string; name?: string; status?: string } = {}) {
  const password = opts.password ?? 'correct horse battery'
  const [account] = await db
    .insert(accounts)
    .values({
      pool: opts.pool ?? 'main',
      tenantId: opts.tenantId ?? 'datingstad',
      email: opts.email ?? `member${++counter}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
      status: opts.status ?? 'active',
    })
    .returning()
  await db.insert(profiles).values({
    accountId: account.id,
    pool: account.pool,
    name: opts.name ?? `Member ${counter}`,
    gender: 'female',
    sexuality: 'hetero',
    birthDate: '1990-04-01',
    country: 'NL',
    region: 'NL-NH',
    city: 'Amsterdam',
  })
  return { account, password }
}

/** The session cookie of a Set-Cookie answer, for the next request. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const sid = list.find((c) => c.startsWith('sid='))
  if (!sid) throw new Error('no session cookie')
  return sid.split(';')[0]
}

/** A new member, logged in through POST /api/user.php on the given host; returns the account and its cookie. */
export async function loggedInMember(app: FastifyInstance, db: Db, email: string, host = 'datingstad.nl', opts: { pool?: string; tenantId?: string } = {}) {
  const { account, password } = await createMember(db, { email, ...opts })
  const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host }, payload: { email, password } })
  return { account, cookie: sessionCookie(res.headers['set-cookie']) }
}

/** A new staff account of the role with a console session; returns the account and the Cookie header value. */
export async function staffCookie(db: Db, app: FastifyInstance, role: string, opts: { email?: string; pool?: string; tenantId?: string } = {}) {
  const tenantId = opts.tenantId ?? 'datingstad'
  const [staff] = await db
    .insert(accounts)
    .values({ pool: opts.pool ?? 'main', tenantId, email: opts.email ?? `${role}${++counter}-${Date.now()}@staff.example`, status: 'active', role })
    .returning()
  return { staff, cookie: `${staffCookieName(app.services.config.sessionCookie)}=${await createStaffSession(db, staff, tenantId)}` }
}

/**
 * How long a suite's database and app may take to open or close: a few seconds of CPU, which on a 2-core machine
 * shared with the browser tests (load average 10 to 14) took over a minute (two suites of a CI run failed in their
 * set-up at 60 s, before any of their tests ran).
 */
export const SUITE_SETUP_TIMEOUT = 300_000

/** For a suite: a fresh test database of the kind and an app over it, closed after the suite. */
export function suiteApp(kind: DbKind): { database: Database; app: FastifyInstance } {
  const suite = {} as { database: Database; app: FastifyInstance }
  beforeAll(async () => {
    suite.database = await openTestDatabase(kind)
    suite.app = await makeTestApp(suite.database)
  }, SUITE_SETUP_TIMEOUT)
  afterAll(async () => {
    await suite.app?.close()
    await suite.database?.close()
  }, SUITE_SETUP_TIMEOUT)
  return suite
}
