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
  // The private key is a 32-byte number; getPrivateKey() drops leading zero bytes, which web-push refuses.
  const privateKey = Buffer.alloc(32)
  const raw = ecdh.getPrivateKey()
  raw.copy(privateKey, 32 - raw.length)
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') }
}

export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const fromEnv = process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY
  if (fromEnv) return { publicKey: process.env.VAPID_PUBLIC_KEY!, privateKey: process.env.VAPID_PRIVATE_KEY! }
  await db.insert(appConfig).values({ key: 'vapid', value: generateVapidKeys() }).onConflictDoNothing()
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, 'vapid'))
  return row.value as VapidKeys
}
