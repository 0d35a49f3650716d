// The payments API as endpoint definitions (src/shared/endpoint.ts): credits and bundles, discount codes, payments
// and their webhook, repeat order, transactions, direct debit with an SMS code, the time bonus and the built-in test
// provider's hosted checkout. The server registers these, the pages call them; decision 020.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { PAYMENT_METHODS } from '../../shared/tenant-schema'
import { discountCodeSchema as sharedDiscountCodeSchema } from '../../shared/contracts'

export { PAYMENT_METHODS }
export type { PaymentMethod } from '../../shared/tenant-schema'

export const paymentMethodSchema = z.enum(PAYMENT_METHODS)

/**
 * A payment's state. open: created, the payer has not finished; pending: the payer finished, the provider has not
 * settled (the result page polls); paid: credits added; failed, cancelled, expired: final without credits;
 * refunded and charged_back: paid first, the credits were taken back (a refund or the bank's chargeback).
 */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES)
/** States after which the status never changes by itself (refunds and chargebacks aside). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back']

/** The outcomes a payer can choose on the test provider's hosted checkout page. */
export const TEST_CHECKOUT_OUTCOMES = ['paid', 'failed', 'cancelled', 'expired', 'open'] as const

/** The welcome code of the time bonus (SPEC section 9). */
export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_PERCENTAGE = 25
export const TIME_BONUS_SECONDS = 14_400
/** The balance at or below which the nav shows the low-balance badge. */
export const LOW_BALANCE = 10

const bundleId = z.string().regex(/^[a-z0-9-]{1,40}$/)
const cents = z.number().int()
const currency = z.string().length(3)
const isoDate = z.string()

// ---------------------------------------------------------------- credits and bundles

export const bundleSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  amount_cents: cents,
  currency,
  /** amount_cents / credits, rounded to a tenth of a cent. */
  price_per_credit_cents: z.number(),
  /** 0 to 3: the package colour. */
  colour_index: z.number().int().min(0).max(3),
  highlighted: z.boolean(),
  /** The bundle shown on /premium. */
  premium: z.boolean(),
})
export type Bundle = z.infer<typeof bundleSchema>

export const creditsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/credits.php',
  summary: "The tenant's credit bundles and payment methods for the viewer's country, and the member's balance",
  session: 'optional',
  response: z.object({
    bundles: z.array(bundleSchema),
    /** Methods enabled for the viewer's country (member's profile country, else GeoIP, else the tenant's first). */
    methods: z.array(paymentMethodSchema),
    country: z.string(),
    premium_bundle: z.string(),
    /** null for a visitor. */
    balance: z.number().int().nullable(),
    paid_user: z.boolean().nullable(),
    /**
     * When the tenant's pool has fictional profiles: the notice a buyer reads before paying, that the site has them,
     * how they are labelled and that physical contact with them is not possible (the viewer's language). Else null.
     */
    fictional_notice: z.string().nullable(),
    refund_days: z.number().int(),
    /** The monthly direct debit limit per member. */
    direct_debit_limit_cents: cents,
  }),
  errors: [],
})

// ---------------------------------------------------------------- discount codes

/**
 * SPEC section 3's discount code, the same shape as the deletion flow's stay discount (src/shared/contracts.ts):
 * minimum_order_value in the currency's units (12.5 = EUR 12.50, null: no minimum), validity in days from its
 * creation (null: never expires), expires an ISO date-time, paymentmethods null for all methods. `order` is
 * added with bundle_id: the price before and after the discount, in cents.
 */
export const discountCodeSchema = sharedDiscountCodeSchema.extend({
  /** active, used, disabled */
  status: z.enum(['active', 'used', 'disabled']),
  paymentmethods: z.array(paymentMethodSchema).nullable(),
  order: z
    .object({ bundle_id: z.string(), amount_cents: cents, discount_cents: cents, total_cents: cents, currency })
    .nullable(),
})
export type DiscountCode = z.infer<typeof discountCodeSchema>

