// npm run db:migrate: applies the versioned migrations to DATABASE_URL, or to the PGlite database under DATA_DIR.
import path from 'node:path'
import { loadConfig } from '../src/server/config.server'
import { openDatabase, migrateDatabase } from '../src/db/client.server'

const config = loadConfig(process.env)
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') })
await migrateDatabase(database)
await database.close()
console.log(`Migrations applied (${database.kind}).`)
