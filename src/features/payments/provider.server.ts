// Payment providers behind one interface: the built-in test provider (the default: its hosted checkout is a page
// of the site, its state a table) and Mollie (@mollie/api-client, with MOLLIE_API_KEY). A provider only creates
// payments, tells their state and refunds; what a state means for the member is decided in payments.server.ts.
import crypto from 'node:crypto'
import http from 'node:http'
import { eq, sql } from 'drizzle-orm'
import createMollieClient, { type MollieClient, PaymentMethod as MollieMethod } from '@mollie/api-client'
import type { Db } from '../../db/client.server'
import { testProviderPayments } from '../../db/schema'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import type { PaymentMethod } from '../../shared/tenant-schema'

/** The states a provider reports (Mollie's `canceled` and `authorized` are mapped to these). */
export type ProviderStatus = 'open' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired'

export interface ProviderMoney {
  /** In cents. */
  amount: number
  currency: string
}

export interface CreatePaymentInput extends ProviderMoney {
  method: PaymentMethod
  description: string
  redirectUrl: string
  webhookUrl: string
  metadata: Record<string, string | number>
  /** A one-off SEPA direct debit (method sdd) collects from this account. */
  directDebit?: { consumerName: string; consumerAccount: string }
}

export interface ProviderPayment {
  id: string
  status: ProviderStatus
  amount: ProviderMoney
  method: string | null
  refunds: { id: string; amount: number }[]
  chargebacks: { id: string; amount: number }[]
}

export interface PaymentProvider {
  name: 'test' | 'mollie'
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>
  /** undefined when the provider does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | undefined>
  refund(id: string, amount: number): Promise<{ id: string }>
}

export class ProviderError extends Error {}

// ---------------------------------------------------------------- the built-in test provider

export const TEST_WEBHOOK_JOB = 'payments.test-webhook'
/** Webhook calls are retried with the job worker's backoff, like a real provider's. */
const WEBHOOK_ATTEMPTS = 10
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Random, so a checkout address cannot be guessed: it is the payer's only key to the page. */
const newTestId = () => 'tr_test_' + Array.from(crypto.randomBytes(20), (b) => BASE62[b % 62]).join('')

export interface TestProvider extends PaymentProvider {
  name: 'test'
  /** The payer's choice on the hosted checkout; the webhook follows. Refused (undefined) once the payment is final. */
  choose(id: string, outcome: ProviderStatus): Promise<{ status: ProviderStatus; redirectUrl: string } | undefined>
  /** The bank reverses a paid payment (tests, and staff trying the flow). */
  chargeback(id: string, amount: number): Promise<{ id: string }>
  /** The checkout page's data. */
  find(id: string): Promise<typeof testProviderPayments.$inferSelect | undefined>
}

export function createTestProvider(db: Db): TestProvider {
  const notify = async (id: string, webhookUrl: string) => {
    await enqueueJob(db, TEST_WEBHOOK_JOB, { id, url: webhookUrl }, { maxAttempts: WEBHOOK_ATTEMPTS })
  }
  const find = async (id: string) => (await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id)))[0]
  return {
    name: 'test',
    find,
    async createPayment(input) {
      const id = newTestId()
      await db.insert(testProviderPayments).values({
        id,
        amountCents: input.amount,
        currency: input.currency,
        method: input.method,
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
      })
      // A direct debit needs no payer at a checkout: the mandate is given, the test bank collects at once.
      if (input.method === 'sdd') {
        await db.update(testProviderPayments).set({ status: 'paid', paidAt: new Date() }).where(eq(testProviderPayments.id, id))
        await notify(id, input.webhookUrl)
        return { id, checkoutUrl: input.redirectUrl }
      }
      return { id, checkoutUrl: `${new URL(input.redirectUrl).origin}/checkout/test/${id}` }
    },
    async getPayment(id) {
      const row = await find(id)
      if (!row) return undefined
      return {
        id,
        status: row.status as ProviderStatus,
        amount: { amount: row.amountCents, currency: row.currency },
        method: row.method,
        refunds: row.refunds.map((r) => ({ id: r.id, amount: r.amount_cents })),
        chargebacks: row.chargebacks.map((c) => ({ id: c.id, amount: c.amount_cents })),
      }
    },
    async choose(id, outcome) {
      // Only an open payment changes (one statement, so two clicks at once change it once).
      const res = (await db.execute(sql`
        update test_provider_payments set status = ${outcome}, paid_at = case when ${outcome} = 'paid' then now() else paid_at end
        where id = ${id} and status = 'open' returning webhook_url, redirect_url`)) as unknown as { rows: { webhook_url: string; redirect_url: string }[] }
      const row = res.rows[0]
      if (!row) return undefined
      await notify(id, row.webhook_url)
      // Real providers may call more than once: a second, later call must change nothing.
      if (outcome === 'paid') await enqueueJob(db, TEST_WEBHOOK_JOB, { id, url: row.webhook_url }, { maxAttempts: WEBHOOK_ATTEMPTS, runAt: new Date(Date.now() + 30_000) })
      return { status: outcome, redirectUrl: row.redirect_url }
    },
    async refund(id, amount) {
      return addReversal(id, amount, 'refunds', 're_test_')
    },
    async chargeback(id, amount) {
      return addReversal(id, amount, 'chargebacks', 'chb_test_')
    },
  }

  async function addReversal(id: string, amount: number, kind: 'refunds' | 'chargebacks', prefix: string) {
    const entry = { id: prefix + crypto.randomBytes(8).toString('hex'), amount_cents: amount, created_at: new Date().toISOString() }
    const column = sql.raw(kind)
    const res = (await db.execute(sql`
      update test_provider_payments set ${column} = ${column} || ${JSON.stringify([entry])}::jsonb
      where id = ${id} and status = 'paid'
        and (select coalesce(sum((r->>'amount_cents')::int), 0) from jsonb_array_elements(refunds || chargebacks) r) + ${amount} <= amount_cents
      returning webhook_url`)) as unknown as { rows: { webhook_url: string }[] }
    if (!res.rows[0]) throw new ProviderError(`cannot reverse ${amount} of payment ${id}`)
    await notify(id, res.rows[0].webhook_url)
    return { id: entry.id }
  }
}

