import { hash, verify } from '@node-rs/argon2'

/** argon2id (Algorithm.Argon2id is a const enum, which isolatedModules cannot inline). */
const ARGON2ID = 2
/** The parameters of every real install (OWASP's argon2id minimum: 19 MiB, two passes). */
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const
/**
 * The jest run's parameters (decision 045): the lowest argon2 allows, so the thousands of members the tests make
 * and log in do not each cost ~80 ms of CPU. Taken only when NODE_ENV is "test" AND PASSWORD_HASH_COST is "test"
 * (set by test/support/test-env.ts for jest alone): a server (NODE_ENV production or development) never uses them.
 */
const TEST_OPTIONS = { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 } as const

/** The parameters for new hashes in this environment. */
export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.PASSWORD_HASH_COST === 'test' ? TEST_OPTIONS : PASSWORD_HASH_OPTIONS
}

/** Verified against when the account is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined

export const hashPassword = (password: string) => hash(password, passwordHashOptions())

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-password', passwordHashOptions())
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
