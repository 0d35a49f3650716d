// The server's command socket (decision 019): on the embedded database only the server may open the data
// directory, so commands such as `npm run staff:create` ask the running server through a unix socket in
// DATA_DIR/control/ (a directory of mode 0700: only the server's own user can connect).
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { Services } from './context.server'
import { createStaff, STAFF_PASSWORD_MIN } from '../features/accounts/staff.server'
import { STAFF_ROLES } from '../shared/staff-policy'

/** Where the server listens: DATA_DIR/control/server.sock. */
export const commandSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'server.sock')

const commandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('staff:create'), tenant: z.string().max(100), email: z.string().email().max(254), password: z.string().min(STAFF_PASSWORD_MIN).max(1000), name: z.string().min(1).max(100).optional(), role: z.enum(STAFF_ROLES).default('moderator') }),
])
export type Command = z.infer<typeof commandSchema>
export interface CommandAnswer {
  ok: boolean
  message: string
}

async function run(services: Services, input: unknown): Promise<CommandAnswer> {
  const parsed = commandSchema.safeParse(input)
  if (!parsed.success) return { ok: false, message: `Bad command: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` }
  const cmd = parsed.data
  const tenant = services.tenants.byId.get(cmd.tenant)
  if (!tenant) return { ok: false, message: `Unknown tenant ${cmd.tenant}` }
  const out = await createStaff(services.database.db, tenant, cmd)
  return { ok: true, message: out.message }
}

/** Listens on the command socket; resolves to a close function, or undefined when the path is too long for a socket. */
export async function startCommandSocket(services: Services, log: (m: string) => void = console.error): Promise<{ path: string; close(): Promise<void> } | undefined> {
  const file = commandSocketPath(services.config.dataDir)
  // sun_path holds 107 bytes on Linux (103 on macOS).
  if (Buffer.byteLength(file) > 100) {
    log(`[control] DATA_DIR is too long a path for the command socket (${file}); npm run staff:create needs the server stopped.`)
    return undefined
  }
  const dir = path.dirname(file)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.chmodSync(dir, 0o700)
  // A socket left by a crashed server (this process holds the data directory's lock, so it is not a live one).
  fs.rmSync(file, { force: true })
  const server = net.createServer((socket) => {
    let buf = ''
    socket.setEncoding('utf8')
    socket.setTimeout(30_000, () => socket.destroy())
    socket.on('error', () => undefined)
    socket.on('data', (chunk: string) => {
      buf += chunk
      if (buf.length > 64 * 1024) return socket.destroy()
      const nl = buf.indexOf('\n')
      if (nl < 0) return
      const line = buf.slice(0, nl)
      socket.removeAllListeners('data')
      let input: unknown
      try {
        input = JSON.parse(line)
      } catch {
        return socket.end(JSON.stringify({ ok: false, message: 'Bad command: not JSON' }) + '\n')
      }
      run(services, input)
        .catch((err: unknown) => ({ ok: false, message: `Failed: ${err instanceof Error ? err.message : String(err)}` }))
        .then((answer) => socket.end(JSON.stringify(answer) + '\n'))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(file, () => resolve())
  })
  fs.chmodSync(file, 0o600)
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        fs.rmSync(file, { force: true })
      }),
  }
}

/** Sends one command to the running server; rejects when the socket cannot be reached. */
export function sendCommand(socketPath: string, command: Command, timeoutMs = 30_000): Promise<CommandAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath)
    let buf = ''
    socket.setEncoding('utf8')
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer in time')))
    socket.on('connect', () => socket.write(JSON.stringify(command) + '\n'))
    socket.on('data', (c: string) => (buf += c))
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buf.trim()) as CommandAnswer)
      } catch {
        reject(new Error('The server gave no answer'))
      }
    })
  })
}
