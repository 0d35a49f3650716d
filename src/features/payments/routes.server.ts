// The payments API (contracts.ts): each definition registered with route() (session rule, inputs validated by the
// definition's schemas, answer checked against its response schema). Decision 020.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import formbody from '@fastify/formbody'
import { eq } from 'drizzle-orm'
import type { Services } from '../../server/context.server'
import { ApiError } from '../../shared/api-errors'
import type { EndpointBody, EndpointDefinition, EndpointQuery, EndpointResponse } from '../../shared/endpoint'
import type { EndpointRequest } from '../../server/endpoint.server'
import type { Core, FeatureRouteOptions } from '../../server/core.server'
import { pick } from '../settings/index.server'
import { fictionalNotice } from '../../shared/fictional-notice'
import { accounts } from '../../db/schema'
import type { Account } from '../accounts/index.server'
import {
  creditsEndpoint,
  discountCodeEndpoint,
  createPaymentEndpoint,
  getPaymentEndpoint,
  paymentWebhookEndpoint,
  getRepeatOrderEndpoint,
  repeatOrderEndpoint,
  transactionsEndpoint,
  directDebitEndpoint,
  directDebitConfirmEndpoint,
  timeBonusEndpoint,
  testCheckoutEndpoint,
  testCheckoutSubmitEndpoint,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  type PaymentStatus,
} from './contracts'
import {
  PaymentError,
  buyerCountry,
  bundlesFor,
  createPayment,
  getPayment,
  lastPaidOrder,
  listTransactions,
  lookupCode,
  methodsFor,
  poolHasFictional,
  syncPayment,
  timeBonus,
  type NewPayment,
} from './payments.server'
import { publishBalance } from './ledger.server'
import { ProviderError, createMollieProvider, createTestProvider, type PaymentProvider, type TestProvider } from './provider.server'
import { attachPayment, confirmCode, phoneHint, startDirectDebit } from './direct-debit.server'
import { createDevMailboxSms, type SmsSender } from './sms.server'

export interface PaymentServices {
  provider: PaymentProvider
  /** Set when the built-in test provider is the provider. */
  testProvider?: TestProvider
  sms: SmsSender
}

const PER_SERVICES = new WeakMap<Services, PaymentServices>()

/** The provider of this install: Mollie with MOLLIE_API_KEY, else the built-in test provider. One per services. */
export function paymentServices(services: Services): PaymentServices {
  let found = PER_SERVICES.get(services)
  if (!found) {
    const { db } = services.database
    const { mollieApiKey, mollieApiUrl } = services.config
    const testProvider = mollieApiKey ? undefined : createTestProvider(db)
    const provider = mollieApiKey ? createMollieProvider({ apiKey: mollieApiKey, apiEndpoint: mollieApiUrl }) : testProvider!
    found = { provider, testProvider, sms: createDevMailboxSms(db) }
    PER_SERVICES.set(services, found)
  }
  return found
}

type Handler<E extends EndpointDefinition> = (
  req: EndpointRequest<E>,
  input: {
    query: EndpointQuery<E>
    body: EndpointBody<E>
    /** The member (endpoints with session 'member' only: route() refuses others first). */
    account: Account
    /** The member or undefined (session 'optional'). */
    viewer: Account | undefined
  },
) => Promise<EndpointResponse<E>>

/** route() with the payments' refusals (PaymentError, ProviderError) turned into the API's localized errors. */
function register<E extends EndpointDefinition>(app: FastifyInstance, route: Core['route'], def: E, handler: Handler<E>) {
  route(app, def, async (req) => {
    try {
      return await handler(req, { query: req.query as EndpointQuery<E>, body: req.body as EndpointBody<E>, account: req.ctx.account!, viewer: req.ctx.account })
    } catch (err) {
      throw toApiError(req, err)
    }
  })
}

