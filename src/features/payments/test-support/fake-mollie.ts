// A local fake of Mollie's payments API (v2) over https with a self-signed certificate made at start with the
// openssl CLI: payments with their lifecycle, methods, refunds and chargebacks; enough for @mollie/api-client.
// The client takes no CA option (it makes its own https.Agent with Mollie's CA bundle): see trustFakeMollie.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'

type Status = 'open' | 'canceled' | 'pending' | 'authorized' | 'expired' | 'failed' | 'paid'
interface Amount {
  currency: string
  value: string
}
interface FakePayment {
  id: string
  amount: Amount
  description: string
  method: string | null
  metadata: unknown
  status: Status
  redirectUrl: string
  webhookUrl: string
  createdAt: string
  paidAt?: string
  refunds: { id: string; amount: Amount; status: string; createdAt: string }[]
  chargebacks: { id: string; amount: Amount; createdAt: string }[]
  consumerAccount?: string
}

/** The methods the fake's profile has enabled. */
const METHODS = ['ideal', 'bancontact', 'creditcard', 'paypal', 'applepay', 'sofort', 'banktransfer', 'giropay', 'eps', 'directdebit']

export interface FakeMollie {
  url: string
  /** The self-signed certificate (PEM) the fake serves. */
  cert: string
  apiKey: string
  payments: Map<string, FakePayment>
  /** Every request the fake answered: method and path. */
  requests: { method: string; path: string }[]
  /** The payer (or bank) moves a payment to a state. */
  setStatus(id: string, status: Status): void
  chargeback(id: string, cents: number): void
  close(): Promise<void>
}

const value = (cents: number) => (cents / 100).toFixed(2)
const cents = (v: string) => Math.round(Number(v) * 100)
const newId = (prefix: string) => prefix + crypto.randomBytes(5).toString('hex')

