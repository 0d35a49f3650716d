// SEPA direct debit: the account (IBAN validated with ibantools), the holder's address and a mobile number, then
// a 6-digit code by SMS that confirms the debit. Codes last 10 minutes and allow 3 tries; a member may debit up
// to the tenant's monthly limit, and an account flagged by a chargeback may not use direct debit. Decision 020.
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools'
import type { Db } from '../../db/client.server'
import { directDebitRequests } from '../../db/schema'
import { PaymentError, bundlesFor, directDebitThisMonth, methodsFor } from './payments.server'
import type { Tenant } from '../../shared/tenant-schema'
import type { Account } from '../accounts/index.server'

export const CODE_TTL_S = 600
export const MAX_TRIES = 3

const hashCode = (requestId: string, code: string) => crypto.createHash('sha256').update(`${requestId}:${code}`).digest('hex')

/** The IBAN in electronic format when valid and of a SEPA country, else undefined. */
export function normalizeIban(input: string): string | undefined {
  const iban = electronicFormatIBAN(input)
  if (!iban || !isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) return undefined
  return iban
}

/** A mobile number: digits with an optional leading +, 8 to 15 digits. */
export function normalizePhone(input: string): string | undefined {
  const compact = input.replace(/[\s().-]/g, '')
  return /^\+?\d{8,15}$/.test(compact) ? compact : undefined
}

/** +31612345678 -> +31 6 ••• ••• 78 style: the first 4 and the last 2 digits. */
export function phoneHint(phone: string): string {
  return `${phone.slice(0, 4)} ••• ••• ${phone.slice(-2)}`
}

export interface DirectDebitInput {
  bundle_id: string
  iban: string
  account_holder: string
  street: string
  house_number: string
  zip: string
  city: string
  phone: string
}

/** Checks everything that can be checked before the code, stores the request and returns the code to send. */
export async function startDirectDebit(db: Db, opts: { tenant: Tenant; account: Account; country: string; input: DirectDebitInput }) {
  const { tenant, account, country, input } = opts
  const bundle = bundlesFor(tenant, country).find((b) => b.id === input.bundle_id)
  if (!bundle) throw new PaymentError('bundle_not_found', 404)
  if (!methodsFor(tenant, country).includes('sdd')) throw new PaymentError('method_not_allowed', 422)
  if (account.paymentFlag) throw new PaymentError('account_blocked', 403)
  const iban = normalizeIban(input.iban)
  if (!iban) throw new PaymentError('iban_invalid', 400)
  const phone = normalizePhone(input.phone)
  if (!phone) throw new PaymentError('phone_invalid', 400)
  await checkLimit(db, tenant, account.id, bundle.amount_cents)
  const id = crypto.randomBytes(16).toString('hex')
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
  await db.insert(directDebitRequests).values({
    id,
    pool: account.pool,
    accountId: account.id,
    bundleId: bundle.id,
    amountCents: bundle.amount_cents,
    currency: bundle.currency,
    iban,
    accountHolder: input.account_holder,
    address: { street: input.street, house_number: input.house_number, zip: input.zip, city: input.city },
    phone,
    codeHash: hashCode(id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
  })
  return { requestId: id, code, phone, expiresIn: CODE_TTL_S, ibanDisplay: friendlyFormatIBAN(iban) ?? iban }
}

async function checkLimit(db: Db, tenant: Tenant, accountId: number, amountCents: number) {
  const used = await directDebitThisMonth(db, accountId)
  if (used + amountCents > tenant.payments.direct_debit_limit_cents) throw new PaymentError('limit_reached', 403)
}

type RequestRow = typeof directDebitRequests.$inferSelect

/**
 * Checks the code. The request row is locked, so parallel guesses count one by one: the third wrong one ends the
 * request. Returns the request to pay (status confirmed), or the earlier payment when confirmed before.
 */
export async function confirmCode(db: Db, opts: { tenant: Tenant; account: Account; requestId: string; code: string }): Promise<{ request: RequestRow; paymentId: number | null }> {
  const result = await db.transaction(async (tx) => {
    const res = (await tx.execute(sql`select id from direct_debit_requests where id = ${opts.requestId} and account_id = ${opts.account.id} for update`)) as unknown as { rows: unknown[] }
    if (res.rows.length === 0) return { error: new PaymentError('request_not_found', 404) }
    const [request] = await tx.select().from(directDebitRequests).where(eq(directDebitRequests.id, opts.requestId))
    if (request.status === 'confirmed') {
      // Confirmed before: its payment, or (a parallel confirm still making it) a refusal rather than a second debit.
      return request.paymentId !== null ? { request, paymentId: request.paymentId } : { error: new PaymentError('request_not_found', 409) }
    }
    if (request.status === 'failed' || request.tries >= MAX_TRIES) return { error: new PaymentError('too_many_tries', 429) }
    if (request.expiresAt.getTime() <= Date.now()) return { error: new PaymentError('code_expired', 410) }
    const given = Buffer.from(hashCode(request.id, opts.code.replace(/\s/g, '')))
    if (!crypto.timingSafeEqual(given, Buffer.from(request.codeHash))) {
      const tries = request.tries + 1
      await tx.update(directDebitRequests).set({ tries, status: tries >= MAX_TRIES ? 'failed' : 'waiting' }).where(eq(directDebitRequests.id, request.id))
      return { error: tries >= MAX_TRIES ? new PaymentError('too_many_tries', 429) : new PaymentError('code_invalid', 400, { left: MAX_TRIES - tries }) }
    }
    await tx.update(directDebitRequests).set({ status: 'confirmed' }).where(eq(directDebitRequests.id, request.id))
    return { request: { ...request, status: 'confirmed' }, paymentId: null as number | null, fresh: true }
  })
  // Thrown after the transaction, so a wrong try is counted (not rolled back).
  if ('error' in result && result.error) throw result.error
  const ok = result as { request: RequestRow; paymentId: number | null }
  if (ok.paymentId === null) {
    if (opts.account.paymentFlag) throw new PaymentError('account_blocked', 403)
    await checkLimit(db, opts.tenant, opts.account.id, ok.request.amountCents)
  }
  return ok
}

export async function attachPayment(db: Db, requestId: string, paymentId: number) {
  await db.update(directDebitRequests).set({ paymentId }).where(eq(directDebitRequests.id, requestId))
}
