// Password hashes: argon2id at the production parameters on every server; the low test cost (decision 045) only in
// jest, where NODE_ENV is test and test/support/test-env.ts sets PASSWORD_HASH_COST.
import { hash } from '@node-rs/argon2'
import { hashPassword, passwordHashOptions, PASSWORD_HASH_OPTIONS, verifyPassword } from '../../src/features/accounts/passwords.server'

describe('password hash parameters', () => {
  it('are argon2id with 19 MiB and two passes wherever NODE_ENV is not test', () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 })
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(passwordHashOptions({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toBe(PASSWORD_HASH_OPTIONS)
      expect(passwordHashOptions({ NODE_ENV })).toBe(PASSWORD_HASH_OPTIONS)
    }
    // NODE_ENV=test alone (a server started in test mode) keeps the real cost too.
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toBe(PASSWORD_HASH_OPTIONS)
  })

  it('are lowered only for jest (NODE_ENV=test and PASSWORD_HASH_COST=test), still argon2id', async () => {
    expect(process.env.NODE_ENV).toBe('test')
    expect(process.env.PASSWORD_HASH_COST).toBe('test')
    const low = passwordHashOptions()
    expect(low).not.toBe(PASSWORD_HASH_OPTIONS)
    expect(low.algorithm).toBe(2)
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${low.memoryCost},t=${low.timeCost},p=1\\$`))
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(stored, 'wrong horse battery')).toBe(false)
  })

  it('a hash at the production parameters verifies under the test cost (the parameters travel in the hash)', async () => {
    const real = await hash('correct horse battery', PASSWORD_HASH_OPTIONS)
    expect(real).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(real, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(real, 'correct horse batterY')).toBe(false)
  })
})