export const DISCOUNT_ERRORS = [
  'code_not_found',
  'code_used',
  'code_expired',
  'minimum_order_value',
  'country_not_allowed',
  'method_not_allowed',
] as const

export const discountCodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/discountcode.php',
  summary: "Checks a discount code for a bundle and method, or gives the member's welcome code (welcome=true)",
  session: 'member',
  query: z.object({
    code: z.string().trim().min(1).max(64).optional(),
    bundle_id: bundleId.optional(),
    method: paymentMethodSchema.optional(),
    welcome: z.enum(['true', 'false']).optional(),
  }),
  response: discountCodeSchema,
  errors: [...DISCOUNT_ERRORS, 'bundle_not_found'],
})

// ---------------------------------------------------------------- payments

export const createPaymentBody = z.object({
  bundle_id: bundleId,
  method: paymentMethodSchema,
  discount_code: z.string().trim().max(64).optional(),
})
export const createPaymentResponse = z.object({
  payment_id: z.number().int(),
  /** Where to send the payer: the provider's checkout (the site's own /checkout/test/{id} for the test provider). */
  checkout_url: z.string(),
})

export const createPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/payment.php',
  summary: 'Creates an order and its payment with the provider; applies and reserves a discount code',
  session: 'member',
  body: createPaymentBody,
  response: createPaymentResponse,
  errors: ['bundle_not_found', 'method_not_allowed', 'provider_error', ...DISCOUNT_ERRORS],
})

export const paymentSchema = z.object({
  payment_id: z.number().int(),
  status: paymentStatusSchema,
  bundle_id: z.string(),
  credits: z.number().int(),
  amount_cents: cents,
  currency,
  method: paymentMethodSchema,
  created_at: isoDate,
  paid_at: isoDate.nullable(),
  /** A direct debit (sdd) payment or a repeat order of a stored mandate. */
  recurring: z.boolean(),
  /** The member's balance and tier now (so the result page can update the nav). */
  balance: z.number().int(),
  paid_user: z.boolean(),
  /** The discount code used, if any. */
  discount_code: z.string().nullable(),
})
export type Payment = z.infer<typeof paymentSchema>

export const getPaymentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payment.php',
  summary: "One of the member's payments (the result page polls it until final)",
  session: 'member',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: paymentSchema,
  errors: ['payment_not_found'],
})

/** The provider's webhook: only the provider's payment id, form-encoded (as Mollie sends it) or JSON. */
export const paymentWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/payment-webhook.php',
  summary: "The provider's notification: the server fetches the payment from the provider and acts on its state",
  session: 'none',
  body: z.object({ id: z.string().min(1).max(100) }),
  response: z.object({ ok: z.literal(true) }),
  /** provider_unavailable (503): the provider could not be asked; it calls again later. */
  errors: ['provider_unavailable'],
})

// ---------------------------------------------------------------- repeat order

export const repeatOrderSchema = z.object({ bundle_id: z.string(), credits: z.number().int(), method: paymentMethodSchema, amount_cents: cents, currency })

export const getRepeatOrderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/repeat-order.php',
  summary: "The member's last paid order (bundle, method, current price), to repeat in one step",
  session: 'member',
  response: repeatOrderSchema,
  errors: ['no_previous_order'],
})

export const repeatOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/repeat-order.php',
  summary: 'Buys the last paid bundle again with the last method (as POST /api/payment.php)',
  session: 'member',
  response: createPaymentResponse,
  errors: ['no_previous_order', 'bundle_not_found', 'method_not_allowed', 'provider_error'],
})

// ---------------------------------------------------------------- transactions

export const transactionSchema = z.object({
  payment_id: z.number().int(),
  bundle_id: z.string(),
  credits: z.number().int(),
  amount_cents: cents,
  currency,
  method: paymentMethodSchema,
  status: paymentStatusSchema,
  created_at: isoDate,
  paid_at: isoDate.nullable(),
})
export type Transaction = z.infer<typeof transactionSchema>

