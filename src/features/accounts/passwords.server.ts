import { hash, verify } from '@node-rs/argon2'

/** argon2id (Algorithm.Argon2id is a const enum, which isolatedModules cannot inline). */
const ARGON2ID = 2
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 }
/** Verified against when the account is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-password', OPTIONS)
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
