// The log scan of the trust suite: captures what the real server logger writes (pino's stream) and finds every
// secret in it. Any suite can build its app with captureLog().stream and assert scanLog(...) is empty.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/server/app.server'
import type { Database } from '../../src/db/client.server'
import { makeServices } from '../support/app'

export interface CapturedLog {
  stream: { write(line: string): void }
  /** Everything logged so far. */
  text(): string
  /** The parsed JSON lines. */
  lines(): Record<string, unknown>[]
}

export function captureLog(): CapturedLog {
  const chunks: string[] = []
  return {
    stream: { write: (line: string) => void chunks.push(line) },
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  }
}

/** Values a test put into requests and that must never be logged as they are. */
export interface KnownSecrets {
  passwords?: string[]
  emails?: string[]
  tokens?: string[]
}

const FULL_EMAIL = /[\p{L}\p{N}._%+-]{2,}@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+/gu
const CRYPT_HASH = /\$argon2(id|i|d)\$|\$2[abxy]\$\d\d\$/g
const HEX_SHA256 = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g
const TOKEN_IN_URL = /\b(token|sid)=(?!\[redacted\])[^&\s"';]+/gi
const PARAMS = /params:\s*(?!\[redacted\])\S/g

/** Each secret found in a log text (empty when the log is clean). */
export function scanLog(text: string, known: KnownSecrets = {}): string[] {
  const found: string[] = []
  const add = (kind: string, re: RegExp) => {
    for (const m of text.matchAll(re)) found.push(`${kind}: ${m[0].slice(0, 80)}`)
  }
  add('e-mail address', FULL_EMAIL)
  add('password hash', CRYPT_HASH)
  add('sha256 (session or token hash)', HEX_SHA256)
  add('token or session id in a URL', TOKEN_IN_URL)
  add('query parameters', PARAMS)
  if (/"cookie"\s*:/i.test(text) || /sid=[A-Za-z0-9_-]{20,}/.test(text)) found.push('cookie header')
  if (/"authorization"\s*:\s*"(?!\[redacted\])/i.test(text)) found.push('authorization header')
  for (const p of known.passwords ?? []) if (p && text.includes(p)) found.push(`password: ${p}`)
  for (const e of known.emails ?? []) if (e && text.toLowerCase().includes(e.toLowerCase())) found.push(`e-mail address: ${e}`)
  for (const t of known.tokens ?? []) if (t && text.includes(t)) found.push(`token: ${t.slice(0, 12)}...`)
  return found
}

/** An app over a test database whose log (level info) is captured. */
export async function appWithCapturedLog(database: Database, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; log: CapturedLog }> {
  const log = captureLog()
  const services = await makeServices(database, { LOG_LEVEL: 'info', ...env })
  const app = await buildApp({ services, logStream: log.stream })
  app.addHook('onClose', async () => {
    await app.services.jobs.stop()
    app.services.mailer.close()
  })
  await app.ready()
  return { app, log }
}
