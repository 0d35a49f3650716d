// bench/login-timing: a wrong password for an unknown address should cost as long as for a known one (both run an
// argon2 check: login.server.ts verifies against a dummy hash), so the time does not tell which addresses exist.
// Logs in through the real app (Fastify inject) on a fresh in-memory PGlite database, alternating a known and an
// unknown address, each login from its own client address and address pair so the lockout never answers first
// (a blocked login skips the password check). Prints the medians and their ratio; target: unknown / known within
// 0.67..1.5. Run: npx tsx bench/login-timing.ts (BENCH_LOGINS changes the number of timed logins per kind).
// Moved out of test/trust/limits.test.ts, where the timing comparison flaked on a loaded machine; that test keeps
// the behavioural part (a password check happens either way).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, migrateDatabase } from '../src/db/client.server'
import { loadConfig } from '../src/server/config.server'
import { loadTenants } from '../src/server/tenants.server'
import { createServices } from '../src/server/services.server'
import { buildApp } from '../src/server/app.server'
import { accounts, profiles } from '../src/db/schema'
import { hashPassword } from '../src/features/accounts/passwords.server'
import { MAX_FAILED_LOGINS } from '../src/features/accounts/login.server'

const LOGINS = Number(process.env.BENCH_LOGINS ?? 40)
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-'))
const database = await openDatabase({})
await migrateDatabase(database)
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '3000', LOG_LEVEL: 'warn', RUN_JOBS: 'false' })
const services = await createServices({ config, database, tenants: await loadTenants(), jobIntervalMs: 0 })
const app = await buildApp({ services })
await app.ready()

// Enough known accounts that none reaches the lockout: MAX_FAILED_LOGINS - 1 wrong logins each at most.
const perAccount = MAX_FAILED_LOGINS - 1
const knownEmails: string[] = []
const passwordHash = await hashPassword('correct horse battery')
for (let i = 0; i < Math.ceil((LOGINS + 2) / perAccount); i++) {
  const email = `bench-known-${i}@example.nl`
  const [account] = await database.db.insert(accounts).values({ pool: 'main', tenantId: 'datingstad', email, passwordHash, status: 'active' }).returning()
  await database.db.insert(profiles).values({ accountId: account.id, pool: 'main', name: `Bench ${i}`, gender: 'male', sexuality: 'hetero', birthDate: '1990-01-01', country: 'NL' })
  knownEmails.push(email)
}

let n = 0
const login = async (email: string) => {
  const start = process.hrtime.bigint()
  const res = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: 'datingstad.nl' },
    payload: { email, password: 'fout wachtwoord' },
    remoteAddress: `198.51.100.${(n++ % 250) + 1}`,
  })
  const t = ms(start)
  if (res.statusCode !== 401) throw new Error(`expected 401 login_failed, got ${res.statusCode} ${res.body}`)
  return t
}

// Warm-up: the dummy hash is made on the first unknown login, the JIT and the database warm up.
await login(knownEmails[0])
await login('bench-warmup@example.nl')

const known: number[] = []
const unknown: number[] = []
for (let i = 0; i < LOGINS; i++) {
  known.push(await login(knownEmails[Math.floor((i + 1) / perAccount) % knownEmails.length]))
  unknown.push(await login(`bench-unknown-${i}@example.nl`))
}
const k = median(known)
const u = median(unknown)
const ratio = u / k
console.log(JSON.stringify({ logins: LOGINS, knownMedianMs: +k.toFixed(1), unknownMedianMs: +u.toFixed(1), ratio: +ratio.toFixed(2), withinTarget: ratio > 0.67 && ratio < 1.5 }))
await app.close()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })
if (ratio <= 0.67 || ratio >= 1.5) process.exitCode = 1
