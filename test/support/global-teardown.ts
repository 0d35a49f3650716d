import fs from 'node:fs'
import pg from 'pg'

export default async function globalTeardown() {
  if (process.env.PGLITE_TEMPLATE) fs.rmSync(process.env.PGLITE_TEMPLATE, { force: true })
  if (process.env.POSTGRES_TEMPLATE_DB && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`drop database if exists ${process.env.POSTGRES_TEMPLATE_DB} with (force)`)
    await admin.end()
  }
}
