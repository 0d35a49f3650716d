// VAPID keys for web push: generated on first start and stored in app_config, the same for every instance.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.server'
import { appConfig } from '../db/schema'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') }
}

export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const fromEnv = process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY
  if (fromEnv) return { publicKey: process.env.VAPID_PUBLIC_KEY!, privateKey: process.env.VAPID_PRIVATE_KEY! }
  await db.insert(appConfig).values({ key: 'vapid', value: generateVapidKeys() }).onConflictDoNothing()
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, 'vapid'))
  return row.value as VapidKeys
}