function toApiError(req: FastifyRequest, err: unknown) {
  const { t } = req.ctx
  if (err instanceof PaymentError) return new ApiError(err.status, err.code, t(`payments_errors.${err.code}`, err.params), undefined, Object.keys(err.params).length ? { params: err.params } : undefined)
  if (err instanceof ProviderError) {
    req.log.warn(err.message)
    return new ApiError(502, 'provider_error', t('payments_errors.provider_error'))
  }
  return err
}

/** The buyer's notice that the site has fictional profiles, in the tenant's words in the request's language. */
function buyersNotice(req: FastifyRequest): string {
  const { tenant, lng, t } = req.ctx
  const words = (text: Parameters<typeof pick>[0]) => pick(text, lng, tenant.default_locale)
  return fictionalNotice(t, lng, { site: tenant.name, plural: words(tenant.fictional.plural), singular: words(tenant.fictional.singular) })
}

/** The site's address as the payer reached it: where the provider sends the payer back and its webhook calls. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host}`

export async function paymentRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, enforceLimit } = core
  const services = app.services
  const { db } = services.database
  const pay = paymentServices(services)
  // Mollie posts its webhook form-encoded (id=tr_...).
  await app.register(formbody)

  const country = (req: FastifyRequest, account: Account | undefined) => buyerCountry(db, req.ctx.tenant, account, req.ctx.country)
  /** The member as stored now (the session's copy may predate a purchase or a chargeback flag). */
  const fresh = async (account: Account) => (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0] ?? account

  const startPayment = async (req: FastifyRequest, account: Account, input: NewPayment) => {
    const { tenant, t } = req.ctx
    await enforceLimit(req, `payment:${account.id}`, 60, 3600)
    const created = await createPayment(
      {
        db,
        provider: pay.provider,
        tenant,
        account: await fresh(account),
        country: await country(req, account),
        origin: originOf(req),
        description: (credits) => t('payments.description', { credits, site: tenant.name }),
      },
      input,
    )
    return created
  }

  /** After the provider's word: act on it and tell the member's tabs about a new balance. */
  const sync = async (providerId: string) => {
    const result = await syncPayment(db, pay.provider, providerId)
    if (result.balance) await publishBalance(services.realtime, result.balance.accountId, result.balance)
    return result
  }

  register(app, route, creditsEndpoint, async (req, { viewer: account }) => {
    const { tenant } = req.ctx
    const c = await country(req, account)
    const current = account ? await fresh(account) : undefined
    return {
      bundles: bundlesFor(tenant, c),
      methods: methodsFor(tenant, c),
      country: c,
      premium_bundle: tenant.payments.premium_bundle,
      balance: current ? current.credits : null,
      paid_user: current ? current.paidUser : null,
      fictional_notice: (await poolHasFictional(db, tenant.pool)) ? buyersNotice(req) : null,
      refund_days: tenant.refund_days,
      direct_debit_limit_cents: tenant.payments.direct_debit_limit_cents,
    }
  })

  register(app, route, discountCodeEndpoint, async (req, { query, account }) => {
    const member = await fresh(account)
    return lookupCode(db, {
      tenant: req.ctx.tenant,
      account: member,
      country: await country(req, account),
      code: query.code,
      bundleId: query.bundle_id,
      method: query.method,
      welcome: query.welcome === 'true',
    })
  })

  register(app, route, createPaymentEndpoint, async (req, { body, account }) => {
    const created = await startPayment(req, account, { bundleId: body.bundle_id, method: body.method, discountCode: body.discount_code || undefined })
    return { payment_id: created.paymentId, checkout_url: created.checkoutUrl }
  })

  register(app, route, getPaymentEndpoint, async (req, { query, account }) => {
    const found = await getPayment(db, account, query.id)
    if (!found) throw new PaymentError('payment_not_found', 404)
    return found
  })

  register(app, route, paymentWebhookEndpoint, async (req, { body }) => {
    try {
      await sync(body.id)
    } catch (err) {
      // The provider could not be asked: a non-2xx makes it call again later.
      if (err instanceof ProviderError) throw new ApiError(503, 'provider_unavailable', req.ctx.t('errors.generic'))
      throw err
    }
    // Known or not, the provider hears 200 (an unknown id changes nothing and tells a prober nothing).
    return { ok: true as const }
  })

  register(app, route, getRepeatOrderEndpoint, async (req, { account }) => {
    const last = await lastPaidOrder(db, req.ctx.tenant, account, await country(req, account))
    if (!last) throw new PaymentError('no_previous_order', 404)
    return last
  })

  register(app, route, repeatOrderEndpoint, async (req, { account }) => {
    const last = await lastPaidOrder(db, req.ctx.tenant, account, await country(req, account))
    if (!last) throw new PaymentError('no_previous_order', 404)
    const created = await startPayment(req, account, { bundleId: last.bundle_id, method: last.method })
    return { payment_id: created.paymentId, checkout_url: created.checkoutUrl }
  })

  register(app, route, transactionsEndpoint, async (req, { query, account }) => {
    const transactions = await listTransactions(db, account, query.id)
    if (query.id !== undefined && transactions.length === 0) throw new PaymentError('payment_not_found', 404)
    return { transactions }
  })

  register(app, route, directDebitEndpoint, async (req, { body, account }) => {
    const { tenant, t, lng } = req.ctx
    const started = await startDirectDebit(db, { tenant, account: await fresh(account), country: await country(req, account), input: body })
    // At most 5 text messages an hour per member (counted when one would be sent).
    await enforceLimit(req, `directdebit:${account.id}`, 5, 3600)
    await pay.sms.send({ tenantId: tenant.id, to: started.phone, text: t('payments.sms_code', { site: tenant.name, code: started.code, lng }) })
    return { request_id: started.requestId, expires_in: started.expiresIn, phone_hint: phoneHint(started.phone) }
  })

  register(app, route, directDebitConfirmEndpoint, async (req, { body, account }) => {
    const { tenant } = req.ctx
    const member = await fresh(account)
    const confirmed = await confirmCode(db, { tenant, account: member, requestId: body.request_id, code: body.code })
    if (confirmed.paymentId !== null) return { payment_id: confirmed.paymentId }
    const r = confirmed.request
    const created = await startPayment(req, member, { bundleId: r.bundleId, method: 'sdd', directDebit: { consumerName: r.accountHolder, consumerAccount: r.iban } })
    await attachPayment(db, r.id, created.paymentId)
    // The test bank settles a direct debit at once: act on it now rather than only when its webhook call comes.
    if (pay.testProvider) await sync(created.providerId)
    return { payment_id: created.paymentId }
  })

  register(app, route, timeBonusEndpoint, async (_req, { viewer }) => {
    const bonus = timeBonus(viewer ? await fresh(viewer) : undefined)
    return { ...bonus, code: TIME_BONUS_CODE, percentage: TIME_BONUS_PERCENTAGE } as const
  })

  const testProvider = (req: FastifyRequest) => {
    if (!pay.testProvider) throw new ApiError(404, 'test_provider_disabled', req.ctx.t('payments_errors.test_provider_disabled'))
    return pay.testProvider
  }

  register(app, route, testCheckoutEndpoint, async (req, { query }) => {
    const row = await testProvider(req).find(query.id)
    if (!row) throw new PaymentError('payment_not_found', 404)
    return {
      payment_id: row.id,
      amount_cents: row.amountCents,
      currency: row.currency,
      method: row.method as NewPayment['method'],
      description: row.description,
      status: row.status as PaymentStatus,
      redirect_url: row.redirectUrl,
    }
  })

  register(app, route, testCheckoutSubmitEndpoint, async (req, { body }) => {
    const provider = testProvider(req)
    const row = await provider.find(body.payment_id)
    if (!row) throw new PaymentError('payment_not_found', 404)
    const done = await provider.choose(body.payment_id, body.outcome)
    if (!done) throw new PaymentError('payment_final', 409)
    return { redirect_url: done.redirectUrl, status: done.status }
  })
}
