// The console's payments (/admin/payments, issue 13): the orders and payments of the staff member's pools with
// filters, and a refund of a paid payment through its provider (decision 037 addendum). Handlers:
// routes.server.ts in this folder; the work: payments.server.ts in this folder.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** The payment states staff can filter by (the payments feature's states, decision 020). */
export const CONSOLE_PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'] as const

export const consolePaymentSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  tenant_id: z.string(),
  pool: z.string(),
  account_id: z.number(),
  email: z.string(),
  bundle_id: z.string(),
  credits: z.number(),
  provider: z.string(),
  method: z.string(),
  status: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  refunded_cents: z.number(),
  charged_back_cents: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
})
export type ConsolePayment = z.infer<typeof consolePaymentSchema>

export const paymentsListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments.php',
  summary: 'Payments of the staff member\'s pools, newest first (100 a page), by status, brand and member e-mail or id',
  session: 'staff',
  staffAction: 'payments.view',
  query: z.object({
    status: z.enum(CONSOLE_PAYMENT_STATUSES).optional(),
    tenant: z.string().max(60).optional(),
    q: z.string().trim().max(254).optional(),
    before: id.optional(),
  }),
  response: z.object({ payments: z.array(consolePaymentSchema) }),
  errors: [],
})

export const refundPaymentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payment-refund.php',
  summary: 'Refunds a paid payment at its provider, all that is left or a part (amount_cents), and takes its credits back through the ledger in proportion; a repeat of a full refund changes nothing',
  session: 'staff',
  staffAction: 'payments.refund',
  body: z.object({
    id,
    reason: z.string().trim().min(3).max(500),
    /** A partial refund: at most what is left (price less earlier refunds and chargebacks); absent: all that is left. */
    amount_cents: z.number().int().positive().max(100_000_000).optional(),
  }),
  response: z.object({ payment: consolePaymentSchema, applied: z.boolean(), credits_taken: z.number(), balance: z.number().nullable() }),
  errors: ['not_found', 'not_refundable', 'provider_error'],
})

export const PAYMENT_ENDPOINTS = [paymentsListEndpoint, refundPaymentEndpoint] as const
