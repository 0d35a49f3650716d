// A local web push service for tests: HTTPS with a self-signed certificate made at start (web-push always speaks
// TLS), browser-side subscription keys, and decryption of what arrives (RFC 8291 aes128gcm) with a check of
// the VAPID signature (RFC 8292), so a test sees exactly what a browser would show.
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  /** The subscription's path on the service, e.g. /send/abc. */
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The decrypted notification, parsed as JSON. */
  payload: Record<string, unknown>
  /** The VAPID claims, after their ES256 signature was checked against k. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string }
}

export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushService {
  url: string
  received: ReceivedPush[]
  /** Requests that could not be decrypted or verified (a test expects none). */
  errors: string[]
  /** The answer for a path: 201 unless told otherwise (e.g. 410 for a gone subscription). */
  answer: Map<string, number>
  /** A new browser subscription on this service. */
  subscribe(name: string): BrowserSubscription
  close(): Promise<void>
  /** The HTTPS agent that trusts this service's certificate. */
  agent: https.Agent
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  const out = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') }
  fs.rmSync(dir, { recursive: true, force: true })
  return out
}

function publicKeyOfRaw(raw: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' })
}

function checkVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`)
  const [header, claims, signature] = m[1].split('.')
  const ok = crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKeyOfRaw(Buffer.from(m[2], 'base64url')), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  if (!ok) throw new Error('VAPID signature does not verify')
  return { ...(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number }), publicKey: m[2] }
}

/** RFC 8291 decryption of one aes128gcm record with the browser's private key and auth secret. */
function decrypt(body: Buffer, browser: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const secret = browser.computeSecret(serverPublic)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverPublic])
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, info, 32))
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('bad padding delimiter')
  return padded.subarray(0, end).toString('utf8')
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate()
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>()
  const received: ReceivedPush[] = []
  const errors: string[] = []
  const answer = new Map<string, number>()
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const status = answer.get(req.url ?? '') ?? 201
      try {
        const browser = browsers.get(req.url ?? '')
        if (!browser) throw new Error(`unknown subscription ${req.url}`)
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`)
        const vapid = checkVapid(req.headers.authorization)
        if (status === 201) received.push({ path: req.url!, headers: req.headers, payload: JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth)), vapid })
      } catch (err) {
        errors.push((err as Error).message)
      }
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const agent = new https.Agent({ ca: cert, keepAlive: false })
  return {
    url,
    received,
    errors,
    answer,
    agent,
    subscribe(name) {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      browsers.set(`/send/${name}`, { ecdh, auth })
      return { endpoint: `${url}/send/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
