// The install id: a random name made once per database and kept in app_config. Redis keys and channels carry it
// (after REDIS_PREFIX), so two deployments on different databases that share one Redis never read each other's rate
// limits or live events, even though their account ids overlap; instances on the same database share it.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { appConfig } from '../db/schema'

export async function installId(db: Db): Promise<string> {
  await db.insert(appConfig).values({ key: 'install_id', value: crypto.randomBytes(6).toString('hex') }).onConflictDoNothing()
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, 'install_id'))
  return String(row.value)
}

/** The namespace of this deployment's Redis keys and channels: REDIS_PREFIX, then the install id. */
export const redisNamespace = (redisPrefix: string, id: string) => `${redisPrefix}${id}:`