export async function startFakeMollie(): Promise<FakeMollie> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-mollie-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  const apiKey = 'test_' + 'x'.repeat(30)
  const payments = new Map<string, FakePayment>()
  const requests: FakeMollie['requests'] = []
  let base = ''

  const present = (p: FakePayment) => {
    const refunded = p.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + cents(r.amount.value), 0)
    const chargedBack = p.chargebacks.reduce((s, c) => s + cents(c.amount.value), 0)
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      amount: p.amount,
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      status: p.status,
      isCancelable: p.status === 'open',
      ...(p.paidAt ? { paidAt: p.paidAt } : {}),
      ...(refunded > 0 ? { amountRefunded: { currency: p.amount.currency, value: value(refunded) } } : {}),
      ...(chargedBack > 0 ? { amountChargedBack: { currency: p.amount.currency, value: value(chargedBack) } } : {}),
      profileId: 'pfl_fake',
      sequenceType: 'oneoff',
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      _links: {
        self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
        ...(p.status === 'open' && p.method !== 'directdebit' ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${p.id}`, type: 'text/html' } } : {}),
      },
    }
  }
  const list = (kind: 'refunds' | 'chargebacks', p: FakePayment) => {
    const items = kind === 'refunds'
      ? p.refunds.map((r) => ({ resource: 'refund', id: r.id, amount: r.amount, status: r.status, createdAt: r.createdAt, paymentId: p.id, _links: {} }))
      : p.chargebacks.map((c) => ({ resource: 'chargeback', id: c.id, amount: c.amount, createdAt: c.createdAt, paymentId: p.id, _links: {} }))
    return { count: items.length, _embedded: { [kind]: items }, _links: { self: { href: `${base}/v2/payments/${p.id}/${kind}`, type: 'application/hal+json' }, previous: null, next: null } }
  }

  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/hal+json' })
        res.end(JSON.stringify(body))
      }
      const fail = (status: number, detail: string) => send(status, { status, title: status === 404 ? 'Not Found' : 'Unprocessable Entity', detail, _links: {} })
      const url = new URL(req.url ?? '/', 'https://fake')
      requests.push({ method: req.method ?? '', path: url.pathname })
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate' })
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      const m = url.pathname.match(/^\/v2\/payments(?:\/([^/]+))?(?:\/(refunds|chargebacks))?$/)
      if (!m) return fail(404, 'No such endpoint')
      const [, id, sub] = m
      if (!id && req.method === 'POST') {
        const amount = body.amount as Amount | undefined
        if (!amount || !/^\d+\.\d{2}$/.test(amount.value)) return fail(422, 'The amount is invalid')
        const method = (body.method as string | undefined) ?? null
        if (method && !METHODS.includes(method)) return fail(422, `The payment method is invalid: ${method}`)
        if (method === 'directdebit' && !body.consumerAccount) return fail(422, 'The consumer account is missing')
        const p: FakePayment = {
          id: newId('tr_'),
          amount,
          description: String(body.description ?? ''),
          method,
          metadata: body.metadata ?? null,
          // A one-off direct debit is collected without a checkout.
          status: method === 'directdebit' ? 'pending' : 'open',
          redirectUrl: String(body.redirectUrl ?? ''),
          webhookUrl: String(body.webhookUrl ?? ''),
          createdAt: new Date().toISOString(),
          refunds: [],
          chargebacks: [],
          consumerAccount: body.consumerAccount as string | undefined,
        }
        payments.set(p.id, p)
        return send(201, present(p))
      }
      const p = id ? payments.get(id) : undefined
      if (!p) return fail(404, `No payment exists with token ${id}.`)
      if (!sub && req.method === 'GET') return send(200, present(p))
      if (sub && req.method === 'GET') return send(200, list(sub as 'refunds' | 'chargebacks', p))
      if (sub === 'refunds' && req.method === 'POST') {
        const amount = body.amount as Amount
        const taken = p.refunds.reduce((s, r) => s + cents(r.amount.value), 0) + p.chargebacks.reduce((s, c) => s + cents(c.amount.value), 0)
        if (p.status !== 'paid') return fail(422, 'The payment is not paid')
        if (taken + cents(amount.value) > cents(p.amount.value)) return fail(422, 'The amount is higher than the amount that is refundable')
        const r = { id: newId('re_'), amount, status: 'pending', createdAt: new Date().toISOString() }
        p.refunds.push(r)
        return send(201, { resource: 'refund', id: r.id, amount, status: r.status, createdAt: r.createdAt, paymentId: p.id, _links: {} })
      }
      return fail(404, 'No such endpoint')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${base}/v2/`,
    cert: fs.readFileSync(cert, 'utf8'),
    apiKey,
    payments,
    requests,
    setStatus(id, status) {
      const p = payments.get(id)!
      p.status = status
      if (status === 'paid') p.paidAt = new Date().toISOString()
    },
    chargeback(id, c) {
      payments.get(id)!.chargebacks.push({ id: newId('chb_'), amount: { currency: payments.get(id)!.amount.currency, value: value(c) }, createdAt: new Date().toISOString() })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Makes @mollie/api-client trust the fake's certificate, certificate checks still on: the client builds its agent
 * with `new https.Agent({ ca })` on each client; while this runs, agents get the fake's certificate added to their
 * CAs. (NODE_TLS_REJECT_UNAUTHORIZED=0 cannot be set from inside a jest test: jest hands the test a copy of
 * process.env.) Returns the function that undoes it.
 */
export function trustFakeMollie(fake: FakeMollie): () => void {
  const RealAgent = https.Agent
  class TrustingAgent extends RealAgent {
    constructor(options?: https.AgentOptions) {
      const ca = options?.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca]
      super({ ...options, ca: [...ca, fake.cert] })
    }
  }
  ;(https as { Agent: typeof https.Agent }).Agent = TrustingAgent
  return () => {
    ;(https as { Agent: typeof https.Agent }).Agent = RealAgent
  }
}
