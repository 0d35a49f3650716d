// The +data of the payment pages: what the page shows first, the payments endpoints' handlers called in process
// as the visitor (pageContext.services.call, decisions 011 and 026), so the page and the API share one set of
// rules and presenters.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { CreditsAnswer, DiscountAnswer, PaymentAnswer, RepeatOrderAnswer, TestCheckoutAnswer, TransactionsAnswer } from './payments-api'
import { returnParam } from './format'
import type { EndpointDefinition, EndpointInput, EndpointResponse } from '../../shared/endpoint'
import { creditsEndpoint, discountCodeEndpoint, getPaymentEndpoint, getRepeatOrderEndpoint, testCheckoutEndpoint, transactionsEndpoint } from './contracts'

async function apiGet<E extends EndpointDefinition<'GET'>>(pageContext: PageContextServer, def: E, input: EndpointInput<E>): Promise<{ status: number; body: EndpointResponse<E> | null }> {
  const res = await pageContext.services!.call(def, input)
  return { status: res.status, body: res.status === 200 ? res.body : null }
}

function fail(status: number): never {
  const known = [401, 403, 404, 410, 429] as const
  throw render((known as readonly number[]).includes(status) ? (status as (typeof known)[number]) : 500)
}

/** A discount code handed over in the address (?code=, the deletion flow's stay discount), as typed by a member. */
function codeParam(pageContext: PageContextServer): string | null {
  const code = pageContext.urlParsed.search.code?.trim()
  return code && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code.toUpperCase() : null
}

export interface CreditsPageData {
  credits: CreditsAnswer
  /** Where a purchase should lead back to (?return=, a path of this site). */
  returnTo: string | null
  code: string | null
}

/** /credits, /pricing and /premium: the bundles and methods for this visitor (also logged out). */
export async function creditsPageData(pageContext: PageContextServer): Promise<CreditsPageData> {
  const res = await apiGet(pageContext, creditsEndpoint, {})
  if (!res.body) fail(res.status)
  return { credits: res.body, returnTo: returnParam(pageContext.urlParsed.search) ?? null, code: codeParam(pageContext) }
}

export interface PayPageData extends CreditsPageData {
  bundleId: string
  /** The method of the address, when it is one of the methods offered here. */
  method: string | null
  /** The member's welcome code for this bundle, offered by itself (none: null; its failure is ignored, SPEC.md section 8). */
  welcome: DiscountAnswer | null
}

/** /credits/{id}/{paymentmethod?}: the bundle (404 for an unknown one) and the methods of the viewer's country. */
export async function payPageData(pageContext: PageContextServer): Promise<PayPageData> {
  const base = await creditsPageData(pageContext)
  const bundleId = pageContext.routeParams.id
  if (!base.credits.bundles.some((b) => b.id === bundleId)) throw render(404)
  const method = pageContext.routeParams.method ?? null
  if (method !== null && !(base.credits.methods as string[]).includes(method)) throw render(404)
  let welcome: DiscountAnswer | null = null
  if (pageContext.user && !base.code) {
    const res = await apiGet(pageContext, discountCodeEndpoint, { query: { welcome: 'true', bundle_id: bundleId } })
    if (res.body && res.body.status === 'active' && !res.body.expired) welcome = res.body
  }
  return { ...base, bundleId, method, welcome }
}

export interface TransactionPageData {
  payment: PaymentAnswer | null
  login_required: boolean
}

/** /transactions/{id}: the payment (the page polls it while it is not final); another member's id is a 404. */
export async function transactionPageData(pageContext: PageContextServer): Promise<TransactionPageData> {
  const id = Number(pageContext.routeParams.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw render(404)
  if (!pageContext.user) return { payment: null, login_required: true }
  const res = await apiGet(pageContext, getPaymentEndpoint, { query: { id } })
  if (res.body) return { payment: res.body, login_required: false }
  fail(res.status)
}

export interface TransactionsPageData {
  transactions: TransactionsAnswer['transactions'] | null
}

/** /transactions: the member's payments, newest first. */
export async function transactionsPageData(pageContext: PageContextServer): Promise<TransactionsPageData> {
  if (!pageContext.user) return { transactions: null }
  const res = await apiGet(pageContext, transactionsEndpoint, { query: {} })
  if (res.body) return { transactions: res.body.transactions }
  fail(res.status)
}

export interface TestCheckoutPageData {
  checkout: TestCheckoutAnswer
}

/** /checkout/test/{payment_id}: the test provider's payment (404 when unknown or when the test provider is off). */
export async function testCheckoutPageData(pageContext: PageContextServer): Promise<TestCheckoutPageData> {
  const id = pageContext.routeParams.id
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw render(404)
  const res = await apiGet(pageContext, testCheckoutEndpoint, { query: { id } })
  if (res.body) return { checkout: res.body }
  fail(res.status === 403 ? 404 : res.status)
}

export interface DirectDebitPageData extends CreditsPageData {
  /** The bundle chosen on the payment page (?bundle=), when it is one of the tenant's. */
  bundleId: string | null
}

/** /directdebit: the bundles to choose from and the one chosen before (?bundle=). */
export async function directDebitPageData(pageContext: PageContextServer): Promise<DirectDebitPageData> {
  const base = await creditsPageData(pageContext)
  const wanted = pageContext.urlParsed.search.bundle
  return { ...base, bundleId: base.credits.bundles.some((b) => b.id === wanted) ? wanted! : null }
}

export interface RepeatOrderPageData {
  /** The last paid order to repeat, or null when there is none (or for a visitor). */
  order: RepeatOrderAnswer | null
}

/** /credits/repeat-order: the member's last paid order at today's price. */
export async function repeatOrderPageData(pageContext: PageContextServer): Promise<RepeatOrderPageData> {
  if (!pageContext.user) return { order: null }
  const res = await apiGet(pageContext, getRepeatOrderEndpoint, {})
  if (res.body) return { order: res.body }
  if (res.status === 404 || res.status === 409 || res.status === 400) return { order: null }
  fail(res.status)
}
