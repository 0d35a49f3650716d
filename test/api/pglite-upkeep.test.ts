// The embedded database's upkeep (src/db/pglite-upkeep.server.ts): PGlite runs no autovacuum, so a recurring job
// vacuums it and gathers fresh planner statistics every 6 hours. On PostgreSQL the job leaves the work to autovacuum.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { makeServices } from '../support/app'
import type { Database } from '../../src/db/client.server'
import type { Services } from '../../src/server/context.server'
import { enqueueJob } from '../../src/db/jobs.server'
import { PGLITE_UPKEEP_EVERY_MS, PGLITE_UPKEEP_JOB } from '../../src/db/pglite-upkeep.server'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { createServices } from '../../src/server/services.server'
import { loadConfig } from '../../src/server/config.server'
import { loadTenants } from '../../src/server/tenants.server'

jest.setTimeout(120_000)

describeEachDb('the embedded database upkeep', (kind: DbKind) => {
  let database: Database
  let services: Services
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    services = await makeServices(database)
  })
  afterAll(async () => {
    await services.realtime.close()
    await database.close()
  })

  const rows = async <T,>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  const pending = () => rows<{ run_at_ms: number }>(sql`select extract(epoch from run_at)::float8 * 1000 as run_at_ms from jobs where kind = ${PGLITE_UPKEEP_JOB} and done_at is null`)

  it(kind === 'pglite' ? 'is queued 6 hours on when a process that runs jobs starts' : 'is not queued on PostgreSQL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upkeep-'))
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: 'http://{id}.localhost:3000' })
    const running = await createServices({ config, database, tenants: await loadTenants(), jobIntervalMs: 3_600_000 })
    try {
      const queued = await pending()
      expect(queued).toHaveLength(kind === 'pglite' ? 1 : 0)
      // The start's warm-up analysed the database just now: the first run is one interval later.
      if (queued[0]) expect(queued[0].run_at_ms - Date.now()).toBeGreaterThan(PGLITE_UPKEEP_EVERY_MS - 60_000)
    } finally {
      await running.jobs.stop()
      await running.realtime.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    await database.db.execute(sql`delete from jobs where kind = ${PGLITE_UPKEEP_JOB}`)
  })

  it(kind === 'pglite' ? 'vacuums and analyses the database, then queues the next run 6 hours on' : 'leaves the work to autovacuum and queues nothing', async () => {
    for (let i = 0; i < 12; i++) await makeMember(database.db, { country: 'XU' })
    const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from profiles`)
    const stats = () => rows<{ reltuples: number; columns: number }>(sql`select c.reltuples::float8 as reltuples, (select count(*)::int from pg_stats s where s.tablename = 'profiles' and s.attname = 'country') as columns from pg_class c where c.relname = 'profiles'`)
    // The rows just written are not in the planner's figures yet.
    expect((await stats())[0].reltuples).not.toBe(count)

    await enqueueJob(database.db, PGLITE_UPKEEP_JOB, {})
    const startedAt = Date.now()
    expect(await services.jobs.runDue()).toBeGreaterThanOrEqual(1)
    const next = await pending()
    if (kind === 'pglite') {
      expect(await stats()).toEqual([{ reltuples: count, columns: 1 }])
      expect(next).toHaveLength(1)
      expect(next[0].run_at_ms - startedAt).toBeGreaterThan(PGLITE_UPKEEP_EVERY_MS - 60_000)
      expect(next[0].run_at_ms - startedAt).toBeLessThan(PGLITE_UPKEEP_EVERY_MS + 60_000)
    } else {
      expect(next).toEqual([])
    }
  })
})
