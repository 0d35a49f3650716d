// Finding 1 of issue 17: the server log never holds passwords, hashes, tokens, session ids or full e-mail
// addresses, also when a query fails with them as parameters or a visitor sends a one-time link.
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { redactText, serializeError } from '../../src/server/log-redact.server'
import { appWithCapturedLog, scanLog, type CapturedLog } from './log-scan'

jest.setTimeout(60_000)

const HOST = { host: 'datingstad.nl' }
const signup = (email: string, password: string, extra: Record<string, unknown> = {}) => ({ email, name: 'Logtest', password, date_of_birth: '1990-05-05', ...extra })

describe('log redaction (unit)', () => {
  it('drops query parameters, key details, hashes, tokens and full addresses from any text', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'
    const token = crypto.randomBytes(32).toString('base64url')
    const text = redactText(
      `Failed query: insert into "accounts" ("email", "password_hash") values ($1, $2)\nparams: jan@example.com,${hash}\n` +
        `Key (pool, lower(email))=(main, jan@example.com) already exists. GET /api/activate.php?token=${token} sid=${token} ${hash} piet.post@mail.example.nl`,
    )
    expect(scanLog(text, { emails: ['jan@example.com', 'piet.post@mail.example.nl'], tokens: [token] })).toEqual([])
    expect(text).not.toContain('$argon2id$')
    expect(text).toContain('p***@mail.example.nl')
    expect(text).toContain('insert into "accounts"')
  })

  it('serializes a database error with its cause but without params', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "accounts_pool_email_key"'), {
      code: '23505',
      constraint: 'accounts_pool_email_key',
      detail: 'Key (pool, lower(email))=(main, jan@example.com) already exists.',
    })
    const err = Object.assign(new Error('Failed query: insert into x values ($1)\nparams: jan@example.com'), { query: 'insert into x values ($1)', params: ['jan@example.com'], cause })
    const out = serializeError(err)
    expect(out.params).toBeUndefined()
    expect(out.cause?.code).toBe('23505')
    expect(out.cause?.constraint).toBe('accounts_pool_email_key')
    expect(JSON.stringify(out)).not.toContain('jan@example.com')
  })
})

describeEachDb('the server log holds no secrets', (kind) => {
  let database: Database
  let app: FastifyInstance
  let log: CapturedLog
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    ;({ app, log } = await appWithCapturedLog(database))
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('after failed queries, bad input, races, one-time links and logins', async () => {
    const known = { emails: [] as string[], passwords: [] as string[], tokens: [] as string[] }
    const member = (n: string) => {
      const email = `${n}-${crypto.randomBytes(3).toString('hex')}@example.com`
      const password = `Geheim-${crypto.randomBytes(6).toString('hex')}`
      known.emails.push(email)
      known.passwords.push(password)
      return { email, password }
    }
    // A query that fails inside the server with an address and a password hash as its parameters.
    await database.db.execute(sql.raw(`alter table accounts add constraint trust_log_probe check (signup_message is distinct from 'breek')`))
    try {
      const a = member('failing')
      const res = await app.inject({ method: 'POST', url: '/api/signup.php', headers: HOST, payload: signup(a.email, a.password, { signup_message: 'breek' }) })
      expect(res.statusCode).toBe(500)
    } finally {
      await database.db.execute(sql.raw('alter table accounts drop constraint trust_log_probe'))
    }
    // The probe's inputs: a NUL byte in a field, and parallel signups with one address.
    const b = member('nul')
    await app.inject({ method: 'POST', url: '/api/signup.php', headers: HOST, payload: signup(b.email, b.password, { name: 'Log\u0000test' }) })
    const c = member('race')
    await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: '/api/signup.php', headers: HOST, payload: signup(c.email, c.password) })))
    // One-time links in URLs, a wrong password, a logged-in request.
    const token = crypto.randomBytes(32).toString('base64url')
    known.tokens.push(token)
    await app.inject({ method: 'GET', url: `/api/activate.php?token=${token}`, headers: HOST })
    await app.inject({ method: 'GET', url: `/api/reactivate.php?token=${token}`, headers: HOST })
    await app.inject({ method: 'GET', url: `/reset-password/do?token=${token}`, headers: HOST })
    await app.inject({ method: 'POST', url: '/api/user.php', headers: HOST, payload: { email: c.email, password: 'wrong-password-123' } })
    const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: HOST, payload: { email: c.email, password: c.password } })
    const cookie = sessionCookie(login.headers['set-cookie'])
    known.tokens.push(cookie.slice(4))
    await app.inject({ method: 'GET', url: '/api/user.php', headers: { ...HOST, cookie, authorization: `Bearer ${token}` } })

    const lines = log.lines()
    // The failure was logged (with its database error code), and the requests were.
    const failure = lines.find((l) => l.level === 50) as { err?: { type?: string; message?: string; cause?: { code?: string } } } | undefined
    expect(failure?.err?.message).toContain('Failed query')
    expect(lines.some((l) => String((l.req as { url?: string } | undefined)?.url ?? '').startsWith('/api/activate.php?token='))).toBe(true)
    expect(scanLog(log.text(), known)).toEqual([])
  })
})
