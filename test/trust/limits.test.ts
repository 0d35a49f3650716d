// Trust: complaints are limited per client address and per member; every limit answers the one refusal (429,
// localized message, Retry-After); the login lockout answers an unknown address exactly like a known one, after the
// same password check (the time it takes is measured by bench/login-timing.ts).
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, loggedInMember, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { COMPLAINTS_PER_ADDRESS_PER_HOUR, COMPLAINTS_PER_MEMBER_PER_HOUR } from '../../src/features/complaints/routes.server'
import { MAX_FAILED_LOGINS } from '../../src/features/accounts/login.server'

jest.setTimeout(120_000)

const complaint = { name: 'Jan', email: 'jan@example.nl', subject: 'Spam', message: 'Dit profiel stuurt spam.' }

describeEachDb('trust: limits', (kind) => {
  let database: Database
  let app: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const complain = (remoteAddress: string, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/complaints.php', headers: { host: 'datingstad.nl', ...(cookie ? { cookie } : {}) }, payload: complaint, remoteAddress })

  it('limits anonymous complaints per client address, with the localized refusal and Retry-After', async () => {
    for (let i = 0; i < COMPLAINTS_PER_ADDRESS_PER_HOUR; i++) expect((await complain('198.51.100.7')).statusCode).toBe(201)
    const refused = await complain('198.51.100.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/\S/) })
    expect(refused.json().message).not.toBe('errors.too_many_requests')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600)
    // Another address is not affected.
    expect((await complain('198.51.100.8')).statusCode).toBe(201)
  })

  it('limits complaints per member, whatever address they come from', async () => {
    const { cookie } = await loggedInMember(app, database.db, 'klager@example.nl')
    for (let i = 0; i < COMPLAINTS_PER_MEMBER_PER_HOUR; i++) expect((await complain(`203.0.113.${i + 1}`, cookie)).statusCode).toBe(201)
    expect((await complain('203.0.113.200', cookie)).statusCode).toBe(429)
  })

  it('answers 25 anonymous complaints in a row with 429 long before the last', async () => {
    const codes: number[] = []
    for (let i = 0; i < 25; i++) codes.push((await complain('198.51.100.99')).statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(COMPLAINTS_PER_ADDRESS_PER_HOUR)
    expect(codes.slice(COMPLAINTS_PER_ADDRESS_PER_HOUR).every((c) => c === 429)).toBe(true)
  })

  it('limits logins per client address, 30 per 5 minutes unless configured, whatever the account', async () => {
    const email = 'veel-logins@example.nl'
    const { password } = await createMember(database.db, { email })
    const login = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email, password }, remoteAddress })
    for (let i = 0; i < 30; i++) expect((await login('198.51.100.60')).statusCode).toBe(200)
    const refused = await login('198.51.100.60')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe('too_many_requests')
    expect((await login('198.51.100.61')).statusCode).toBe(200)
    // An office or a test run behind one address sets its own number.
    const roomy = await makeTestApp(database, { LOGINS_PER_ADDRESS_PER_5_MINUTES: '40' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 41; i++) codes.push((await roomy.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email, password }, remoteAddress: '198.51.100.62' })).statusCode)
      expect(codes.filter((c) => c === 200)).toHaveLength(40)
      expect(codes[40]).toBe(429)
    } finally {
      await roomy.close()
    }
  })

  describe('login lockout', () => {
    let n = 0
    const login = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email, password }, remoteAddress: `192.0.2.${(n++ % 200) + 1}` })
    /** Status, code and message of each of n wrong logins and then one more with the right password. */
    const run = async (email: string, right: string) => {
      const answers: string[] = []
      for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) {
        const res = await login(email, `wrong-${i}`)
        answers.push(`${res.statusCode} ${res.json().error} ${res.json().message} ${res.headers['retry-after'] ?? ''}`)
      }
      const res = await login(email, right)
      answers.push(`${res.statusCode} ${res.json().error} ${res.json().message}`)
      return answers
    }

    it('answers an unknown address exactly as a known one, lockout included', async () => {
      const { password } = await createMember(database.db, { email: 'bestaat@example.nl' })
      const known = await run('bestaat@example.nl', password)
      const unknown = await run('bestaat-niet@example.nl', password)
      expect(known[MAX_FAILED_LOGINS - 1]).toMatch(/^429 login_blocked .*15 min/)
      expect(known.slice(0, MAX_FAILED_LOGINS - 1).every((a) => a.startsWith('401 login_failed'))).toBe(true)
      expect(unknown).toEqual(known)
      // Upper case is the same address.
      expect((await login('BESTAAT-NIET@example.nl', 'x')).json().error).toBe('login_blocked')
    })

    // The timing comparison itself is a benchmark (bench/login-timing.ts): on a loaded machine it flaked here.
    it('runs an argon2 password check for an unknown address as for a known one', async () => {
      await createMember(database.db, { email: 'tijd@example.nl' })
      // The module object the server's passwords.server uses (an import * would be a copy with fixed getters).
      const argon2 = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2')
      const checks = jest.spyOn(argon2, 'verify')
      try {
        const known = await login('tijd@example.nl', 'fout wachtwoord')
        expect(known.statusCode).toBe(401)
        expect(checks).toHaveBeenCalledTimes(1)
        checks.mockClear()
        const unknown = await login('tijd-onbekend@example.nl', 'fout wachtwoord')
        expect(unknown.statusCode).toBe(401)
        expect(checks).toHaveBeenCalledTimes(1)
        expect(checks.mock.calls[0][1]).toBe('fout wachtwoord')
      } finally {
        checks.mockRestore()
      }
    })
  })
})