/**
 * The test provider's webhook call: POST id=<payment id> form-encoded to the site's webhook, like Mollie. The test
 * provider is part of the site, so it calls the site's own listening port with the tenant's Host header (a
 * tenant's domain need not resolve to this machine). A non-2xx answer throws, and the job is retried.
 */
export function testWebhookHandler(opts: { port: number }): JobHandler {
  return async (payload) => {
    const url = new URL(String(payload.url))
    const body = `id=${encodeURIComponent(String(payload.id))}`
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: opts.port, method: 'POST', path: url.pathname, headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) }, timeout: 15_000 },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('timeout', () => req.destroy(new Error('webhook timed out')))
      req.on('error', reject)
      req.end(body)
    })
    if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`)
  }
}

// ---------------------------------------------------------------- Mollie

const TO_MOLLIE: Partial<Record<PaymentMethod, MollieMethod>> = {
  sdd: MollieMethod.directdebit,
  sct: MollieMethod.banktransfer,
  banktransfer: MollieMethod.banktransfer,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  creditcard: MollieMethod.creditcard,
  paypal: MollieMethod.paypal,
  applepay: MollieMethod.applepay,
  sofort: 'sofort' as MollieMethod,
  giropay: 'giropay' as MollieMethod,
  eps: MollieMethod.eps,
  blik: 'blik' as MollieMethod,
}

/** Mollie's status names to ours; `authorized` (captured later) counts as pending. */
export function mollieStatus(status: string): ProviderStatus {
  switch (status) {
    case 'paid':
      return 'paid'
    case 'canceled':
      return 'cancelled'
    case 'expired':
      return 'expired'
    case 'failed':
      return 'failed'
    case 'pending':
    case 'authorized':
      return 'pending'
    default:
      return 'open'
  }
}

const toValue = (cents: number) => (cents / 100).toFixed(2)
const toCents = (value: string) => Math.round(Number(value) * 100)

/** apiEndpoint: tests point it at a local fake of Mollie's API (it must be https). */
export function createMollieProvider(opts: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const client: MollieClient = createMollieClient({ apiKey: opts.apiKey, ...(opts.apiEndpoint ? { apiEndpoint: opts.apiEndpoint } : {}) })
  const wrap = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f()
    } catch (err) {
      throw new ProviderError(`mollie: ${(err as Error).message}`)
    }
  }
  return {
    name: 'mollie',
    async createPayment(input) {
      const method = TO_MOLLIE[input.method]
      const payment = await wrap(() =>
        client.payments.create({
          amount: { currency: input.currency, value: toValue(input.amount) },
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          ...(method ? { method } : {}),
          ...(input.directDebit ? { consumerName: input.directDebit.consumerName, consumerAccount: input.directDebit.consumerAccount } : {}),
        } as Parameters<MollieClient['payments']['create']>[0]),
      )
      // A direct debit has no checkout: the payer comes back to the result page at once.
      return { id: payment.id, checkoutUrl: payment.getCheckoutUrl() ?? input.redirectUrl }
    },
    async getPayment(id) {
      let payment
      try {
        payment = await client.payments.get(id)
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return undefined
        throw new ProviderError(`mollie: ${(err as Error).message}`)
      }
      // Lists only when the totals say there is something to list.
      const refunds = payment.amountRefunded && toCents(payment.amountRefunded.value) > 0 ? await wrap(() => client.paymentRefunds.page({ paymentId: id })) : []
      const chargebacks =
        payment.amountChargedBack && toCents(payment.amountChargedBack.value) > 0 ? await wrap(() => client.paymentChargebacks.page({ paymentId: id })) : []
      return {
        id: payment.id,
        status: mollieStatus(payment.status),
        amount: { amount: toCents(payment.amount.value), currency: payment.amount.currency },
        method: payment.method ?? null,
        refunds: [...refunds].filter((r) => r.status !== 'failed' && r.status !== 'canceled').map((r) => ({ id: r.id, amount: toCents(r.amount.value) })),
        chargebacks: [...chargebacks].map((c) => ({ id: c.id, amount: toCents(c.amount.value) })),
      }
    },
    async refund(id, amount) {
      const payment = await wrap(() => client.payments.get(id))
      const refund = await wrap(() => client.paymentRefunds.create({ paymentId: id, amount: { currency: payment.amount.currency, value: toValue(amount) } }))
      return { id: refund.id }
    },
  }
}
