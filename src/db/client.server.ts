// One Postgres dialect on two drivers: PGlite (embedded, default) and node-postgres (DATABASE_URL).
import path from 'node:path'
import fs from 'node:fs'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.server'
import { nameStatementsOnPglite } from './pglite-statements.server'
import { PGliteThread } from './pglite-thread.server'

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite on disk: the lock this process holds on the data directory (one process at a time). */
  lock?: DataDirLock
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'src/db/migrations')

export interface OpenOptions {
  /** postgres://... uses PostgreSQL; otherwise PGlite. */
  databaseUrl?: string
  /** PGlite data directory; absent means in memory. */
  dataDir?: string
  /** A PGlite data dump to start from (tests copy a migrated template). */
  loadDataDir?: Blob
  /** Who opens a PGlite data directory (server, migrate, ...): named to a second process that finds it locked. */
  command?: string
  /** PGlite: called if the database's thread stops on its own (decision 049). */
  onFailure?: (err: Error) => void
}

/** PostgreSQL connections per process (node-postgres pool). */
export const POOL_SIZE = 10
/**
 * A connection idle this long is closed (node-postgres closes after 10 s by default). A new connection costs a
 * backend process, its catalog caches and the preparing of the hot statements again, all on the first requests
 * of a burst that follows a quiet minute (bench/chat, docs/decisions/044): keep them for 5 minutes.
 */
const POOL_IDLE_MS = 5 * 60_000

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE, idleTimeoutMillis: POOL_IDLE_MS })
    pool.on('error', (err) => console.error('[db] idle client error', err.message))
    const db = drizzlePg(pool, { schema })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  // A second process on the same data directory loses and corrupts data: throws DataDirLockedError (decision 019).
  const lock = opts.dataDir ? acquireDataDirLock(opts.dataDir, opts.command ?? path.basename(process.argv[1] ?? 'node')) : undefined
  try {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true })
    // Postgres runs in a thread of its own, not on the one that serves requests (decision 049).
    const client = await PGliteThread.open({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, onFailure: opts.onFailure })
    const pgliteDb = drizzlePglite(client as never, { schema })
    // Drizzle's PGlite driver ignores `.prepare(name)`: named statements, parsed once (decision 042).
    nameStatementsOnPglite(pgliteDb, client)
    const db = pgliteDb as unknown as Db
    const close = async () => {
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    }
    return { db, kind: 'pglite', close, lock }
  } catch (err) {
    lock?.release()
    throw err
  }
}

/** Applies the versioned migrations in src/db/migrations (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db, { migrationsFolder: MIGRATIONS_FOLDER })
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER })
  }
}
