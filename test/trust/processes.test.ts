// Finding 11 (issue 17): one process per embedded database. Real processes on a temp DATA_DIR: the server holds the
// lock, a second server, db:migrate and the worker refuse naming it, staff:create goes through the server's command
// socket and the account is there afterwards; a lock left by a dead process is taken over.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/db/client.server'
import { acquireDataDirLock, DataDirLockedError, lockFileOf } from '../../src/db/data-dir-lock.server'

jest.setTimeout(240_000)

const TSX = path.resolve('node_modules/.bin/tsx')

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

function envFor(dataDir: string, extra: Record<string, string> = {}) {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extra }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  delete env.NODE_OPTIONS
  return env
}

/** Runs a command to its end; its exit code and output. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ code, out }))
  })
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; out: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const onData = (d: Buffer) => {
      out += d
      if (out.includes('Sites:')) resolve({ child, out: () => out })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
}

describe('one process per embedded database (finding 11)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-lock-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('the server holds the lock; the others refuse or go through it; the lock goes with the server', async () => {
    const port = await freePort()
    const server = await startServer(envFor(dataDir, { PORT: String(port), HOST: '127.0.0.1', DEFAULT_TENANT: 'datingstad' }))
    try {
      const lock = JSON.parse(fs.readFileSync(lockFileOf(path.join(dataDir, 'pglite')), 'utf8'))
      expect(lock).toMatchObject({ command: 'server', socket: path.join(dataDir, 'control', 'server.sock') })
      expect(fs.statSync(path.join(dataDir, 'control')).mode & 0o077).toBe(0)
      const pid = String(lock.pid)

      const [second, migrate, worker, staff] = await Promise.all([
        run(['src/server/main.ts'], envFor(dataDir, { PORT: String(await freePort()) })),
        run(['scripts/migrate.ts'], envFor(dataDir)),
        run(['src/server/worker.ts'], envFor(dataDir)),
        run(['scripts/create-staff.ts', '--tenant', 'datingstad', '--email', 'staf@example.nl', '--password', 'a long staff password', '--role', 'support'], envFor(dataDir)),
      ])
      expect(second.code).not.toBe(0)
      expect(second.out).toContain(`server (pid ${pid}`)
      expect(migrate.code).not.toBe(0)
      expect(migrate.out).toContain(`pid ${pid}`)
      expect(worker.code).toBe(2)
      expect(worker.out).toContain('npm run worker needs PostgreSQL')
      expect(staff.code).toBe(0)
      expect(staff.out).toContain(`(support) created in pool main. (through the running server, pid ${pid})`)

      // The account exists in the server's database: the staff member logs in to the console (fetch cannot set Host: the default tenant).
      const login = await fetch(`http://127.0.0.1:${port}/api/admin/login.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staf@example.nl', password: 'a long staff password' }),
      })
      expect(login.status).toBe(200)
    } finally {
      const exited = new Promise((r) => server.child.once('exit', r))
      server.child.kill('SIGTERM')
      await exited
    }
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'pglite')))).toBe(false)
    expect(fs.existsSync(path.join(dataDir, 'control', 'server.sock'))).toBe(false)

    // After the server: the data directory opens, the account is stored and the indexes agree with the table.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), command: 'test' })
    try {
      const rows = (await database.db.execute(sql`select role, status from accounts where email = 'staf@example.nl'`)) as unknown as { rows: unknown[] }
      expect(rows.rows).toEqual([{ role: 'support', status: 'active' }])
      await database.db.execute(sql`reindex table accounts`)
    } finally {
      await database.close()
    }
  })

  it('a lock left by a dead process is taken over; a live one is refused, also within one process', async () => {
    const dir = path.join(dataDir, 'stale', 'pglite')
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    const file = lockFileOf(dir)
    // A pid that does not run: a finished child's.
    const dead = spawn(process.execPath, ['-e', '0'])
    await new Promise((r) => dead.once('exit', r))
    fs.writeFileSync(file, JSON.stringify({ pid: dead.pid, command: 'server', since: 'earlier' }))
    const lock = acquireDataDirLock(dir, 'test')
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid)
    expect(() => acquireDataDirLock(dir, 'again')).toThrow(DataDirLockedError)
    lock.release()
    expect(fs.existsSync(file)).toBe(false)

    // A reused pid (alive, but started at another time than the holder) is not the holder.
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, command: 'server', startTime: '1', since: 'earlier' }))
    const again = acquireDataDirLock(dir, 'test')
    again.release()
  })
})
