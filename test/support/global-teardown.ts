import fs from 'node:fs'

export default async function globalTeardown() {
  if (process.env.PGLITE_TEMPLATE) fs.rmSync(process.env.PGLITE_TEMPLATE, { force: true })
}
