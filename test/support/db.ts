// A fresh database per test file: a copy of the migrated PGlite template, or a copy of the migrated PostgreSQL
// template database (both made by global-setup.ts).
import fs from 'node:fs'
import crypto from 'node:crypto'
import pg from 'pg'
import { openDatabase, migrateDatabase, type Database } from '../../src/db/client.server'

export type DbKind = 'pglite' | 'postgres'

export const POSTGRES_URL = process.env.TEST_DATABASE_URL

/** The database kinds this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite']

export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const file = process.env.PGLITE_TEMPLATE
    if (file && fs.existsSync(file)) return openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]) })
    const database = await openDatabase({})
    await migrateDatabase(database)
    return database
  }
  const name = `test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  // A copy of global-setup's migrated template where there is one (the migration below then finds nothing to do).
  const template = process.env.POSTGRES_TEMPLATE_DB
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const url = new URL(POSTGRES_URL!)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  await migrateDatabase(database)
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * Runs a suite once per database kind. Without TEST_DATABASE_URL the PostgreSQL run is
 * reported as skipped, with the reason in its name.
 */
export function describeEachDb(name: string, fn: (kind: DbKind) => void) {
  for (const kind of DB_KINDS) describe(`${name} [${kind}]`, () => fn(kind))
  if (!POSTGRES_URL) describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL not set]`, () => it('runs on PostgreSQL', () => undefined))
}
