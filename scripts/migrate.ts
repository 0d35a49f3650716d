// npm run db:migrate: applies the versioned migrations to DATABASE_URL, or to the PGlite database under DATA_DIR
// (refused while another process, the server, has that one open: decision 019).
import path from 'node:path'
import { loadConfig } from '../src/server/config.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { DataDirLockedError } from '../src/db/data-dir-lock.server'

const config = loadConfig(process.env)
let database
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'), command: 'migrate' })
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err
  // The server applies the migrations itself when it starts.
  console.error(`${err.message}\nThe server applies the migrations at start; restart it instead of running db:migrate.`)
  process.exit(1)
}
await migrateDatabase(database)
await database.close()
console.log(`Migrations applied (${database.kind}).`)