export const transactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions.php',
  summary: "The member's payments, newest first; with id only that one (404 when it is not the member's)",
  session: 'member',
  query: z.object({ id: z.coerce.number().int().positive().optional() }),
  response: z.object({ transactions: z.array(transactionSchema) }),
  errors: ['payment_not_found'],
})

// ---------------------------------------------------------------- direct debit

export const directDebitBody = z.object({
  bundle_id: bundleId,
  /** Spaces allowed; validated with ibantools. */
  iban: z.string().trim().min(1).max(50),
  account_holder: z.string().trim().min(2).max(100),
  street: z.string().trim().min(1).max(100),
  house_number: z.string().trim().min(1).max(20),
  zip: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  /** Mobile number for the SMS code, international or national. */
  phone: z.string().trim().min(6).max(30),
})

export const directDebitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/directdebit.php',
  summary: 'Starts a SEPA direct debit: validates the account and sends a 6-digit code by SMS',
  session: 'member',
  body: directDebitBody,
  response: z.object({
    request_id: z.string(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
    /** The number the code went to, partly hidden (+31 6 ••• ••• 78). */
    phone_hint: z.string(),
  }),
  errors: ['bundle_not_found', 'method_not_allowed', 'iban_invalid', 'phone_invalid', 'account_blocked', 'limit_reached', 'too_many_requests'],
})

export const directDebitConfirmEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/directdebit-confirm.php',
  summary: 'Confirms a direct debit with the SMS code and creates its payment',
  session: 'member',
  body: z.object({ request_id: z.string().min(1).max(64), code: z.string().trim().min(1).max(12) }),
  response: z.object({ payment_id: z.number().int() }),
  errors: ['code_invalid', 'code_expired', 'too_many_tries', 'request_not_found', 'limit_reached', 'account_blocked', 'provider_error', 'bundle_not_found', 'method_not_allowed'],
})

// ---------------------------------------------------------------- time bonus

export const timeBonusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/time-bonus.php',
  summary: 'The time bonus (SPEC section 9): visible for a non-paid member within 14400 s of signup',
  session: 'optional',
  response: z.object({
    visible: z.boolean(),
    /** 0 when not visible. */
    seconds_left: z.number().int(),
    code: z.literal(TIME_BONUS_CODE),
    percentage: z.literal(TIME_BONUS_PERCENTAGE),
  }),
  errors: [],
})

// ---------------------------------------------------------------- the test provider's hosted checkout

/** `payment_id` here is the test provider's own id (tr_test_...), the one in /checkout/test/{payment_id}. */
export const testCheckoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test-checkout.php',
  summary: "The test provider's checkout page data for one of its payments",
  session: 'none',
  query: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({
    payment_id: z.string(),
    amount_cents: cents,
    currency,
    method: paymentMethodSchema,
    description: z.string(),
    status: paymentStatusSchema,
    /** Where the page sends the payer after the choice (the site's /transactions/{id}). */
    redirect_url: z.string(),
  }),
  errors: ['payment_not_found', 'test_provider_disabled'],
})

export const testCheckoutSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/test-checkout.php',
  summary: "The payer's choice on the test checkout; the provider then calls the site's webhook",
  session: 'none',
  body: z.object({ payment_id: z.string().min(1).max(64), outcome: z.enum(TEST_CHECKOUT_OUTCOMES) }),
  response: z.object({ redirect_url: z.string(), status: paymentStatusSchema }),
  errors: ['payment_not_found', 'payment_final', 'test_provider_disabled'],
})

// ---------------------------------------------------------------- live event

/** Published to the member's tabs on every balance change (src/server/realtime.server.ts). */
export const balanceEventSchema = z.object({ type: z.literal('balance'), credits: z.number().int(), paid_user: z.boolean() })
export type BalanceEvent = z.infer<typeof balanceEventSchema>

export const paymentEndpoints = [
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
] as const
