// The browser's calls of the payment pages through the typed client (src/shared/api-client.ts): addresses, inputs
// and answer types come from the endpoint definitions (contracts.ts), never written by hand. Errors arrive as
// HttpError with the API's code and its localized message.
import { callEndpoint } from '../../shared/api-client'
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

export const loadCredits = () => callEndpoint(creditsEndpoint)

/** A code checked for a bundle and method (its order has the price before and after). */
export const checkDiscount = (code: string, bundleId: string, method?: PaymentMethod) =>
  callEndpoint(discountCodeEndpoint, { query: { code, bundle_id: bundleId, method } }, { retries: 0 })

export const createPayment = (body: { bundle_id: string; method: PaymentMethod; discount_code?: string }) => callEndpoint(createPaymentEndpoint, { body })

export const loadPayment = (id: number) => callEndpoint(getPaymentEndpoint, { query: { id } })

export const repeatOrder = () => callEndpoint(repeatOrderEndpoint)

export const startDirectDebit = (body: DirectDebitInput) => callEndpoint(directDebitEndpoint, { body })
export const confirmDirectDebit = (body: { request_id: string; code: string }) => callEndpoint(directDebitConfirmEndpoint, { body })

export const loadTimeBonus = () => callEndpoint(timeBonusEndpoint)

export const submitTestCheckout = (paymentId: string, outcome: TestOutcome) => callEndpoint(testCheckoutSubmitEndpoint, { body: { payment_id: paymentId, outcome } })
