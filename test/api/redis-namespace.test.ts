// Two deployments on different databases may share one Redis (and one REDIS_PREFIX): their account ids overlap, so
// their rate-limit keys and live channels carry each database's install id and never meet. Two instances on the
// same database share them. (An e2e run after the API tests once found a limit spent by an earlier run's member 7.)
import { openTestDatabase } from '../support/db'
import { makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import type { FastifyInstance } from 'fastify'

jest.setTimeout(60_000)

const REDIS_URL = process.env.REDIS_URL
const describeRedis = REDIS_URL ? describe : describe.skip
const REDIS = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: `test-ns-${process.pid}-${Date.now()}:` }

describeRedis(`Redis keys per install${REDIS_URL ? '' : ' [skipped: REDIS_URL not set]'}`, () => {
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const db of databases) await db.close()
  })
  const appOn = async (database: Database) => {
    const app = await makeTestApp(database, REDIS)
    apps.push(app)
    return app
  }

  it('keeps the limits of two databases apart and shares them between instances of one database', async () => {
    const first = await openTestDatabase('pglite')
    const second = await openTestDatabase('pglite')
    databases.push(first, second)
    const one = await appOn(first)
    const two = await appOn(second)
    const oneAgain = await appOn(first)
    const key = `auto-like:7`
    expect(await one.services.limiter.hit(key, 1, 60)).toBe(true)
    // Another database, the same member id: its own count.
    expect(await two.services.limiter.hit(key, 1, 60)).toBe(true)
    // Another instance of the first database: the same count, spent.
    expect(await oneAgain.services.limiter.hit(key, 1, 60)).toBe(false)
  })
})
