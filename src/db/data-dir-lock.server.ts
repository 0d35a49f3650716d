// One process per embedded database (docs/decisions/019-one-process-per-data-dir-and-data-export.md): PGlite has no
// lock of its own, and a second process writing the same data directory loses rows and corrupts indexes. The
// process that opens the PGlite database holds a lock file next to it, made with O_EXCL and holding its pid.
import fs from 'node:fs'
import path from 'node:path'

export interface LockHolder {
  pid: number
  /** What holds it: 'server', 'migrate', 'staff:create', ... */
  command: string
  /** Linux: the holder's start time in clock ticks after boot, so a reused pid is not taken for the holder. */
  startTime?: string
  /** The holder's command socket (the server only): other commands go through it. */
  socket?: string
  since: string
}

export class DataDirLockedError extends Error {
  constructor(
    public lockFile: string,
    public holder: LockHolder,
  ) {
    super(
      `The database in ${path.dirname(lockFile)} is open in another process: ${holder.command} (pid ${holder.pid}, since ${holder.since}). ` +
        `The embedded database (PGlite) allows one process at a time; stop that process first` +
        (holder.command === 'server' ? ', or run the command while it runs where it offers to (npm run staff:create goes through the running server).' : '.'),
    )
  }
}

export interface DataDirLock {
  file: string
  holder: LockHolder
  /** Removes the lock file if it is still this process's. */
  release(): void
}

/** The lock file of a PGlite data directory: DATA_DIR/pglite.lock for DATA_DIR/pglite. */
export const lockFileOf = (pgliteDir: string) => `${path.resolve(pgliteDir)}.lock`

/** The start time of a process (Linux /proc), or undefined where there is no /proc. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0)
  } catch (err) {
    // EPERM: the process exists under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (holder.startTime) {
    const now = startTimeOf(holder.pid)
    if (now !== undefined && now !== holder.startTime) return false
  }
  return true
}

/** The holder of a lock file, or undefined when there is none (or it is unreadable: a crash between create and write). */
export function readLock(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder
    return Number.isInteger(holder.pid) ? holder : undefined
  } catch {
    return undefined
  }
}

/** The live holder of the lock, or undefined when the lock is free or stale. */
export function liveHolder(file: string): LockHolder | undefined {
  const holder = readLock(file)
  return holder && isAlive(holder) ? holder : undefined
}

/**
 * Takes the lock or throws DataDirLockedError naming the live holder. A lock whose holder is dead (killed, power
 * loss) is taken over; the take-over itself is guarded by a second O_EXCL file so two starting processes cannot
 * both remove the stale lock and both win.
 */
export function acquireDataDirLock(pgliteDir: string, command: string): DataDirLock {
  const file = lockFileOf(pgliteDir)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const holder: LockHolder = { pid: process.pid, command, startTime: startTimeOf(process.pid), since: new Date().toISOString() }
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600)
      fs.writeSync(fd, JSON.stringify(holder))
      fs.fsyncSync(fd)
      fs.closeSync(fd)
      return makeLock(file, holder)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const current = readLock(file)
    if (current && isAlive(current)) throw new DataDirLockedError(file, current)
    if (!current) {
      // Created but not yet written by a starting process, or left empty by a crash in between: wait briefly.
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      if (age < 2000) {
        sleep(200)
        continue
      }
    }
    removeStale(file, current)
  }
  const current = readLock(file)
  throw new DataDirLockedError(file, current ?? { pid: 0, command: 'unknown', since: '?' })
}

function removeStale(file: string, seen: LockHolder | undefined) {
  const guard = `${file}.takeover`
  try {
    fs.writeFileSync(guard, String(process.pid), { flag: 'wx' })
  } catch {
    // Another process is taking over; a guard left by a crash is removed after 10 s.
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
    if (age > 10_000) fs.rmSync(guard, { force: true })
    sleep(100)
    return
  }
  try {
    // Still the same stale lock (not one a faster process made meanwhile)?
    const now = readLock(file)
    if (JSON.stringify(now) === JSON.stringify(seen)) fs.rmSync(file, { force: true })
  } finally {
    fs.rmSync(guard, { force: true })
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

function makeLock(file: string, holder: LockHolder): DataDirLock {
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    if (readLock(file)?.pid === holder.pid) fs.rmSync(file, { force: true })
  }
  // A normal exit (process.exit included) releases it; a crash leaves a stale lock that the next start takes over.
  process.on('exit', release)
  return {
    file,
    holder,
    release,
  }
}

/** Records the holder's command socket in the lock file (the server, once it listens). */
export function announceSocket(lock: DataDirLock, socket: string) {
  lock.holder.socket = socket
  const tmp = `${lock.file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(lock.holder), { mode: 0o600 })
  fs.renameSync(tmp, lock.file)
}
