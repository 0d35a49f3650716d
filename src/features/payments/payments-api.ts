// The browser's calls of the payment pages, typed by the endpoint contracts (contracts.ts): the answer types are
// derived from the definitions, never written by hand. Errors arrive as HttpError with the API's code and its
// localized message.
import { http } from '../../shared/http'
import type { EndpointInput, EndpointResponse } from '../../shared/endpoint'
import {
  creditsEndpoint,
  createPaymentEndpoint,
  directDebitConfirmEndpoint,
  directDebitEndpoint,
  discountCodeEndpoint,
  getPaymentEndpoint,
  getRepeatOrderEndpoint,
  repeatOrderEndpoint,
  testCheckoutEndpoint,
  testCheckoutSubmitEndpoint,
  timeBonusEndpoint,
  transactionsEndpoint,
  type PaymentMethod,
} from './contracts'

export type CreditsAnswer = EndpointResponse<typeof creditsEndpoint>
export type DiscountAnswer = EndpointResponse<typeof discountCodeEndpoint>
export type PaymentAnswer = EndpointResponse<typeof getPaymentEndpoint>
export type CreatedPayment = EndpointResponse<typeof createPaymentEndpoint>
export type RepeatOrderAnswer = EndpointResponse<typeof getRepeatOrderEndpoint>
export type TransactionsAnswer = EndpointResponse<typeof transactionsEndpoint>
export type TestCheckoutAnswer = EndpointResponse<typeof testCheckoutEndpoint>
export type TestCheckoutResult = EndpointResponse<typeof testCheckoutSubmitEndpoint>
export type TimeBonusAnswer = EndpointResponse<typeof timeBonusEndpoint>
export type DirectDebitStarted = EndpointResponse<typeof directDebitEndpoint>
export type DirectDebitConfirmed = EndpointResponse<typeof directDebitConfirmEndpoint>
export type DirectDebitInput = EndpointInput<typeof directDebitEndpoint>['body']
export type TestOutcome = EndpointInput<typeof testCheckoutSubmitEndpoint>['body']['outcome']

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export const loadCredits = () => http<CreditsAnswer>(creditsEndpoint.path)

/** A code checked for a bundle and method (its order has the price before and after). */
export const checkDiscount = (code: string, bundleId: string, method?: PaymentMethod) =>
  http<DiscountAnswer>(`${discountCodeEndpoint.path}${query({ code, bundle_id: bundleId, method })}`, { retries: 0 })


export const createPayment = (body: { bundle_id: string; method: PaymentMethod; discount_code?: string }) =>
  http<CreatedPayment>(createPaymentEndpoint.path, { method: 'POST', body })

export const loadPayment = (id: number) => http<PaymentAnswer>(`${getPaymentEndpoint.path}${query({ id })}`)

export const repeatOrder = () => http<CreatedPayment>(repeatOrderEndpoint.path, { method: 'POST', body: {} })

export const loadTransactions = () => http<TransactionsAnswer>(transactionsEndpoint.path)

export const startDirectDebit = (body: DirectDebitInput) => http<DirectDebitStarted>(directDebitEndpoint.path, { method: 'POST', body })
export const confirmDirectDebit = (body: { request_id: string; code: string }) => http<DirectDebitConfirmed>(directDebitConfirmEndpoint.path, { method: 'POST', body })

export const loadTimeBonus = () => http<TimeBonusAnswer>(timeBonusEndpoint.path)

export const loadTestCheckout = (id: string) => http<TestCheckoutAnswer>(`${testCheckoutEndpoint.path}${query({ id })}`)
export const submitTestCheckout = (paymentId: string, outcome: TestOutcome) =>
  http<TestCheckoutResult>(testCheckoutSubmitEndpoint.path, { method: 'POST', body: { payment_id: paymentId, outcome } })
